// Railways: drawn by the board where a game's map lists them (Panzer Leader, PL-E28), edited
// by the designer as hex-to-hex links like roads, and never offered for Panzer Grenadier.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { center, indexHexes } from "../../static/games/js/board/geometry.js";
import { railwayItems, roadItems } from "../../static/games/js/board/layers.js";
import { ROAD_KINDS, toggleRoad } from "../../static/games/js/designer/document.js";

const PG = "panzer_grenadier";
const PL = "panzer_leader";

const HEXES = [
  { hex: "N-A-1", q: 0, r: 0, terrain: "clear" },
  { hex: "N-B-1", q: 1, r: 0, terrain: "clear" },
  { hex: "N-C-1", q: 2, r: -1, terrain: "clear" },
];
const INDEX = indexHexes({ hexes: HEXES });

function plDoc() {
  return {
    boards: { N: { id: "N", terrain: ["....", "...."], elevation: ["0000", "0000"], roads: [] } },
    map: [{ board: "N", at: [0, 0] }],
    sides: [{ id: "allied", name: "Allied" }, { id: "german", name: "German" }],
    forces: [], victory: { attacker: "allied", objectives: [], levels: {} },
  };
}

function pgDoc() {
  return {
    boards: { board1: { id: "board1", legend: { ".": "clear" }, terrain: ["...."], elevation: ["0000"] } },
    map: { boards: [{ board: "board1", label: "A", at: [0, 0] }] },
    sides: [], units: [], victory: { hexes: [] },
  };
}

describe("railways", () => {
  test("the board draws each railway link as a rail with cross ties through hex centres", () => {
    const map = { hexes: HEXES, roads: [], railways: [{ hexes: ["N-A-1", "N-B-1"] }] };
    const [ties, rail] = railwayItems(map, INDEX, 30);
    const a = center(INDEX.get("N-A-1"), 30);
    assert.ok(rail.attrs.d.startsWith(`M${a.x} ${a.y} L`));
    assert.equal(rail.attrs.class, "railway");
    assert.equal(ties.attrs.d, rail.attrs.d);
    assert.ok(ties.attrs["stroke-dasharray"]);
    assert.deepEqual(roadItems(map, INDEX, 30), []); // a railway is no road
  });

  test("a map without railways (Panzer Grenadier's) draws none", () => {
    assert.deepEqual(railwayItems({ hexes: HEXES, roads: [] }, INDEX, 30), []);
  });

  test("the designer draws a Panzer Leader railway apart from its roads, and takes it away", () => {
    let doc = toggleRoad(PL, plDoc(), "N-A-1", "N-B-1", "railway");
    assert.deepEqual(doc.boards.N.railways, [[[0, 0], [1, 0]]]);
    assert.deepEqual(doc.boards.N.roads, []);
    doc = toggleRoad(PL, doc, "N-A-1", "N-B-1", "road"); // a road beside it on the same hexside
    assert.deepEqual(doc.boards.N.roads, [[[0, 0], [1, 0]]]);
    doc = toggleRoad(PL, doc, "N-B-1", "N-A-1", "railway");
    assert.deepEqual(doc.boards.N.railways, []);
    assert.deepEqual(doc.boards.N.roads, [[[0, 0], [1, 0]]]);
  });

  test("Panzer Grenadier is offered no railway, and a railway click changes nothing", () => {
    assert.ok(!ROAD_KINDS[PG].some((k) => k.id === "railway"));
    assert.ok(ROAD_KINDS[PL].some((k) => k.id === "railway"));
    const before = pgDoc();
    assert.deepEqual(toggleRoad(PG, before, "A0101", "A0201", "railway"), before);
  });
});
