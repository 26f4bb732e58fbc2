// The turn banner's segment (issue 50): counted within the turn, not on across the game.

import assert from "node:assert/strict";
import { test } from "node:test";
import { segmentWords } from "../../static/games/js/game/panels.js";

test("turn 2's third segment reads 'segment 3', not the game's 22nd", () => {
  assert.equal(segmentWords({ turn: 2, segment: 21, turn_segment: 3 }), ", segment 3");
});

test("outside the action phase no segment is named", () => {
  assert.equal(segmentWords({ turn: 2, segment: 21, turn_segment: null }), "");
});
