// What the board draws of a hidden-information view (double-blind 18.0, hidden units 17.8,
// limited intelligence 17.9): generic markers, anonymous leaders, last-known outlines, stack
// sizes, own OPs and revealed counters, razvedka reports.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { GENERIC_MARKERS, chipLooks } from "../../static/games/js/board/counters.js";
import { indexHexes } from "../../static/games/js/board/geometry.js";
import { unitItems } from "../../static/games/js/board/layers.js";
import { opItems } from "../../static/games/js/board/overlays.js";
import { genericName } from "../../static/games/js/game/panels.js";

const MAP = {
  boards: [{ label: "A", columns: 3, rows: 2, at: [0, 0] }],
  hexes: [
    { hex: "A0101", q: 0, r: 0, terrain: "clear", elevation: 0 },
    { hex: "A0102", q: 0, r: 1, terrain: "town", elevation: 0 },
    { hex: "A0201", q: 1, r: 0, terrain: "clear", elevation: 1 },
  ],
  hexsides: [],
};
const INDEX = indexHexes(MAP);

/** Every text written on a drawn counter. */
function texts(item) {
  const out = [];
  const walk = (node) => {
    if (node.text !== undefined) out.push(String(node.text));
    for (const c of node.children ?? []) walk(c);
  };
  walk(item);
  return out;
}

function classes(item) {
  const out = [];
  const walk = (node) => {
    if (node.attrs?.class) out.push(...String(node.attrs.class).split(" "));
    for (const c of node.children ?? []) walk(c);
  };
  walk(item);
  return out;
}

describe("enemy counters known only in part", () => {
  test("a generic marker is a NATO frame of its kind with its type and no values (18.12)", () => {
    const [item] = unitItems([{ id: "u1a2b", own: false, side: "su", hex: "A0101", detail: "marker", marker: "armor" }], INDEX);
    assert.ok(classes(item).includes("nato-tank") && classes(item).includes("generic"));
    assert.deepEqual(texts(item), ["Armor"]);
    assert.ok(classes(item).includes("detail-marker"));
  });

  test("every generic type of the variant has a label, and all but the leader a symbol", () => {
    for (const m of ["infantry", "armor", "weapons", "armored_car", "armored_transport", "unarmored_transport"]) {
      assert.ok(GENERIC_MARKERS[m].label && GENERIC_MARKERS[m].symbol, m);
      assert.equal(genericName(m).length > 0, true);
    }
  });

  test("a lone leader is an anonymous leader counter: a star, no rank or values (18.6)", () => {
    const [item] = unitItems([{ id: "u9", own: false, side: "su", hex: "A0101", detail: "leader", leader: true }], INDEX);
    assert.deepEqual(texts(item), ["Leader"]);
    assert.ok(classes(item).includes("leader-star"));
  });

  test("a last-known position is a faded outline saying the turn it was last seen", () => {
    const [item] = unitItems([{ id: "u7", own: false, side: "su", hex: "A0102", detail: "last_known", marker: "infantry", turn: 4 }], INDEX);
    assert.ok(texts(item).includes("seen T4"));
    assert.equal(item.children[0].attrs["fill-opacity"], 0.4);
  });

  test("the top counter of a stack under limited intelligence shows how many are there (17.9)", () => {
    const [item] = unitItems([{ id: "u3", own: false, side: "su", hex: "A0101", detail: "marker", marker: "infantry", stack: 3 }], INDEX);
    assert.ok(texts(item).includes("3"));
    assert.ok(classes(item).includes("stack-badge"));
    const [single] = unitItems([{ id: "u4", own: false, side: "su", hex: "A0101", detail: "marker", marker: "infantry", stack: 1 }], INDEX);
    assert.ok(!classes(single).includes("stack-badge"));
  });
});

describe("own counters and observation points", () => {
  test("an own counter the enemy has revealed says SEEN when its view says so, and only then", () => {
    const seen = { kind: "seen", label: "SEEN", title: "Seen by the enemy", severity: "warning" };
    assert.deepEqual(chipLooks({ own: true, revealed: true, chips: [seen] }).map((c) => c.text), ["SEEN"]);
    assert.deepEqual(chipLooks({ own: false, revealed: true, chips: [] }), []);
  });

  test("each own OP gets an eye in its hex, none for a hex off the map", () => {
    const items = opItems(["A0101", "A0201", "Z9999"], INDEX);
    assert.deepEqual(items.map((i) => i.attrs["data-op"]), ["A0101", "A0201"]);
    assert.equal(items[0].attrs["pointer-events"], "none");
  });
});
