// The designer's document edits: each format keeps a hex's terrain, counters and objectives.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  cellOf, objectiveMarkers, paintElevation, paintTerrain, placeUnit, problemMarks, removeUnitsAt,
  setField, terrainChoices, toggleObjective, unitsOf, withBoard, placeReinforcement, entryMarkers,
  linkOf, toggleHexside, toggleRoad, elevationChoices, problemHexes, boardToKeep, addBoard,
} from "../../static/games/js/designer/document.js";
import { setSide } from "../../static/games/js/designer/sides.js";

const PG = "panzer_grenadier";
const PL = "panzer_leader";

function pgDoc() {
  return {
    boards: { board1: { id: "board1", legend: { ".": "clear", t: "town" }, terrain: ["....", "...."], elevation: ["0000", "0000"] } },
    map: { boards: [{ board: "board1", label: "A", at: [0, 0] }] },
    sides: [{ id: "attacker", name: "Attacker" }, { id: "defender", name: "Defender" }],
    units: [], victory: { hexes: [], decision: { method: "most_points" } },
  };
}

function plDoc() {
  return {
    boards: { N: { id: "N", terrain: ["....", "...."], elevation: ["0000", "0000"] } },
    map: [{ board: "N", at: [0, 0] }],
    sides: [{ id: "allied", name: "Allied" }, { id: "german", name: "German" }],
    forces: [], victory: { attacker: "allied", objectives: [], levels: {} },
  };
}

describe("the designer's document edits", () => {
  test("a printed label names its board cell in each format", () => {
    assert.deepEqual(cellOf(PG, pgDoc(), "A0302"), { boardId: "board1", col: 2, row: 1 });
    assert.deepEqual(cellOf(PL, plDoc(), "N-C-2"), { boardId: "N", col: 2, row: 1 });
    assert.equal(cellOf(PG, pgDoc(), "B0101"), null);
  });

  test("painting changes one hex and leaves the input document alone", () => {
    const before = pgDoc();
    const after = paintTerrain(PG, before, "A0302", "t");
    assert.deepEqual(after.boards.board1.terrain, ["....", "..t."]);
    assert.deepEqual(before.boards.board1.terrain, ["....", "...."]);
    assert.deepEqual(paintElevation(PL, plDoc(), "N-A-1", 2).boards.N.elevation, ["2000", "0000"]);
  });

  test("placed counters show on the board and go when their hex is cleared", () => {
    let doc = placeUnit(PG, pgDoc(), "A0101", "ge_rifle", "attacker");
    doc = placeUnit(PG, doc, "A0101", "ge_rifle", "attacker");
    assert.deepEqual(doc.units.map((u) => u.id), ["attacker-ge_rifle-1", "attacker-ge_rifle-2"]);
    assert.equal(unitsOf(PG, doc).length, 2);
    assert.deepEqual(removeUnitsAt(PG, doc, "A0101").units, []);
    let pl = placeUnit(PL, plDoc(), "N-B-1", "us_m4", "allied");
    pl = placeUnit(PL, pl, "N-C-1", "us_m4", "allied");
    assert.deepEqual(unitsOf(PL, pl).map((u) => u.hex), ["N-B-1", "N-C-1"]);
    assert.deepEqual(removeUnitsAt(PL, pl, "N-B-1").forces.map((f) => f.at), [["N-C-1"]]);
  });

  test("an objective toggles on and off", () => {
    const on = toggleObjective(PL, plDoc(), "N-D-2");
    assert.deepEqual(objectiveMarkers(PL, on), [{ hex: "N-D-2", markers: ["objective"] }]);
    assert.deepEqual(toggleObjective(PL, on, "N-D-2").victory.objectives, []);
    assert.equal(toggleObjective(PG, pgDoc(), "A0101", 3).victory.hexes[0].points, 3);
  });

  test("words are set as text, turns as a number", () => {
    const doc = setSide(setField(pgDoc(), "turns", "7"), "defender", "briefing", "<b>Hold</b>");
    assert.equal(doc.turns, 7);
    assert.equal(doc.sides[1].briefing, "<b>Hold</b>");
  });

  test("the brush offers a board's legend or Panzer Leader's letters", () => {
    assert.deepEqual(terrainChoices(PG, pgDoc()).map((t) => t.char), [".", "t"]);
    assert.ok(terrainChoices(PL, plDoc()).some((t) => t.name === "stream"));
  });

  test("problems with a hex become marks on it", () => {
    const marks = problemMarks([{ hex: "A0101" }, { hex: "A0101" }, { hex: null }]);
    assert.deepEqual(marks, [{ hex: "A0101", label: "⚠ 2", kind: "problem" }]);
  });

  test("a kept board replaces the blank one, copied into the document", () => {
    const drawing = { id: "kessel", legend: { ".": "clear" }, terrain: ["."], elevation: ["0"] };
    const doc = withBoard(PG, pgDoc(), drawing);
    assert.deepEqual(Object.keys(doc.boards), ["kessel"]);
    assert.deepEqual(doc.map.boards, [{ board: "kessel", label: "A", at: [0, 0] }]);
    drawing.terrain[0] = "t";
    assert.equal(doc.boards.kessel.terrain[0], ".");
    assert.deepEqual(withBoard(PL, plDoc(), { id: "A", terrain: ["."], elevation: ["0"] }).map, [{ board: "A", at: [0, 0] }]);
  });

  test("a reinforcement enters on its turn at a hex of its edge", () => {
    const doc = { ...pgDoc(), boards: { board1: { ...pgDoc().boards.board1, columns: 4, rows: 2 } } };
    const pg = placeReinforcement(PG, doc, "A0401", "su_t34_76", "defender", "3");
    assert.deepEqual(pg.units[0], { id: "defender-su_t34_76-1", type: "su_t34_76", side: "defender", entry_turn: 3, entry_edge: "E", entry_hex: "A0401" });
    assert.deepEqual(unitsOf(PG, pg), []);
    assert.deepEqual(entryMarkers(PG, pg), [{ hex: "A0401", markers: ["entry"] }]);
    const pl = placeReinforcement(PL, plDoc(), "N-A-2", "us_m4", "allied", 2);
    assert.deepEqual(pl.forces[0], { side: "allied", type: "us_m4", count: 1, entry_turn: 2, entry: ["N-A-2"] });
    assert.deepEqual(entryMarkers(PL, pl), [{ hex: "N-A-2", markers: ["entry"] }]);
    assert.deepEqual(removeUnitsAt(PG, pg, "A0401").units, []);
    assert.deepEqual(removeUnitsAt(PL, pl, "N-A-2").forces, []);
  });

  test("two hexes link only as neighbours on one drawn board, with the side between them", () => {
    // Odd-q: column 2 (0-based 1) is shoved down, so A0101's SE neighbour is A0201.
    assert.equal(linkOf(PG, pgDoc(), "A0101", "A0201").side, "SE");
    assert.equal(linkOf(PG, pgDoc(), "A0201", "A0101").side, "NW");
    assert.equal(linkOf(PG, pgDoc(), "A0101", "A0102").side, "S");
    assert.equal(linkOf(PG, pgDoc(), "A0101", "A0301"), null);
    assert.equal(linkOf(PL, plDoc(), "N-B-1", "N-A-2").side, "SW");
    assert.equal(linkOf(PL, plDoc(), "N-A-1", "N-C-1"), null);
  });

  test("a stream is drawn on a Panzer Grenadier hexside and taken away from either side", () => {
    const before = pgDoc();
    const drawn = toggleHexside(PG, before, "A0101", "A0201", "stream");
    assert.deepEqual(drawn.boards.board1.hexsides, [{ hex: "0101", side: "SE", feature: "stream" }]);
    assert.equal(before.boards.board1.hexsides, undefined);
    const bridged = toggleHexside(PG, drawn, "A0201", "A0101", "bridge");
    assert.equal(bridged.boards.board1.hexsides.length, 2);
    const gone = toggleHexside(PG, bridged, "A0201", "A0101", "stream");
    assert.deepEqual(gone.boards.board1.hexsides, [{ hex: "0201", side: "NW", feature: "bridge" }]);
    assert.deepEqual(toggleHexside(PG, pgDoc(), "A0101", "A0401", "stream"), pgDoc());
  });

  test("a Panzer Leader hexside keeps its symbols together, the entry going with the last", () => {
    const cliff = toggleHexside(PL, plDoc(), "N-A-1", "N-A-2", "cliff");
    assert.deepEqual(cliff.boards.N.hexsides, [{ a: [0, 0], b: [0, 1], features: ["cliff"] }]);
    const both = toggleHexside(PL, cliff, "N-A-2", "N-A-1", "ridge");
    assert.deepEqual(both.boards.N.hexsides[0].features, ["cliff", "ridge"]);
    const one = toggleHexside(PL, both, "N-A-1", "N-A-2", "cliff");
    assert.deepEqual(one.boards.N.hexsides, [{ a: [0, 0], b: [0, 1], features: ["ridge"] }]);
    assert.deepEqual(toggleHexside(PL, one, "N-A-1", "N-A-2", "ridge").boards.N.hexsides, []);
  });

  test("roads are drawn hex to hex and a stretch taken out cuts its path in two", () => {
    let doc = pgDoc();
    doc.boards.board1.roads = [{ kind: "road", hexes: ["0101", "0201", "0301", "0401"] }];
    doc = toggleRoad(PG, doc, "A0301", "A0201", "road");
    assert.deepEqual(doc.boards.board1.roads, [{ kind: "road", hexes: ["0101", "0201"] }, { kind: "road", hexes: ["0301", "0401"] }]);
    doc = toggleRoad(PG, doc, "A0201", "A0202", "trail");
    assert.deepEqual(doc.boards.board1.roads.at(-1), { kind: "trail", hexes: ["0201", "0202"] });
    let pl = toggleRoad(PL, plDoc(), "N-A-1", "N-B-1");
    assert.deepEqual(pl.boards.N.roads, [[[0, 0], [1, 0]]]);
    pl = toggleRoad(PL, pl, "N-B-1", "N-A-1");
    assert.deepEqual(pl.boards.N.roads, []);
  });

  test("each game offers its own levels", () => {
    assert.deepEqual(elevationChoices(PL).map((e) => e.level), ["0", "1", "2"]);
    assert.equal(elevationChoices(PL)[2].name, "2 hilltop");
    assert.equal(elevationChoices(PG).length, 10);
  });

  test("a counter on the map is named by the document or the catalogue, not by its type id", () => {
    const doc = placeUnit(PG, placeUnit(PG, pgDoc(), "A0101", "ge_rifle", "attacker"), "A0102", "su_rifle", "defender");
    doc.units[1].name = "3rd Company";
    const counters = { ge_rifle: { name: "Grenadier platoon" }, su_rifle: { name: "Rifle platoon" } };
    assert.deepEqual(unitsOf(PG, doc, counters).map((u) => u.name), ["Grenadier platoon", "3rd Company"]);
    const pl = placeUnit(PL, plDoc(), "N-A-1", "us_m4", "allied");
    assert.equal(unitsOf(PL, pl, { us_m4: { name: "M4 Sherman" } })[0].name, "M4 Sherman");
  });

  test("a board's own problem is marked where the document lays that board", () => {
    const offBoard = { field: "boards.board1.hexsides[0].side", hex: "0101", rule: "0.0 The map: boards" };
    assert.deepEqual(problemHexes(PG, pgDoc(), offBoard), ["A0101"]);
    assert.deepEqual(problemMarks([offBoard], PG, pgDoc()), [{ hex: "A0101", label: "⚠ 1", kind: "problem" }]);
    const twice = { ...pgDoc(), map: { boards: [{ board: "board1", label: "A", at: [0, 0] }, { board: "board1", label: "B", at: [1, 0] }] } };
    assert.deepEqual(problemHexes(PG, twice, offBoard), ["A0101", "B0101"]);
    assert.deepEqual(problemHexes(PG, pgDoc(), { field: "units[0].hex", hex: "A0909" }), ["A0909"]);
    assert.deepEqual(problemHexes(PL, plDoc(), { field: "forces[2].at", hex: "N-G-4" }), ["N-G-4"]);
    assert.deepEqual(problemHexes(PG, pgDoc(), { field: "boards.board1.terrain[2]", hex: null }), []);
  });

  test("a board kept for reuse takes an id and a name from the name given, in each format", () => {
    const pg = boardToKeep(PG, pgDoc(), "  Sokolovo crossing ");
    assert.deepEqual([pg.id, pg.name, pg.terrain], ["sokolovo-crossing", "Sokolovo crossing", ["....", "...."]]);
    const pl = boardToKeep(PL, plDoc(), "Hill 112");
    assert.deepEqual([pl.id, pl.title, pl.name], ["Hill112", "Hill 112", undefined]);
    assert.equal(boardToKeep(PG, pgDoc(), "  "), null);
    assert.equal(boardToKeep(PG, { boards: {} }, "x"), null);
  });

  test("a full-size Panzer Leader board's columns past Z read AA, BB …", () => {
    assert.deepEqual(cellOf(PL, plDoc(), "N-AA-3"), { boardId: "N", col: 26, row: 2 });
    assert.deepEqual(cellOf(PL, plDoc(), "N-GG-11"), { boardId: "N", col: 32, row: 10 });
    assert.equal(cellOf(PL, plDoc(), "N-AB-3"), null);
  });

  test("a board joins the map east or south, labelled as each game labels its boards", () => {
    const doc = { ...pgDoc(), boards: { board1: { ...pgDoc().boards.board1, columns: 4, rows: 2 } } };
    const south = addBoard(PG, doc, "south");
    assert.deepEqual(south.map.boards.at(-1), { board: "board2", label: "B", at: [0, 1] });
    assert.deepEqual(south.boards.board2.terrain, ["....", "...."]);
    assert.equal(south.boards.board2.name, "Board 2");
    assert.deepEqual(cellOf(PG, south, "B0302"), { boardId: "board2", col: 2, row: 1 });
    const east = addBoard(PG, south, "east", { id: "kessel", legend: { ".": "clear" }, terrain: ["...."], elevation: ["0000"] });
    assert.deepEqual(east.map.boards.at(-1), { board: "kessel", label: "C", at: [1, 0] });
    assert.deepEqual(addBoard(PG, east, "east", { id: "kessel" }), east); // one board id once
    const pl = { ...plDoc(), boards: { N: { ...plDoc().boards.N, columns: 4, rows: 2 } } };
    const plEast = addBoard(PL, pl, "east");
    assert.deepEqual(plEast.map.at(-1), { board: "N2", at: [4, 0] });
    assert.deepEqual(addBoard(PL, plEast, "south").map.at(-1), { board: "N3", at: [0, 2] });
    assert.deepEqual(cellOf(PL, plEast, "N2-B-1"), { boardId: "N2", col: 1, row: 0 });
  });
});
