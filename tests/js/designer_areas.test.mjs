// The designer's set-up areas (D-SETUP-1): hexes drawn for a side, and counters its player
// will place there, kept in the Panzer Grenadier document's `sides[].setup_areas`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { areaAt, areaHexes, placeInArea, toggleAreaHex } from "../../static/games/js/designer/areas.js";

const PG = "panzer_grenadier";

function pgDoc() {
  return {
    sides: [{ id: "attacker", name: "Attacker" }, { id: "defender", name: "Defender" }],
    units: [], victory: { hexes: [], decision: { method: "most_points" } },
  };
}

describe("set-up areas in a Panzer Grenadier document", () => {
  test("a click adds a hex to the side's area of that name, a second click takes it away", () => {
    const empty = pgDoc();
    let doc = toggleAreaHex(PG, empty, "A0603", "defender", "Village");
    doc = toggleAreaHex(PG, doc, "A0604", "defender", "Village");
    assert.deepEqual(doc.sides[1].setup_areas, [{ name: "Village", hexes: ["A0603", "A0604"], units: [] }]);
    assert.equal(empty.sides[1].setup_areas, undefined, "the input is left as it was");
    doc = toggleAreaHex(PG, doc, "A0603", "defender", "Village");
    assert.deepEqual(doc.sides[1].setup_areas[0].hexes, ["A0604"]);
    assert.deepEqual(areaHexes(PG, doc), ["A0604"]);
  });

  test("a counter set up in an area has no hex and is listed with the area", () => {
    let doc = toggleAreaHex(PG, pgDoc(), "A0604", "defender", "Village");
    doc = placeInArea(PG, doc, "A0604", "su_rifle", "defender");
    assert.deepEqual(doc.units, [{ id: "defender-su_rifle-1", type: "su_rifle", side: "defender" }]);
    assert.deepEqual(areaAt(doc, "A0604", "defender").units, ["defender-su_rifle-1"]);
    assert.equal(placeInArea(PG, doc, "A0101", "su_rifle", "defender"), null, "no area there");
    assert.equal(placeInArea(PG, doc, "A0604", "ge_rifle", "attacker"), null, "not the attacker's area");
  });

  test("an area left with no hex is gone, with the counters it held", () => {
    let doc = toggleAreaHex(PG, pgDoc(), "A0604", "defender", "Village");
    doc = placeInArea(PG, doc, "A0604", "su_rifle", "defender");
    doc = toggleAreaHex(PG, doc, "A0604", "defender", "Village");
    assert.equal(doc.sides[1].setup_areas, undefined);
    assert.deepEqual(doc.units, []);
  });

  test("Panzer Leader documents have no set-up areas to draw", () => {
    const doc = pgDoc();
    assert.equal(toggleAreaHex("panzer_leader", doc, "N-A-1", "defender", "Village"), doc);
    assert.deepEqual(areaHexes("panzer_leader", doc), []);
  });
});
