// The designer's set-up areas (D-SETUP-1, PL-E1): hexes drawn for a side, and counters its
// player will place there, kept in the document's `sides[].setup_areas` in both games.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { areaAt, areaHexes, placeInArea, toggleAreaHex } from "../../static/games/js/designer/areas.js";
import { plUnitIds, removeUnitsAt } from "../../static/games/js/designer/document.js";

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

});

// Panzer Leader keeps the counters of an area as forces with neither set-up hexes nor an
// entry turn, named in the area by the ids the game gives them (PL-E1).
const PL = "panzer_leader";

function plDoc() {
  return {
    sides: [{ id: "allied", name: "Allied" }, { id: "german", name: "German" }],
    forces: [{ side: "german", type: "de_rifle", at: ["N-G-4"], count: 1 }],
    victory: { attacker: "allied", objectives: [] },
  };
}

describe("set-up areas in a Panzer Leader document", () => {
  test("an area is drawn the same way, and its counters are forces named by the game's ids", () => {
    let doc = toggleAreaHex(PL, plDoc(), "N-G-3", "german", "Village");
    doc = toggleAreaHex(PL, doc, "N-H-4", "german", "Village");
    doc = placeInArea(PL, doc, "N-H-4", "de_rifle", "german");
    doc = placeInArea(PL, doc, "N-G-3", "de_mg", "german");
    assert.deepEqual(doc.forces.slice(1), [
      { side: "german", type: "de_rifle", count: 1 }, { side: "german", type: "de_mg", count: 1 }]);
    // The rifle set up on N-G-4 is ge-rifle-1: the area's rifle is the second of its type.
    assert.deepEqual(doc.sides[1].setup_areas, [{ name: "Village", hexes: ["N-G-3", "N-H-4"], units: ["ge-rifle-2", "ge-mg-1"] }]);
    assert.deepEqual(plUnitIds(doc), [["ge-rifle-1"], ["ge-rifle-2"], ["ge-mg-1"]]);
    assert.deepEqual(areaHexes(PL, doc), ["N-G-3", "N-H-4"]);
    assert.equal(placeInArea(PL, doc, "N-G-3", "us_m4", "allied"), null, "not the Allies' area");
  });

  test("taking counters off a hex renumbers the area's counters of that type", () => {
    let doc = toggleAreaHex(PL, plDoc(), "N-G-3", "german", "Village");
    doc = placeInArea(PL, doc, "N-G-3", "de_rifle", "german");
    doc = removeUnitsAt(PL, doc, "N-G-4");
    assert.deepEqual(doc.forces, [{ side: "german", type: "de_rifle", count: 1 }]);
    assert.deepEqual(doc.sides[1].setup_areas[0].units, ["ge-rifle-1"]);
  });

  test("`loaded` follows the renumbering, and a pair whose counter is gone goes with it", () => {
    const doc = {
      ...plDoc(),
      forces: [
        { side: "allied", type: "us_halftrack", at: ["N-A-1"], count: 1 },
        { side: "allied", type: "us_halftrack", at: ["N-A-2"], count: 1 },
        { side: "allied", type: "us_rifle", at: ["N-A-2"], count: 1 },
      ],
      loaded: [{ carrier: "al-halftrack-2", passenger: "al-rifle-1" }],
    };
    const out = removeUnitsAt(PL, doc, "N-A-1");
    assert.deepEqual(out.loaded, [{ carrier: "al-halftrack-1", passenger: "al-rifle-1" }]);
    assert.deepEqual(removeUnitsAt(PL, doc, "N-A-2").loaded, []);
  });

  test("an area left with no hex is gone, with its forces, and the rest keep their names", () => {
    let doc = toggleAreaHex(PL, plDoc(), "N-A-2", "german", "Wood");
    doc = placeInArea(PL, doc, "N-A-2", "de_rifle", "german");
    doc = toggleAreaHex(PL, doc, "N-G-3", "german", "Village");
    doc = placeInArea(PL, doc, "N-G-3", "de_rifle", "german");
    assert.deepEqual(doc.sides[1].setup_areas[1].units, ["ge-rifle-3"]);
    doc = toggleAreaHex(PL, doc, "N-A-2", "german", "Wood");
    assert.equal(doc.forces.length, 2);
    assert.deepEqual(doc.sides[1].setup_areas, [{ name: "Village", hexes: ["N-G-3"], units: ["ge-rifle-2"] }]);
  });
});
