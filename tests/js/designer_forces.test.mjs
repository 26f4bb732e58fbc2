// The designer's forces: formations for team play, leaders' names, off-board support.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { placeReinforcement, placeUnit } from "../../static/games/js/designer/document.js";
import {
  addFormation, addSupport, formationsOf, removeFormation, removeSupport, supportOf,
} from "../../static/games/js/designer/forces.js";

const PG = "panzer_grenadier";
const PL = "panzer_leader";

function pgDoc() {
  return {
    boards: { board1: { id: "board1", legend: { ".": "clear" }, terrain: ["....", "...."], elevation: ["0000", "0000"], columns: 4, rows: 2 } },
    map: { boards: [{ board: "board1", label: "A", at: [0, 0] }] },
    sides: [{ id: "attacker", name: "Attacker" }, { id: "defender", name: "Defender" }],
    units: [],
  };
}

describe("formations and leaders", () => {
  test("a formation is made for a side and its counters are placed in it", () => {
    let doc = addFormation(pgDoc(), "attacker", "1st Company");
    doc = addFormation(doc, "attacker", "1st Company");
    assert.deepEqual(doc.formations.map((f) => f.id), ["1st-company", "1st-company-2"]);
    doc = placeUnit(PG, doc, "A0101", "ge_ldr_cpt_a", "attacker", { formation: "1st-company", name: " Hauptmann Brandt " });
    doc = placeReinforcement(PG, doc, "A0401", "ge_rifle", "attacker", 2, { formation: "1st-company-2" });
    doc = placeUnit(PG, doc, "A0102", "ge_rifle", "attacker", { formation: "", name: "" });
    assert.deepEqual(doc.units[0], { id: "attacker-ge_ldr_cpt_a-1", type: "ge_ldr_cpt_a", side: "attacker", hex: "A0101", formation: "1st-company", name: "Hauptmann Brandt" });
    assert.equal(doc.units[1].formation, "1st-company-2");
    assert.deepEqual(Object.keys(doc.units[2]), ["id", "type", "side", "hex"]);
    assert.deepEqual(formationsOf(doc, "attacker").map((f) => f.units), [1, 1]);
    assert.deepEqual(formationsOf(doc, "defender"), []);
  });

  test("taking a formation away leaves its counters on the map, in none", () => {
    let doc = addFormation(pgDoc(), "defender", "Rifle battalion");
    doc = placeUnit(PG, doc, "A0101", "su_rifle", "defender", { formation: "rifle-battalion" });
    const after = removeFormation(doc, "rifle-battalion");
    assert.deepEqual(after.formations, []);
    assert.equal(after.units.length, 1);
    assert.equal("formation" in after.units[0], false);
    assert.equal(doc.units[0].formation, "rifle-battalion");
  });

  test("Panzer Leader's forces take no formation", () => {
    const doc = placeUnit(PL, { forces: [] }, "N-A-1", "us_m4", "allied", { formation: "x", name: "y" });
    assert.deepEqual(doc.forces, [{ side: "allied", type: "us_m4", at: ["N-A-1"], count: 1 }]);
  });
});

describe("support from off the map", () => {
  test("artillery increments and air sorties go in each side's special rule", () => {
    let doc = addSupport(PG, pgDoc(), { kind: "artillery", side: "attacker", name: "105mm battalion", strength: "16", fromTurn: "2", toTurn: "" });
    doc = addSupport(PG, doc, { kind: "artillery", side: "attacker", name: "105mm battalion", strength: 8 });
    doc = addSupport(PG, doc, { kind: "air", side: "defender", name: "Il-2 flight", strength: 6, fromTurn: 3, toTurn: 5 });
    assert.deepEqual(doc.special_rules, [
      { rule: "offboard_artillery", side: "attacker", text: "Off-board artillery", increments: [
        { id: "attacker-105mm-battalion", name: "105mm battalion", strength: 16, from_turn: 2 },
        { id: "attacker-105mm-battalion-2", name: "105mm battalion", strength: 8 }] },
      { rule: "air_support", side: "defender", text: "Air support", sorties: [
        { id: "defender-il-2-flight", name: "Il-2 flight", direct_fire: 6, from_turn: 3, to_turn: 5 }] },
    ]);
    assert.deepEqual(supportOf(PG, doc).map((x) => [x.kind, x.side, x.strength]), [["artillery", "attacker", 16], ["artillery", "attacker", 8], ["air", "defender", 6]]);
    const less = removeSupport(PG, doc, "defender-il-2-flight");
    assert.deepEqual(less.special_rules.map((r) => r.rule), ["offboard_artillery"]);
    assert.equal(doc.special_rules.length, 2);
  });

  test("other special rules are left alone, and an unknown kind changes nothing", () => {
    const doc = { ...pgDoc(), special_rules: [{ rule: "note", text: "Mud." }] };
    assert.deepEqual(addSupport(PG, doc, { kind: "naval", side: "attacker", strength: 3 }), doc);
    assert.deepEqual(addSupport(PL, doc, { kind: "air", side: "allied", strength: 3 }), doc);
    assert.deepEqual(removeSupport(PG, doc, "x").special_rules, [{ rule: "note", text: "Mud." }]);
  });
});
