// The board's reading aids as pure functions: faces and names, mixed numbers, the log by
// activation, the dice by side, the line of sight drawn from the server's answer.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { mixedNumber, sideColours, unitName, unitShort, withMixedNumbers } from "../../static/games/js/board/faces.js";
import { groupLog, mergeMoves, summarisePath } from "../../static/games/js/game/logbook.js";
import { describeEvent, trayRolls } from "../../static/games/js/game/log.js";

const FACES = {
  sides: { ge: { fill: "#a9b0a0", ink: "#111", edge: "#333" }, su: { fill: "#c99a6b", ink: "#111", edge: "#633" } },
  types: { ge_ldr_cpt_a: { label: "Hauptmann", short: "Hauptmann", symbol: "leader" } },
  units: { "ge-ldr-1": { name: "Hauptmann Becker", short: "Becker" } },
};

describe("faces and names", () => {
  test("a counter is named by its face, never by its id or its ratings", () => {
    assert.equal(unitName({ id: "ge-ldr-1", type: "ge_ldr_cpt_a", name: "Hauptmann (9-1-1)" }, FACES), "Hauptmann Becker");
    assert.equal(unitShort({ id: "ge-ldr-1" }, FACES), "Becker");
    // An enemy known by a handle: its type's label.
    assert.equal(unitName({ id: "u0123", type: "ge_ldr_cpt_a", name: "Hauptmann (9-1-1)" }, FACES), "Hauptmann");
    assert.equal(unitName({ id: "u9", name: "Leutnant (8-1-1)" }, {}), "Leutnant");
  });

  test("each side has its colours, the same whoever asks", () => {
    assert.notEqual(sideColours(FACES, "ge").fill, sideColours(FACES, "su").fill);
    assert.ok(sideColours(FACES, "xx").fill);
  });

  test("fractions are written as mixed numbers", () => {
    assert.equal(mixedNumber("14/3"), "4⅔");
    assert.equal(mixedNumber("4 2/3"), "4⅔");
    assert.equal(mixedNumber("3/2"), "1½");
    assert.equal(mixedNumber("6/2"), "3");
    assert.equal(mixedNumber("2"), "2");
    assert.equal(withMixedNumbers("T-34/76 spent 14/3 MP"), "T-34/76 spent 4⅔ MP");
  });
});

const moved = (from, to, mp) => ({ type: "moved", side: "su", units: ["su-1"], from, to, mp_spent: { "su-1": mp } });

describe("the log by activation", () => {
  test("a move hex by hex is one line with its path", () => {
    const lines = mergeMoves([{ v: 5, event: moved("A0101", "A0102", "1") }, { v: 5, event: moved("A0102", "A0103", "2") }, { v: 5, event: moved("A0103", "A0104", "14/3") }]);
    assert.equal(lines.length, 1);
    assert.deepEqual(lines[0].event.path, ["A0101", "A0102", "A0103", "A0104"]);
    assert.equal(describeEvent(lines[0].event, { nameOf: () => "2nd Rifle platoon" }), "2nd Rifle platoon moves A0101 → A0102 → A0103 → A0104 (2nd Rifle platoon 4⅔ MP).");
  });

  test("a long path is summarised by its ends", () => {
    assert.equal(summarisePath(["a", "b", "c", "d", "e", "f", "g"]), "a → b → … → g (6 hexes)");
  });

  test("each activation is a group of its own, with its side", () => {
    const entries = [
      { v: 2, event: { type: "initiative_rolled", turn: 1, rolls: { ge: 6, su: 1 }, totals: { ge: 9, su: 3 } } },
      { v: 2, event: { type: "initiative_won", side: "ge" } },
      { v: 3, event: { type: "activated", side: "ge", units: ["ge-1"], kind: "unit" } },
      { v: 4, event: moved("A0101", "A0102", "1") },
      { v: 5, event: { type: "activation_ended", side: "ge", units: ["ge-1"] } },
      { v: 6, event: { type: "passed", side: "su" } },
    ];
    const groups = groupLog(entries);
    assert.deepEqual(groups.map((g) => g.entries.length), [2, 3, 1]);
    assert.deepEqual(groups.map((g) => g.side), ["ge", "ge", "su"]);
    assert.equal(groups[1].title.event.type, "activated");
  });
});

describe("the dice tray", () => {
  test("initiative shows each side's die and total", () => {
    const rows = trayRolls({ type: "initiative_rolled", turn: 1, rolls: { ge: 6, su: 1 }, totals: { ge: 9, su: 3 } }, (s) => ({ ge: "German", su: "Soviet" })[s]);
    assert.deepEqual(rows, [
      { label: "German initiative", side: "ge", dice: [6], total: 9 },
      { label: "Soviet initiative", side: "su", dice: [1], total: 3 },
    ]);
  });

  test("a fire roll shows its two dice and their total; other events show none", () => {
    assert.deepEqual(trayRolls({ type: "roll", purpose: "direct fire", dice: [1, 2], total: 3 }), [{ label: "direct fire", side: null, dice: [1, 2], total: 3 }]);
    assert.deepEqual(trayRolls({ type: "passed", side: "ge" }), []);
  });
});

import { hexsideEnds, losSentence, whyNotLines } from "../../static/games/js/game/explain.js";
import { losItems } from "../../static/games/js/board/overlays.js";
import { indexHexes } from "../../static/games/js/board/geometry.js";

const MAP = { hexes: [{ hex: "A0101", q: 0, r: 0 }, { hex: "A0102", q: 0, r: 1 }, { hex: "A0103", q: 0, r: 2 }] };

describe("why not, and line of sight", () => {
  test("each refused action says why, with its rule", () => {
    const lines = whyNotLines({ hex: "A0305", actions: [
      { action: "fire", ok: false, reasons: [{ code: "los", message: "no line of sight", rule: "10.1" }] },
      { action: "move", ok: true, reasons: [] },
    ] });
    assert.deepEqual(lines.map((l) => l.text), ["Fire at it: no line of sight (10.1)", "Move there: possible"]);
    // The rules a refusal cites, once each, for the links to the rules reference's charts.
    assert.deepEqual(lines.map((l) => l.rules), [["10.1"], []]);
  });

  test("a blocked line names the hex, its terrain and the rule", () => {
    const answer = { from: "A0101", to: "A0103", seen: false, path: ["A0101", "A0102", "A0103"], blocked_by: { hex: "A0102", hexside: null, terrain: "heavy_woods", reason: "woods block sight", rule: "6.2" } };
    assert.equal(losSentence(answer), "A0101 → A0103: blocked at A0102. heavy woods: woods block sight (6.2)");
    const items = losItems(answer, indexHexes(MAP));
    assert.ok(items.some((i) => i.key === "los-hex"));
    assert.ok(items.some((i) => i.key === "los-blocked"));
    assert.equal(losSentence({ ...answer, seen: true, blocked_by: null }), "A0101 → A0103: in sight.");
  });

  test("a hexside is read in the forms a server may write it", () => {
    assert.deepEqual(hexsideEnds("A0101|A0102"), ["A0101", "A0102"]);
    assert.deepEqual(hexsideEnds("A0101-A0102"), ["A0101", "A0102"]);
    assert.deepEqual(hexsideEnds(["A0101", "A0102"]), ["A0101", "A0102"]);
    assert.equal(hexsideEnds("nonsense"), null);
  });
});

import { explainPreview } from "../../static/games/js/game/odds.js";

describe("odds in words", () => {
  test("the fire value's parts and an assault's sides are named, not given as ids", () => {
    const fire = { odds: { legal: true, value: 7, value_parts: [{ unit: "ge-hmg-4", value: 7, why: [] }], shifts: [], column: "4", probabilities: {} } };
    const { rows } = explainPreview(fire, () => "4th MG 42 section");
    assert.equal(rows[0][1], "7 = 4th MG 42 section 7");
    const assault = { odds: { attacker: "ge", sides: { ge: { value: 5, shifts: [], column: "13", probabilities: {} } } } };
    assert.equal(explainPreview(assault, (id) => id, () => "German").rows[0][0], "German assault value");
  });
});

import { overlayMarks } from "../../static/games/js/game/odds.js";

describe("the overlay's marks", () => {
  test("a hex with fire and an assault shows the fire's odds, the count of choices and the assault marker", () => {
    const fire = { type: "fire", firers: ["a"], target: "A0102" };
    const assault = { type: "assault", units: ["a"], target: "A0102" };
    const move = { type: "move", unit: "a", path: ["A0101"] };
    const opts = { moves: new Map([["A0101", move]]), targets: new Map([["A0102", [fire, assault]]]) };
    const previews = (cmd) => (cmd === fire ? { odds: { legal: true, column: "4", any_effect: 0.25 } } : cmd === move ? { cost: "14/3" } : null);
    const { reach, targets } = overlayMarks(opts, previews);
    assert.deepEqual(reach, [{ hex: "A0101", cost: "14/3", label: "4⅔ MP" }]);
    assert.deepEqual(targets, [{ hex: "A0102", kind: "fire", assault: true, label: "col 4 · 25% · 1 more" }]);
  });

  test("a reachable enemy hex is marked as an assault and labelled once, as a target with the move counted", () => {
    const fire = { type: "fire", firers: ["a"], target: "A0102" };
    const into = { type: "move", unit: "a", path: ["A0102"] };
    const opts = { moves: new Map([["A0102", into]]), targets: new Map([["A0102", [fire]]]) };
    const previews = (cmd) => (cmd === fire ? { odds: null } : { cost: "1", odds: null });
    const { reach, targets } = overlayMarks(opts, previews);
    assert.deepEqual(reach, [{ hex: "A0102", cost: "1", label: null, assault: true }]);
    assert.deepEqual(targets, [{ hex: "A0102", kind: "fire", assault: false, label: "fire · no odds · 1 more" }]);
  });
});

import { unitItems } from "../../static/games/js/board/layers.js";

describe("whose counter", () => {
  test("mine is a gold edge, a team partner's a blue one, an enemy's its side's edge; the fill is the side's for all", () => {
    const units = [
      { id: "a", side: "ge", own: true, hex: "A0101", steps: 2 },
      { id: "b", side: "ge", own: true, hex: "A0102", steps: 2 },
      { id: "c", side: "su", own: false, hex: "A0103", steps: 2 },
    ];
    const items = unitItems(units, indexHexes(MAP), { looks: FACES, partners: new Set(["b"]) });
    const rect = (item) => item.children.find((c) => c.attrs.class === "counter").attrs;
    const [mine, partner, enemy] = items.map(rect);
    assert.equal(mine.stroke, "#f0c419");
    assert.equal(partner.stroke, "#2f7fd0");
    assert.equal(enemy.stroke, FACES.sides.su.edge);
    assert.equal(mine.fill, partner.fill);
    assert.notEqual(mine.fill, enemy.fill);
    assert.match(items[1].attrs.class, /\bpartner\b/);
  });
});

describe("clock lines in the log", () => {
  test("a clock's line joins the latest group as a line, never as a group's title", () => {
    const groups = groupLog([
      { v: 3, event: { type: "passed", side: "su" } },
      { v: 3, event: { type: "clock", kind: "flagged", text: "Soviet ran out of time." } },
    ]);
    assert.equal(groups.length, 1);
    assert.equal(groups[0].entries.at(-1).event.type, "clock");
  });
});
