// The lobby's words (issue 50): a game card's badges and the visitors line.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { badgeWords, tickCardClocks } from "../../static/games/js/lobby/cards.js";
import { visitorsLine } from "../../static/games/js/lobby/online.js";
import { refusalParts } from "../../static/games/js/lobby/refusal.js";

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

test("the lobby's running clocks count down, and a face that reads the same is not written again", () => {
  const writes = [];
  const face = (deadline, scale, text) => ({
    dataset: { deadline, scale: String(scale) },
    get textContent() { return text; },
    set textContent(value) { writes.push(value); text = value; },
  });
  const now = Date.parse("2026-03-02T09:00:00+00:00");
  const live = face("2026-03-02T09:05:00+00:00", 300, "5:00");
  const postal = face("2026-03-05T09:00:00+00:00", 259200, "2 d 23 h");
  const root = { querySelectorAll: (selector) => (selector === ".card-time[data-running='1']" ? [live, postal] : []) };
  tickCardClocks(root, now + 1000);
  assert.deepEqual(writes, ["4:59"]); // the postal clock still reads 2 d 23 h
  tickCardClocks(root, now + 3600_000 + 1000);
  assert.deepEqual(writes, ["4:59", "0:00", "2 d 22 h"]);
});

describe("a refusal in the lobby's notice", () => {
  test("too many games against bots: the words, then a link to each game to finish or resign", () => {
    const body = {
      code: "bot/too_many_games", message: "You already have 2 games against bots going.",
      games: [{ id: "a", title: "Meeting at Kesselbach", side: "German", url: "/games/a/" }, { id: "b", title: "Night Raid", url: "/games/b/" }],
    };
    assert.deepEqual(refusalParts(body, 409), [
      "You already have 2 games against bots going.", " Your games against bots: ",
      { href: "/games/a/", text: "Meeting at Kesselbach (German)" }, ", ", { href: "/games/b/", text: "Night Raid" }, ".",
    ]);
  });
  test("any other refusal is its message alone, and a link off the site is never made", () => {
    assert.deepEqual(refusalParts({ code: "game/over", message: "the game is finished" }, 409), ["the game is finished"]);
    assert.deepEqual(refusalParts({ message: "no", games: [{ title: "x", url: "//evil.example/" }] }, 409), ["no"]);
    assert.deepEqual(refusalParts(null, 503), ["refused (503)"]);
  });
});
