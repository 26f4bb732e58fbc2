import { test } from "node:test";
import assert from "node:assert/strict";

import { endingChoices } from "../../static/games/js/game/endings.js";

const types = (lines) => lines.flatMap((l) => l.commands.map((c) => c.cmd.type));
const names = { ge: "German", su: "Soviet" };
const sideName = (id) => names[id];

test("with no offer a player may offer a draw, and abort only before any move", () => {
  assert.deepEqual(types(endingChoices({ seat: "ge-1", side: "ge", version: 1 })), ["offer_draw", "abort"]);
  assert.deepEqual(types(endingChoices({ seat: "ge-1", side: "ge", version: 7 })), ["offer_draw"]);
  assert.deepEqual(endingChoices({ seat: null, side: null, version: 1 }), []);
});

test("a game the server never lets be aborted (a tournament game) offers no abort", () => {
  const refused = "a tournament game cannot be aborted: offer a draw or resign";
  assert.deepEqual(types(endingChoices({ seat: "ge-1", side: "ge", version: 1, abortRefused: refused })), ["offer_draw"]);
});

test("a partner's offer asks the player to agree, and the player's own waits for the rest", () => {
  const offer = { by: "ge", stands: false, agreed: ["ge-1"], waiting: ["ge-2", "su-1", "su-2"] };
  const partner = endingChoices({ offers: [offer], seat: "ge-2", side: "ge", version: 3, sideName });
  assert.deepEqual(types(partner), ["offer_draw", "decline_draw"]);
  const mine = endingChoices({ offers: [offer], seat: "ge-1", side: "ge", version: 3, sideName });
  assert.equal(mine[0].text, "Your side offers a draw: waiting for 3 more answers.");
  assert.deepEqual(types(mine), ["decline_draw"]);
});

test("the other side's standing offer is accepted or declined", () => {
  const offer = { by: "ge", stands: true, agreed: ["ge-1"], waiting: ["su-1"] };
  const lines = endingChoices({ offers: [offer], seat: "su-1", side: "su", version: 3, sideName });
  assert.equal(lines[0].text, "The German side offers a draw.");
  assert.deepEqual(types(lines), ["accept_draw", "decline_draw"]);
});
