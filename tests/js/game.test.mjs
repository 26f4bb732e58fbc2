import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { chipLooks, compactSymbol, faceOf, natoSymbol, printedValues, valuesInWords } from "../../static/games/js/board/counters.js";
import { indexHexes, sharedEdge } from "../../static/games/js/board/geometry.js";
import { slopeItems, stacks, unitItems } from "../../static/games/js/board/layers.js";
import { assaultMarkerItems, fogItems, markerItems, overlayItems, overlayLabelItems } from "../../static/games/js/board/overlays.js";
import {
  actors, boardOptions, describeCommand, globalCommands, hasGroupMoves, sameCommand, seatGroups, unitCommands,
  unitsWithCommands,
} from "../../static/games/js/game/legal.js";
import { describeEvent, diceOf, generic } from "../../static/games/js/game/log.js";
import { chanceList, explainPreview, previewLabel } from "../../static/games/js/game/odds.js";
import { whoseMove } from "../../static/games/js/game/panels.js";

// Events as the engine emitted them in random games (one of each type seen).
const EVENTS = [{"type": "initiative_rolled", "turn": 1, "rolls": {"ge": 6, "su": 1}, "totals": {"ge": 9, "su": 3}}, {"type": "initiative_won", "side": "ge", "opening_segments": 3}, {"type": "passed", "side": "ge", "seat": "ge"}, {"type": "action_phase_ended", "turn": 1, "reason": "both_passed"}, {"type": "markers_removed", "turn": 1, "counters": 0}, {"type": "turn_ended", "turn": 1}, {"type": "turn_started", "turn": 2, "night": false}, {"type": "activated", "side": "ge", "units": ["ge-infantry-6"], "kind": "unit", "seat": "ge", "leader": null}, {"type": "activation_ended", "side": "ge", "units": ["ge-infantry-6"]}, {"type": "reinforcements_available", "units": ["su-ldr-5", "su-tank-1", "su-tank-2", "su-tank-3"], "turn": 3}, {"type": "moved", "side": "su", "units": ["su-infantry-3", "su-ldr-3"], "from": "A1812", "to": "A1712", "mp_spent": {"su-infantry-3": "1", "su-ldr-3": "1"}}, {"type": "initiative_tied", "total": 6}, {"type": "unloaded", "side": "ge", "units": ["ge-atgun-1", "ge-truck-1"], "hex": "A0404"}, {"type": "game_ended", "reason": "last_turn", "result": {"winner": null, "points": {"ge": 0, "su": 0}, "reason": "a draw: the lead is 0 (German 0, Soviet 0)"}}, {"type": "fog_of_war_rolled", "side": "su", "roll": [2, 5, 2], "total": 9}, {"type": "fire", "side": "ge", "kind": "direct", "firers": ["ge-infantry-8"], "leader": null, "target_hex": "A1505", "opportunity": false, "targets": null, "value": 5, "value_parts": [{"unit": "ge-infantry-8", "printed": 5, "used": 5, "value": "5", "why": []}]}, {"type": "shift", "shift": -1, "reason": "target hex is 3 or more hexes away", "rule": "10.3"}, {"type": "column", "base_column": "4", "net_shift": -1, "applied_shift": -1, "column": "2", "provisional": false, "reason": "column 4, net shift -1"}, {"type": "roll", "purpose": "direct fire", "dice": [1, 2], "total": 3}, {"type": "result", "kind": "direct", "code": "M", "column": "2", "dice": 3}, {"type": "morale_check", "unit": "su-hmg-1", "hex": "A1505", "cause": "M", "morale": 7, "modifiers": [], "target": 7, "dice": 6, "dice_modifier": 0, "total": 6, "result": "ok", "outcome": "ok"}, {"type": "opportunity_fire_declined", "side": "ge"}, {"type": "status_change", "unit": "su-infantry-6", "hex": "A1407", "old": "good", "new": "disrupted", "reason": "morale check 8 vs 7: disrupted (14.1, D16)"}, {"type": "stop", "unit": "su-infantry-6", "hex": "A1407", "reason": "disrupted: a moving unit disrupted or worse stops (13.0)"}, {"type": "turn_ended_by_fog_of_war", "total": 17}, {"type": "step_loss", "unit": "su-armoredcar-1", "hex": "E1001", "steps_left": 1, "reason": "1MC: category a step loss 1 of 1", "category": "a"}, {"type": "loaded", "side": "su", "units": ["su-infantry-27", "su-wagon-2"], "hex": "C1501"}];

const HMG = {
  name: "MG 42 heavy machine-gun section", nationality: "german", kind: "hmg", leader: false, steps: 2, movement_class: "foot",
  full: { direct_fire: [7, 6], bombardment: null, anti_tank: null, armor: null, movement: 4, lines: { fire: "7-6", move: "4" } },
  reduced: { direct_fire: [4, 6], bombardment: null, anti_tank: null, armor: null, movement: 4, lines: { fire: "4-6", move: "4" } },
};
const TANK = {
  name: "T-34/76 platoon", nationality: "soviet", kind: "tank", leader: false, steps: 2, movement_class: "tracked",
  full: { direct_fire: [5, 8], bombardment: null, anti_tank: [6, 8], armor: 4, movement: 8, lines: { fire: "5-8 (6-8) A4", move: "8" } },
  reduced: { direct_fire: [3, 8], bombardment: null, anti_tank: [6, 8], armor: 4, movement: 8, lines: { fire: "3-8 (6-8) A4", move: "8" } },
};
const LT = { name: "Lt. Weber", nationality: "german", kind: "infantry", leader: true, rank: "lieutenant", morale: 8, combat_modifier: 1, morale_modifier: -1, movement: 5, lines: { fire: "Lt 8 +1/-1", move: "5" } };

describe("counters", () => {
  test("a counter shows the server's printed lines of the side it shows: full, then reduced", () => {
    assert.equal(printedValues({ steps: 2 }, HMG), "7-6 4");
    assert.equal(printedValues({ steps: 1 }, HMG), "4-6 4");
    assert.equal(faceOf({ steps: 1 }, HMG), HMG.reduced);
    assert.equal(printedValues({ steps: 2 }, TANK), "5-8 (6-8) A4 8");
  });

  test("a leader shows rank, morale and both modifiers", () => {
    assert.equal(printedValues({}, LT), "Lt 8 +1/-1 5");
    assert.deepEqual(valuesInWords({}, LT).map(([k]) => k), ["rank", "morale", "combat modifier", "morale modifier", "movement"]);
  });

  test("values are spelled out for the panel and the text view", () => {
    const words = Object.fromEntries(valuesInWords({ steps: 1 }, TANK));
    assert.equal(words["side showing"], "reduced");
    assert.equal(words["anti-tank"], "6, range 8");
    assert.equal(words.armor, "4");
  });

  test("each kind has its NATO mark inside a frame; infantry is a cross", () => {
    const sym = natoSymbol("infantry", 0, 0, 10, 6);
    assert.equal(sym.children[0].tag, "rect");
    assert.equal(sym.children.filter((c) => c.tag === "line").length, 2);
    assert.equal(natoSymbol("tank", 0, 0, 10, 6).children[1].tag, "ellipse");
  });

  test("a counter's symbol is drawn as at most two paths, the same strokes and dots", () => {
    for (const kind of ["infantry", "hmg", "artillery", "tank", "truck", "aa_gun", "engineer"]) {
      const full = natoSymbol(kind, 0, 0, 10, 6);
      const compact = compactSymbol(full);
      assert.ok(compact.children.length <= 2 && compact.children.every((c) => c.tag === "path"), kind);
      const [strokes, dots] = compact.children;
      for (const line of full.children.filter((c) => c.tag === "line")) {
        assert.ok(strokes.attrs.d.includes(`M${line.attrs.x1} ${line.attrs.y1}L${line.attrs.x2} ${line.attrs.y2}`), kind);
      }
      assert.equal(Boolean(dots), full.children.some((c) => c.tag === "circle"), kind);
      assert.equal(compact.attrs.class, full.attrs.class);
    }
  });

  test("a last-known marker is drawn faded with the turn it was last seen, without values", () => {
    const [item] = unitItems([{ id: "h1", hex: "A0101", own: false, side: "su", detail: "last_known", marker: "infantry", turn: 3 }], INDEX);
    assert.equal(item.children.find((c) => c.attrs.class === "unit-values").text, "seen T3");
    assert.equal(item.children[0].attrs["fill-opacity"], 0.4);
  });

  test("a counter's chips are the view's, label and title as sent (the server decides them)", () => {
    const chips = [
      { kind: "demoralized", label: "DM", title: "Demoralized", severity: "danger" },
      { kind: "dug_in", label: "DI", title: "Dug in", severity: "good" },
    ];
    const looks = chipLooks({ status: "demoralized", moved_fired: true, chips });
    assert.deepEqual(looks.map((c) => [c.kind, c.text, c.title]), [["demoralized", "DM", "Demoralized"], ["dug_in", "DI", "Dug in"]]);
    assert.deepEqual(chipLooks({ status: "demoralized", moved_fired: true }), []);
  });
});

const MAP = {
  boards: [{ label: "A", columns: 3, rows: 2, at: [0, 0] }],
  hexes: [
    { hex: "A0101", q: 0, r: 0, terrain: "clear", elevation: 0 },
    { hex: "A0102", q: 0, r: 1, terrain: "town", elevation: 0 },
    { hex: "A0201", q: 1, r: 0, terrain: "clear", elevation: 1 },
  ],
  hexsides: [],
  roads: [],
};
const INDEX = indexHexes(MAP);
const unit = (id, hex, extra = {}) => ({ id, hex, own: true, side: "ge", type: "hmg", name: "MG", leader: false, steps: 2, status: "good", ...extra });

describe("stacks and overlays", () => {
  test("units keyed by id are drawn like a list", () => {
    const keyed = { a: unit("a", "A0101"), b: unit("b", "A0101") };
    assert.deepEqual([...stacks(keyed).get("A0101")].map((u) => u.id), ["a", "b"]);
    assert.equal(unitItems(keyed, INDEX, { types: { hmg: HMG } }).length, 2);
  });

  test("a spread stack is laid out side by side and drawn last, over its neighbours", () => {
    const units = [unit("a", "A0101"), unit("b", "A0101"), unit("c", "A0102")];
    const items = unitItems(units, INDEX, { spread: "A0101", types: { hmg: HMG } });
    assert.deepEqual(items.map((i) => i.key), ["unit-c", "unit-a", "unit-b"]);
    const ys = items.slice(1).map((i) => i.attrs.transform.match(/ ([-\d.]+)\)/)[1]);
    assert.equal(ys[0], ys[1]);
    assert.ok(items[1].attrs.class.includes("spread"));
    assert.equal(items.some((i) => i.children.some((c) => c.attrs.class === "stack-count")), false);
  });

  test("the assault marker covers no counter of its target, stacked or fanned out", () => {
    const left = (item) => Number(item.attrs.transform.match(/translate\(([-\d.]+)/)[1]);
    const markerRight = (fanned) => {
      const [marker] = assaultMarkerItems({ targets: [{ hex: "A0101", assault: true }] }, INDEX, undefined, { fanned });
      const rect = marker.children.find((c) => c.tag === "rect");
      return rect.attrs.x + rect.attrs.width;
    };
    for (const count of [1, 2, 3, 4, 6]) {
      const units = Array.from({ length: count }, (_, i) => unit(`u${i}`, "A0101"));
      const stacked = unitItems(units, INDEX, { types: { hmg: HMG } });
      assert.ok(markerRight(null) < Math.min(...stacked.map(left)), `a stack of ${count}`);
      const fanned = unitItems(units, INDEX, { spread: "A0101", types: { hmg: HMG } });
      assert.ok(markerRight({ hex: "A0101", count }) < Math.min(...fanned.map(left)), `${count} fanned out`);
    }
    // Another hex's fan leaves the marker where it was.
    assert.equal(markerRight({ hex: "A0102", count: 4 }), markerRight(null));
  });

  test("a counter carries its NATO symbol and printed values", () => {
    const reduced = { kind: "reduced", label: "R", title: "Reduced: a step lost", severity: "info" };
    const [item] = unitItems([unit("a", "A0101", { steps: 1, chips: [reduced] })], INDEX, { types: { hmg: HMG } });
    assert.ok(item.children.some((c) => c.attrs.class === "nato nato-hmg"));
    assert.equal(item.children.find((c) => c.attrs.class === "unit-values").text, "4-6");
    assert.equal(item.children.find((c) => c.attrs.class === "unit-move").text, "4");
    assert.ok(item.children.some((c) => c.attrs.class === "reduced-band"));
    assert.equal(item.children.find((c) => c.attrs.class === "unit-chips").attrs["data-chips"], "R");
  });

  test("reachable hexes carry the server's cost; targets their label; the path runs from the unit", () => {
    const overlay = {
      reach: [{ hex: "A0102", cost: "3/2" }, { hex: "A0101", cost: 2, label: "2 MP · assault 1-1 · 50%", assault: true }],
      targets: [{ hex: "A0201", label: "col 4 · 25%" }], path: ["A0102"], from: "A0201",
    };
    const items = overlayItems(overlay, INDEX);
    assert.deepEqual(items.map((i) => i.key), ["reach-A0102", "reach-A0101", "target-A0201", "path"]);
    assert.equal(items[0].attrs["data-cost"], "3/2");
    assert.equal(items[3].attrs.d.split("L").length, 2);
    // The words are the labels layer's (over the counters), each keyed and placed by its hex.
    const labels = overlayLabelItems(overlay, INDEX);
    assert.deepEqual(labels.map((i) => [i.attrs.class, i.attrs["data-hex"], i.children.at(-1).text]), [
      ["reach-cost", "A0102", "3/2 MP"],
      ["reach-cost assault", "A0101", "2 MP · assault 1-1 · 50%"],
      ["target-label", "A0201", "col 4 · 25%"],
    ]);
    // The odds sit on a pale ground as wide as their words; a bare cost is outlined instead.
    const [ground, words] = labels[2].children;
    assert.equal(ground.tag, "rect");
    assert.ok(ground.attrs.width >= words.text.length * 30 * 0.13, ground.attrs.width);
    assert.equal(labels[0].children.length, 1);
    assert.equal(labels[0].children[0].attrs["paint-order"], "stroke");
  });

  test("a slope is drawn on each hexside between hexes of different elevation, once", () => {
    const items = slopeItems(MAP, INDEX);
    // A0201 (elevation 1) borders A0101 and A0102 (elevation 0): two segments in one path.
    assert.equal(items.length, 1);
    const segments = items[0].attrs.d.match(/M[^M]+/g);
    assert.equal(segments.length, 2);
    for (const [a, b] of [["A0101", "A0201"], ["A0102", "A0201"]]) {
      const [p, q] = sharedEdge(INDEX.get(a), INDEX.get(b), 30);
      assert.ok(segments.includes(`M${p.x} ${p.y}L${q.x} ${q.y}`), `${a}|${b}`);
    }
    assert.equal(items[0].attrs["stroke-dasharray"], "1.5 1.5");
  });

  test("hex markers are written; smoke also greys the hex; fog shades the hexes named", () => {
    const items = markerItems([{ hex: "A0101", markers: ["control:ge", "smoke"] }], INDEX, 30, { sideName: (s) => ({ ge: "German" })[s] });
    assert.equal(items[0].children.at(-1).text, "held: German SMOKE");
    assert.equal(items[0].children[0].attrs.class, "smoke");
    assert.equal(fogItems(["A0101", "Z9999"], INDEX).length, 1);
  });
});

const GROUPS = {
  activate: [{ type: "activate", kind: "unit", unit: "a" }, { type: "activate", kind: "stack", hex: "A0101" }, { type: "activate", kind: "unit", unit: "c" }],
  move: [
    { type: "move", unit: "a", path: ["A0102"] },
    { type: "move", unit: "a", path: ["A0102", "A0201"] },
    { type: "move", units: ["a", "b"], path: ["A0102"] },
  ],
  fire: [{ type: "fire", firers: ["a"], target: "A0201", fire_type: "direct" }],
  assault: [{ type: "assault", units: ["a"], target: "A0201" }],
  end_activation: [{ type: "end_activation" }],
  pass: [{ type: "pass" }],
};

describe("legal commands on the board", () => {
  test("a seat's groups come from the side view's legal, by seat", () => {
    assert.deepEqual(seatGroups({ legal: { "ge-1": GROUPS } }, "ge-1"), GROUPS);
    assert.deepEqual(seatGroups({ legal: { "ge-1": GROUPS } }, "ge-2"), {});
    assert.deepEqual(seatGroups({}, null), {});
  });

  test("a selected unit is offered what names it and its hex's stack activation, not the global commands", () => {
    const cmds = unitCommands(GROUPS, { id: "a", hex: "A0101" });
    assert.deepEqual(cmds.map((c) => c.type), ["activate", "activate", "move", "move", "move", "fire", "assault"]);
    assert.deepEqual(globalCommands(GROUPS).map((c) => c.type), ["end_activation", "pass"]);
    assert.deepEqual(actors({ type: "load", unit: "p", transport: "t" }), ["p", "t"]);
  });

  test("moves are drawn by destination with their path; alone or with the stack", () => {
    const cmds = unitCommands(GROUPS, { id: "a", hex: "A0101" });
    const alone = boardOptions(cmds, "a");
    assert.deepEqual([...alone.moves.keys()], ["A0102", "A0201"]);
    assert.deepEqual(alone.moves.get("A0201").path, ["A0102", "A0201"]);
    assert.deepEqual([...alone.targets.get("A0201")].map((c) => c.type), ["fire", "assault"]);
    const together = boardOptions(cmds, ["b", "a"]);
    assert.deepEqual([...together.moves.keys()], ["A0102"]);
    assert.ok(hasGroupMoves(cmds, "a"));
  });

  test("opportunity fire at a mover is drawn at the mover's hex", () => {
    const opfire = [{ type: "opportunity_fire", firers: ["a"], target: "su-1", fire_type: "direct" }];
    const { targets } = boardOptions(opfire, "a", { hexOf: (id) => ({ "su-1": "A0201" })[id] });
    assert.deepEqual([...targets.keys()], ["A0201"]);
    assert.equal(boardOptions(opfire, "a").targets.size, 0);
  });

  test("'next unit' walks the units that have something to do, not the global commands", () => {
    assert.deepEqual(unitsWithCommands(GROUPS), ["a", "c"]);
  });

  test("commands compare by content, whatever the key order", () => {
    assert.ok(sameCommand({ type: "fire", firers: ["a"], target: "X" }, { target: "X", type: "fire", firers: ["a"] }));
    assert.ok(!sameCommand({ type: "fire", firers: ["a"], target: "X" }, { type: "fire", firers: ["b"], target: "X" }));
  });

  test("every command type reads as words", () => {
    const nameOf = (id) => id.toUpperCase();
    for (const cmd of Object.values(GROUPS).flat()) assert.doesNotMatch(describeCommand(cmd, nameOf), /undefined/);
    assert.equal(describeCommand(GROUPS.move[1], nameOf), "Move A to A0201 (2 hexes: A0102 → A0201)");
    assert.equal(describeCommand({ type: "recover", unit: "a", leader: "l" }, nameOf), "A tries to recover, helped by L");
  });

  test("the optional-rule commands say what they do", () => {
    const nameOf = (id) => id.toUpperCase();
    assert.equal(describeCommand({ type: "bombard", firers: ["m"], target: "A0508", smoke: true }, nameOf), "Smoke mission on A0508 with M");
    assert.equal(describeCommand({ type: "bombard", firers: ["m"], target: "A0508" }, nameOf), "Bombard A0508 with M");
    assert.equal(
      describeCommand({ type: "fire", firers: ["t"], target: "A0508", fire_type: "anti_tank", move_and_fire: true }, nameOf),
      "Anti-tank fire (move and fire, -1): T at A0508",
    );
    assert.equal(describeCommand({ type: "dig_in", unit: "a" }, nameOf), "A digs in (spends its activation)");
    assert.equal(describeCommand({ type: "consolidate", units: ["a", "b"] }, nameOf), "Consolidate A, B into one full-strength unit");
    assert.equal(describeCommand({ type: "resign" }, nameOf), "Resign the game");
    assert.equal(
      describeCommand({ type: "air_strike", sortie: "ge-stuka", target: "A0508", attack: "anti_tank", target_unit: "t" }, nameOf),
      "Air strike (ge-stuka, anti-tank) on A0508 (T)",
    );
  });
});

describe("the log", () => {
  test("every event type the engine emitted reads as a sentence, never the generic fallback", () => {
    for (const e of EVENTS) {
      const text = describeEvent(e);
      assert.notEqual(text, generic(e), e.type);
      assert.doesNotMatch(text, /undefined|\[object/, e.type);
    }
  });

  test("a roll shows its dice, a shift its reason and rule, a result its column", () => {
    const byType = Object.fromEntries(EVENTS.map((e) => [e.type, e]));
    assert.match(describeEvent(byType.roll), /1 \+ 2 = 3/);
    assert.match(describeEvent(byType.shift), /Shift -1: target hex is 3 or more hexes away \(10\.3\)/);
    assert.match(describeEvent(byType.result), /column 2/);
    assert.deepEqual(diceOf(byType.roll), [1, 2]);
    assert.deepEqual(diceOf(byType.initiative_rolled), [6, 1]);
    assert.equal(diceOf(byType.shift), null);
  });

  test("combat consequences read with their dice and reasons (shapes as combat/*.py emits them)", () => {
    const cases = [
      [{ type: "leader_casualty", unit: "l", hex: "A0101", dice: 4, modifier: -2, modified: 2, killed: true, cause: "1MC", reason: "2d6 4 - 2 step(s) lost = 2; killed on 2 or less" }, /l in A0101: leader casualty check \(1MC\), killed: 2d6 4 - 2/],
      [{ type: "leader_survival", unit: "l", hex: "A0101", dice: 5, morale: 8, survived: true, displaced_to: "A0102", reason: "2d6 5 <= morale 8" }, /survives and goes to A0102/],
      [{ type: "recovery", unit: "u", hex: "A0101", leader: "l", morale: 7, modifiers: [{ modifier: 1, reason: "leader" }], target: 8, dice: 5, outcome: "success", reason: "5 < 8: one level better (14.4, D17)" }, /u tries to recover with l: needs less than 8 \(\+1 leader\), rolls 5: success/],
      [{ type: "flee", unit: "u", frm: "A0101", path: ["A0102"], reason: "leaves by one hex (14.35)" }, /u flees from A0101 to A0102: leaves/],
      [{ type: "assault_round", hex: "A0101", attacker: "ge", defender: "su", first_round: true, order: "simultaneous", reason: "assault fire is simultaneous (12.4)" }, /Assault in A0101: ge against su, simultaneous: assault fire/],
      [{ type: "assault_round", hex: "A0101", attacker: "ge", defender: "su", first_round: true, order: "end", continues: false, holder: "ge", reason: "one side remains" }, /Assault in A0101: one side remains \(ge holds the hex\)/],
      [{ type: "eliminated", unit: "u", hex: "A0101", reason: "deserted (14.4)" }, /u eliminated in A0101: deserted/],
    ];
    for (const [event, pattern] of cases) assert.match(describeEvent(event), pattern);
  });

  test("the rarer events read as sentences with human names, never their raw fields", () => {
    const nameOf = (id) => ({ "ge-1": "2nd Grenadier platoon", "ge-ldr-1": "Hauptmann Becker", "su-t-1": "1st T-34 platoon" })[id] ?? "a unit";
    const sideName = (s) => ({ ge: "German", su: "Soviet" })[s];
    const formationName = (id) => ({ "ge-2": "II./Grenadier-Regiment 410" })[id];
    const cases = [
      [{ type: "dug_in", side: "ge", units: ["ge-1"], hex: "A0305" }, "2nd Grenadier platoon digs in at A0305 (16.2)."],
      [{ type: "extended_assault", side: "su", units: ["su-t-1"], from: "A0101", target: "A0104", path: ["A0102", "A0103", "A0104"], reason: "tank-led AFVs assault along their line of sight (17.5)" }, "1st T-34 platoon charges from A0101 to assault A0104 by A0102 → A0103 → A0104: tank-led AFVs assault along their line of sight (17.5)."],
      [{ type: "formation_failed", side: "ge", units: ["ge-ldr-1"], formation: "ge-2" }, "German: II./Grenadier-Regiment 410 fails to activate; Hauptmann Becker marked Moved/Fired (17.7)."],
      [{ type: "mire_roll", side: "su", units: ["su-t-1"], hex: "B0203", roll: 1, mired: true }, "1st T-34 platoon in B0203 rolls 1 for mire: bogged down (mired)."],
      [{ type: "razvedka", side: "su", units: ["h1", "h2"], hex: "C0101", roll: 5, success: true, types: ["infantry", "armored_car"], count: 2 }, "Soviet scouts C0101 (razvedka): rolls 5, finds infantry, armored car (2 counters)."],
      [{ type: "razvedka", side: "su", units: ["h1"], hex: "C0101", roll: 2, success: false }, "Soviet scouts C0101 (razvedka): rolls 2, learns nothing."],
      [{ type: "resigned", side: "ge", seat: "ge-1" }, "German resigns."],
      [{ type: "smoke_removal", hex: "A0505", roll: 2, removed: true }, "Smoke in A0505: rolls 2, the smoke clears."],
      [{ type: "activated", side: "ge", units: ["ge-1"], kind: "unit", seat: "ge-1", leader: null }, "German activates 2nd Grenadier platoon."],
      [{ type: "activated", side: "ge", units: ["ge-1", "ge-ldr-1"], kind: "leader", seat: "ge-1", leader: "ge-ldr-1" }, "German activates 2nd Grenadier platoon under Hauptmann Becker."],
      [{ type: "activated", side: "ge", units: ["ge-1", "ge-ldr-1"], kind: "stack", seat: "ge-1", leader: null }, "German activates the stack: 2nd Grenadier platoon, Hauptmann Becker."],
    ];
    for (const [event, text] of cases) {
      assert.equal(describeEvent(event, { nameOf, sideName, formationName }), text);
      assert.notEqual(describeEvent(event, { nameOf, sideName, formationName }), generic(event, nameOf));
    }
  });

  test("an unknown event is still a sentence: what, who, where, then its other facts", () => {
    assert.equal(describeEvent({ type: "new_thing", hex: "A0101", units: ["a"] }, { nameOf: (x) => x.toUpperCase() }), "New thing: A in A0101.");
    const text = describeEvent({ type: "engineering_step", side: "ge", units: ["a"], hex: "A-L-6", task: "make_block", step: 1, done: false, rolls: [4, 5], exits: { a: "A-K-6" } },
      { nameOf: (x) => (x === "a" ? "Pioniere" : x), sideName: (x) => (x === "ge" ? "German" : x) });
    assert.equal(text, "Engineering step (German): Pioniere in A-L-6; task make block, step 1, done no, rolls 4, 5, exits Pioniere A-K-6.");
    assert.doesNotMatch(text, /[{}[\]"]/);
  });
});

describe("odds and costs from the server", () => {
  const fire = {
    command: { type: "fire" },
    odds: {
      kind: "direct", legal: true, value: 5, value_parts: [{ unit: "ge-inf-8", value: "5", why: [] }],
      shifts: [{ shift: -1, reason: "target hex is 3 or more hexes away", rule: "10.3" }],
      net_shift: -1, column: "2", probabilities: { M1: { p: 0.0556 }, M: { p: 0.1944 }, "-": { p: 0.75 } }, any_effect: 0.25,
    },
  };

  test("labels: a move's MP cost, a fire's column and chance of any effect", () => {
    assert.equal(previewLabel({ cost: "3/2" }), "1½ MP");
    assert.equal(previewLabel(fire), "col 2 · 25%");
    assert.equal(previewLabel({ odds: { kind: "anti_tank", legal: true, modifier: 2, any_effect: 0.4 } }), "AT +2 · 40%");
    assert.equal(previewLabel(null), null);
  });

  test("the confirmation explains the value, each shift with its reason, the column and the chances", () => {
    const { rows, chances } = explainPreview(fire);
    assert.deepEqual(rows.map(([k]) => k), ["fire value", "shift -1", "column"]);
    assert.equal(rows[1][1], "target hex is 3 or more hexes away (10.3)");
    assert.deepEqual(chances, [["no effect", "75%"], ["M", "19%"], ["M1", "6%"]]);
    assert.deepEqual(chanceList({}), []);
  });

  test("an assault shows both sides; hidden information shows no odds", () => {
    const a = explainPreview({ odds: { attacker: "ge", sides: { ge: { value: 5, shifts: [], column: "13", probabilities: { M: { p: 1 } } }, su: { value: 0, shifts: [] } } } });
    assert.deepEqual(a.chances, [["M", "100%"]]);
    assert.match(explainPreview({ odds: null }).rows[0][1], /^none: .*hidden information/);
    assert.equal(previewLabel({ odds: null }), "no odds");
  });

  const assault = {
    attacker: "ge", kind: "assault", hex: "A0102", defenders_fire_first: false,
    sides: {
      ge: { value: 8, shifts: [{ shift: 1, reason: "armor assaulting", rule: "12.4" }], column: "8", probabilities: { "-": { p: 0.5 }, M: { p: 0.5 } }, any_effect: 0.5 },
      su: { value: 3, shifts: [], column: "3", probabilities: { "-": { p: 0.75 }, M: { p: 0.25 } }, any_effect: 0.25 },
    },
  };
  const drum = { hex: "A0101", attacks: [{ kind: "drumfire", legal: true, value: 6, value_parts: [], shifts: [], column: "6", probabilities: { "-": { p: 0.6 }, M: { p: 0.4 } }, any_effect: 0.4 }] };

  test("a move into an enemy hex shows its cost and the assault's odds (12.1)", () => {
    const move = { cost: "2", ends_move: true, odds: assault };
    assert.equal(previewLabel(move), "2 MP · assault col 8 · 50%");
    assert.equal(previewLabel(move, { short: true }), "2 MP · ⚔ 50%");
    const { rows, chances, sections } = explainPreview(move, (id) => id, (s) => ({ ge: "German", su: "Soviet" })[s]);
    assert.deepEqual(rows.slice(0, 3).map(([k]) => k), ["movement cost", "ends the move", "ends in an enemy hex"]);
    assert.ok(rows.some(([k, v]) => k === "German shift +1" && v === "armor assaulting (12.4)"));
    assert.ok(rows.some(([k, v]) => k === "Soviet column" && v === "3"));
    assert.deepEqual(chances, [["no effect", "50%"], ["M", "50%"]]);
    assert.equal(sections[0].title, "Soviet assault fire: chance of each result");
    assert.deepEqual(sections[0].chances, [["no effect", "75%"], ["M", "25%"]]);
  });

  test("a move into an enemy hex under hidden information says there are no odds, and why", () => {
    const move = { cost: "2", odds: null };
    assert.equal(previewLabel(move), "2 MP · assault no odds");
    assert.ok(explainPreview(move).rows.some(([k, v]) => k === "odds" && /17\.8/.test(v)));
  });

  test("a move through drumfire shows each attack it will take (17.2)", () => {
    const move = { cost: "3", drumfire: [drum] };
    assert.equal(previewLabel(move), "3 MP · drumfire ×1");
    const { sections } = explainPreview(move);
    assert.equal(sections.length, 1);
    assert.equal(sections[0].title, "Drumfire in A0101 (17.2)");
    assert.deepEqual(sections[0].rows.map(([k]) => k), ["fire value", "column"]);
    assert.deepEqual(sections[0].chances, [["no effect", "60%"], ["M", "40%"]]);
  });

  test("leaders alone in the hex: each one's chance to survive (6.71)", () => {
    const overrun = { attacker: "ge", sides: {}, overrun: [{ unit: "su-ldr-1", morale: 7, rule: "6.71", survives: { p: 0.5833 } }] };
    assert.equal(previewLabel({ odds: overrun }), "on leaders alone: 58% survive");
    assert.equal(previewLabel({ cost: "2", odds: overrun }), "2 MP · assault on leaders alone: 58% survive");
    assert.match(explainPreview({ odds: overrun }).rows[0][1], /2d6 ≤ 7: 58% \(6\.71\)/);
  });
});

describe("the banner", () => {
  const names = (id) => ({ ge: "German", su: "Soviet" })[id];
  test("it makes the viewer's move obvious and names whose segment it is otherwise", () => {
    const view = { phase: "action", may_act: ["ge"], active_side: "ge", activation: null };
    assert.deepEqual(whoseMove(view, "ge", names), { text: "Your move: activate a unit or stack, or pass", mine: true });
    assert.equal(whoseMove(view, "su", names).text, "German's action segment");
    assert.equal(whoseMove({ ...view, opfire: { side: "su", hex: "A0101" }, may_act: ["su"] }, "su", names).mine, true);
    assert.equal(whoseMove({ ...view, result: { reason: "German wins" } }, "ge", names).text, "German wins");
  });

  test("an opportunity-fire window says whether the viewer has a shot (18.0: asked even without one)", () => {
    const view = { phase: "action", may_act: ["su"], active_side: "ge", activation: null, opfire: { side: "su", hex: "A0507" } };
    const shot = { opportunity_fire: [{ type: "opportunity_fire", firers: ["su-1"], target: "ge-1" }], decline: [{ type: "decline" }] };
    assert.equal(whoseMove({ ...view, legal: { su: shot } }, "su", names).text, "Your move: opportunity fire at the mover in A0507, or decline");
    assert.equal(whoseMove({ ...view, legal: { su: { decline: [{ type: "decline" }] } } }, "su", names).text,
      "Your move: no shot at the mover in A0507; decline to let it move on");
    assert.equal(whoseMove({ ...view, legal: { su: shot } }, "ge", names).text, "Soviet may fire at the mover in A0507");
  });

  test("during the set-up it says who is placing units (D-SETUP-1)", () => {
    const view = { phase: "setup", may_act: ["su"], active_side: "su", activation: null };
    assert.deepEqual(whoseMove(view, "su", names),
      { text: "Your move: place your units in your shaded set-up areas, then finish setting up", mine: true });
    assert.equal(whoseMove(view, "ge", names).text, "Soviet is setting up");
  });
});
