// The lobby's words (issue 50): a game card's badges and the visitors line.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { badgeWords } from "../../static/games/js/lobby/cards.js";
import { visitorsLine } from "../../static/games/js/lobby/online.js";

describe("a game card's badges", () => {
  test("a double-blind game is not also 'no optional rules'", () => {
    const words = badgeWords({ double_blind: true, optional_rules: [], spectators: "public" }, (id) => id);
    assert.ok(words.includes("double-blind"));
    assert.ok(!words.includes("no optional rules"));
  });
  test("a game with no optional rule at all says so", () => {
    assert.ok(badgeWords({ optional_rules: [], spectators: "public" }, (id) => id).includes("no optional rules"));
  });
});

describe("the visitors line", () => {
  test("with nobody signed in it is a count, not 'and 1 visitor'", () => {
    assert.equal(visitorsLine({ users: [], visitors: 1 }), "1 visitor");
  });
  test("under a list of names it goes on from them", () => {
    assert.equal(visitorsLine({ users: ["ann"], visitors: 2 }), "and 2 visitors");
    assert.equal(visitorsLine({ users: ["ann"], visitors: 0 }), null);
  });
});
