// The game page's pure parts: where the text view puts each legal command, the log keeping
// every line a late spectator may read, and the keys the focus is found again by.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { commandKey } from "../../static/games/js/game/legal.js";
import { Logbook } from "../../static/games/js/game/logview.js";
import { placeCommands } from "../../static/games/js/game/textview.js";

describe("the text view's actions", () => {
  const groups = {
    pass: [{ type: "pass" }],
    activate: [
      { type: "activate", kind: "unit", unit: "su-1" },
      { type: "activate", kind: "stack", hex: "A0305" },
    ],
    move: [
      { type: "move", unit: "su-1", path: ["A0304"] },
      { type: "move", units: ["su-2", "su-1"], path: ["A0304"] },
    ],
    fire: [{ type: "fire", firers: ["su-2"], leader: "su-ldr", target: "A0507" }],
    load: [{ type: "load", unit: "su-3", transport: "su-truck" }],
    opportunity_fire: [{ type: "opportunity_fire", firers: ["su-4"], target: "ge-1" }],
  };

  test("each command sits under the unit acting first, a stack's activation under its hex, the rest at the top", () => {
    const placed = placeCommands(groups);
    assert.deepEqual(placed.global.map((c) => c.type), ["pass", "opportunity_fire"]);
    assert.deepEqual(placed.byHex.get("A0305").map((c) => c.kind), ["stack"]);
    assert.deepEqual(placed.byUnit.get("su-1").map((c) => c.type), ["activate", "move"]);
    assert.deepEqual(placed.byUnit.get("su-2").map((c) => c.type), ["move", "fire"]);
    assert.deepEqual(placed.byUnit.get("su-3").map((c) => c.type), ["load"]);
    const all = [...placed.global, ...[...placed.byHex.values()].flat(), ...[...placed.byUnit.values()].flat()];
    assert.equal(all.length, Object.values(groups).flat().length, "every legal command is offered once");
  });

  test("a command's key is the same for the same command written in another order", () => {
    assert.equal(commandKey({ type: "move", unit: "a", path: ["A0101"] }), commandKey({ path: ["A0101"], unit: "a", type: "move" }));
    assert.notEqual(commandKey({ type: "move", unit: "a", path: ["A0101"] }), commandKey({ type: "move", unit: "a", path: ["A0102"] }));
  });
});

describe("the log keeps everything", () => {
  const line = (v) => ({ v, event: { type: "passed", side: v % 2 ? "ge" : "su" } });

  test("a late spectator's whole log is kept, however long, and patches add to it once", () => {
    let drawn = null;
    const book = new Logbook({ draw: (entries) => (drawn = entries) });
    book.add([line(4000)], 4000); // a patch before the log arrived waits for it
    book.loaded(Array.from({ length: 3999 }, (_, i) => line(i + 1)), 3999);
    assert.equal(drawn.length, 4000);
    assert.equal(drawn[0].v, 1);
    book.add([line(4000)], 4000); // seen already
    book.add([line(4001)], 4001);
    assert.equal(drawn.length, 4001);
    book.between(2, "flagged", "Soviet ran out of time.");
    assert.equal(drawn[2].event.type, "clock");
    assert.equal(drawn.length, 4002);
  });
});
