// The fire table's column in the same words on the map, in the confirmation and in the log
// (issue 50): the column as the printed chart heads it, the column the fire value falls in and
// the shift, all from the server's one attack situation (combat/situation.py).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { describeEvent } from "../../static/games/js/game/log.js";
import { explainPreview, overlayMarks } from "../../static/games/js/game/odds.js";

// A fire value of 8 with one shift right, as the server previews it and logs its column.
const ODDS = {
  legal: true, value: 8, value_parts: [], shifts: [{ shift: 1, reason: "adjacent", rule: "10.3" }],
  base_column: "7", net_shift: 1, applied_shift: 1, column: "11", any_effect: 0.33, probabilities: { M: { p: 0.33 }, "-": { p: 0.67 } },
};
const EVENT = { type: "column", base_column: "7", net_shift: 1, applied_shift: 1, column: "11", provisional: false };

describe("the fire table's column", () => {
  test("the confirmation and the log say the same: column 11, the 7 column shifted +1", () => {
    const row = explainPreview({ odds: ODDS }).rows.find(([k]) => k === "column");
    assert.equal(row[1], "11: the 7 column, net shift +1");
    assert.equal(describeEvent(EVENT), "Column 11: the 7 column, net shift +1.");
  });

  test("a shift past the cap says what was applied", () => {
    const capped = { ...EVENT, base_column: "16", net_shift: 5, applied_shift: 3, column: "45+" };
    assert.equal(describeEvent(capped), "Column 45+: the 16 column, net shift +5, +3 applied (10.3).");
  });

  test("the map's label counts the other commands at the hex in words, never as a '+2' that reads as a shift", () => {
    const fire = { type: "fire", target: "A0102" };
    const opts = { moves: new Map(), targets: new Map([["A0102", [fire, { type: "fire", target: "A0102", firers: ["b"] }, { type: "assault", target: "A0102" }]]]) };
    const [mark] = overlayMarks(opts, (cmd) => (cmd === fire ? { odds: ODDS } : null)).targets;
    assert.equal(mark.label, "col 11 · 33% · 2 more");
  });
});
