// The designer's sides and victory: each side's name, nationality, initiative, morale and
// briefing, who goes first, the objectives' points and holders, the decision (Panzer
// Grenadier) and the levels (Panzer Leader, 23.4), in the formats' own fields.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { toggleObjective } from "../../static/games/js/designer/document.js";
import {
  decisionOf, firstSideOf, nationalityChoices, objectivesOf, setAttacker, setDecision, setDecisionMethod, setExit,
  setFirstSide, setLevel, setLoss, setObjective, setSetupLast, setSide, setVictoryWords,
} from "../../static/games/js/designer/sides.js";

const PG = "panzer_grenadier";
const PL = "panzer_leader";

const pgDoc = () => ({
  first_side: "attacker",
  sides: [
    { id: "attacker", name: "Attacker", nationality: "german", initiative: 3, morale: 8, briefing: "" },
    { id: "defender", name: "Defender", nationality: "soviet", initiative: 2, morale: 7, briefing: "" },
  ],
  victory: { hexes: [], decision: { method: "most_points" } },
});

const plDoc = () => ({
  sides: [{ id: "allied", name: "Allied", nationality: "us" }, { id: "german", name: "German", nationality: "german" }],
  control: {},
  victory: { attacker: "allied", objectives: [], levels: { decisive: 6, tactical: 4, marginal: 2 } },
});

describe("a side", () => {
  test("takes its name, nationality, ratings, set-up order and briefing", () => {
    const before = pgDoc();
    let doc = setSide(before, "defender", "name", "Guards Rifles");
    doc = setSide(doc, "defender", "nationality", "german");
    doc = setSide(doc, "defender", "initiative", "4");
    doc = setSide(doc, "defender", "morale", " 9 ");
    doc = setSide(doc, "defender", "sets_up", "first");
    doc = setSide(doc, "defender", "briefing", "<b>Hold</b>");
    assert.deepEqual(doc.sides[1], { id: "defender", name: "Guards Rifles", nationality: "german", initiative: 4, morale: 9, briefing: "<b>Hold</b>", sets_up: "first" });
    assert.deepEqual(doc.sides[0], before.sides[0]);
    assert.equal(before.sides[1].name, "Defender"); // the input is left be
    assert.equal("sets_up" in setSide(doc, "defender", "sets_up", "").sides[1], false);
  });

  test("a rating that is no whole number goes in as typed, for the check to name", () => {
    assert.equal(setSide(pgDoc(), "attacker", "initiative", "").sides[0].initiative, "");
    assert.equal(setSide(pgDoc(), "attacker", "morale", "7.5").sides[0].morale, "7.5");
    assert.equal(setSide(pgDoc(), "attacker", "initiative", "9").sides[0].initiative, 9);
  });

  test("its nationality is one of the game's counters', or named as none of them", () => {
    const counters = { a: { nationality: "us" }, b: { nationality: "german" }, c: { nationality: "us" } };
    const doc = setSide(plDoc(), "allied", "nationality", "martian");
    assert.deepEqual(nationalityChoices(counters, doc), [
      { id: "german", name: "German" }, { id: "us", name: "American" }, { id: "martian", name: "martian (no counters of the game)" },
    ]);
  });
});

describe("who goes first and who attacks", () => {
  test("Panzer Grenadier names its first side", () => {
    const doc = setFirstSide(PG, pgDoc(), "defender");
    assert.equal(doc.first_side, "defender");
    assert.equal(firstSideOf(PG, doc), "defender");
    assert.deepEqual(doc.sides, pgDoc().sides);
  });

  test("Panzer Leader lists the side that moves first first", () => {
    const doc = setFirstSide(PL, plDoc(), "german");
    assert.deepEqual(doc.sides.map((s) => s.id), ["german", "allied"]);
    assert.equal(firstSideOf(PL, doc), "german");
    assert.deepEqual(setAttacker(doc, "german").victory, { ...plDoc().victory, attacker: "german" });
    assert.equal(setSetupLast(doc, "allied").setup_last, "allied");
    assert.equal("setup_last" in setSetupLast(setSetupLast(doc, "allied"), ""), false);
  });

  test("Panzer Leader's levels are whole numbers as typed", () => {
    const doc = setLevel(setLevel(plDoc(), "decisive", "9"), "marginal", "x");
    assert.deepEqual(doc.victory.levels, { decisive: 9, tactical: 4, marginal: "x" });
  });
});

describe("objectives", () => {
  test("a Panzer Grenadier objective takes its points, name, holder and scorer", () => {
    let doc = toggleObjective(PG, pgDoc(), "A0604");
    doc = setObjective(PG, doc, "A0604", "points", "5");
    doc = setObjective(PG, doc, "A0604", "name", " The mill ");
    doc = setObjective(PG, doc, "A0604", "holder", "defender");
    doc = setObjective(PG, doc, "A0604", "scorer", "attacker");
    assert.deepEqual(doc.victory.hexes, [{ hex: "A0604", points: 5, holder: "defender", name: "The mill", sides: ["attacker"] }]);
    assert.deepEqual(objectivesOf(PG, doc), [{ hex: "A0604", name: "The mill", points: 5, holder: "defender", scorer: "attacker" }]);
    doc = setObjective(PG, doc, "A0604", "holder", "");
    doc = setObjective(PG, doc, "A0604", "scorer", "");
    doc = setObjective(PG, doc, "A0604", "name", "");
    assert.deepEqual(doc.victory.hexes, [{ hex: "A0604", points: 5, holder: null }]);
    assert.equal(setObjective(PG, doc, "A0604", "points", "-1").victory.hexes[0].points, -1);
  });

  test("a Panzer Leader objective is held at the start as `control` says, worth 2", () => {
    let doc = toggleObjective(PL, plDoc(), "N-G-4");
    doc = setObjective(PL, doc, "N-G-4", "holder", "german");
    assert.deepEqual(doc.control, { "N-G-4": "german" });
    assert.deepEqual(objectivesOf(PL, doc), [{ hex: "N-G-4", name: "", points: 2, holder: "german", scorer: "allied" }]);
    assert.deepEqual(setObjective(PL, doc, "N-G-4", "holder", "").control, {});
    assert.deepEqual(setObjective(PL, doc, "N-G-4", "points", "5"), doc); // 23.4 fixes its worth
  });
});

describe("Panzer Grenadier's decision", () => {
  test("each method keeps only its own fields", () => {
    let doc = setDecisionMethod(pgDoc(), "threshold");
    assert.deepEqual(decisionOf(doc), { method: "threshold", side: "attacker", at_least: 1 });
    doc = setDecision(setDecision(setDecision(doc, "side", "defender"), "at_least", "12"), "draw_at_least", "8");
    assert.deepEqual(doc.victory.decision, { method: "threshold", side: "defender", at_least: 12, draw_at_least: 8 });
    assert.deepEqual(setDecision(doc, "draw_at_least", "").victory.decision, { method: "threshold", side: "defender", at_least: 12 });
    assert.deepEqual(setDecisionMethod(doc, "margin").victory.decision, { method: "margin", at_least: 12 });
    assert.deepEqual(setDecisionMethod(doc, "most_points").victory.decision, { method: "most_points" });
  });

  test("points for losses: a step's rate stands beside the others, and none leaves no entry", () => {
    let doc = setLoss(pgDoc(), "defender", "per_afv_step", "2");
    assert.deepEqual(doc.victory.losses, [{ side: "defender", per_afv_step: 2, per_step: 0 }]);
    doc = setLoss(doc, "defender", "per_step", "1");
    doc = setLoss(doc, "attacker", "per_leader", "2");
    assert.deepEqual(doc.victory.losses.map((l) => [l.side, l.per_step, l.per_leader]), [["defender", 1, undefined], ["attacker", 0, 2]]);
    doc = setLoss(setLoss(doc, "defender", "per_afv_step", ""), "defender", "per_step", "");
    assert.deepEqual(doc.victory.losses.map((l) => l.side), ["attacker"]);
    assert.equal("losses" in setLoss(doc, "attacker", "per_leader", "").victory, false);
  });

  test("points for leaving by an edge: one edge a side", () => {
    let doc = setExit(pgDoc(), "attacker", "points_per_step", "3");
    assert.equal(doc.victory.exit, undefined); // no edge yet, nothing to score
    doc = setExit(setExit(doc, "attacker", "edge", "E"), "attacker", "points_per_step", "2");
    assert.deepEqual(doc.victory.exit, [{ side: "attacker", edge: "E", points_per_step: 2 }]);
    doc = setExit(doc, "attacker", "edge", "S");
    assert.deepEqual(doc.victory.exit, [{ side: "attacker", edge: "S", points_per_step: 2 }]);
    assert.equal("exit" in setExit(doc, "attacker", "edge", "").victory, false);
  });

  test("how it is won, in words; emptied, the words go", () => {
    const doc = setVictoryWords(pgDoc(), "Hold the mill.");
    assert.equal(doc.victory.description, "Hold the mill.");
    assert.equal("description" in setVictoryWords(doc, "  ").victory, false);
  });
});
