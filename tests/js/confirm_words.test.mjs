// What the confirmation says of taking a command back (issue 50): a move Undo last move may
// take back never reads "This cannot be taken back".
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { takingBack } from "../../static/games/js/game/actionsview.js";

describe("the confirm's words on taking back", () => {
  test("a Panzer Grenadier move points to Undo last move (D-UNDO-1)", () => {
    const words = takingBack("move", "panzer_grenadier");
    assert.match(words, /Undo last move takes it back/);
    assert.doesNotMatch(words, /cannot be taken back/);
  });
  test("a Panzer Leader move, which has no undo, and any fire cannot be taken back", () => {
    assert.equal(takingBack("move", "panzer_leader"), "This cannot be taken back.");
    assert.equal(takingBack("fire", "panzer_grenadier"), "This cannot be taken back.");
  });
});
