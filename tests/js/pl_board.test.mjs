// The board draws and plays Panzer Leader from what its ruleset sends (issue 15): the map's
// terrain, elevations, printed hexside symbols and bridges; counters with their printed lines
// and chips; laid markers; every command type offered somewhere with words; odds-ratio
// previews with their column and chances (never "provisional"); the log in sentences. The payloads are the ruleset's
// own (data/pl_play.json, written by data/pl_play.py), so these tests read the real shapes.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { describe, test } from "node:test";

import { chipLooks, counterValues, natoSymbol, printedValues, symbolOf, valuesInWords } from "../../static/games/js/board/counters.js";
import { HEXSIDE_SYMBOLS, bridgeItems, hexsideItems, slopeItems } from "../../static/games/js/board/edges.js";
import { indexHexes } from "../../static/games/js/board/geometry.js";
import { TERRAIN_STYLE, hexLabelItems, printedNumber, terrainItems, unitItems } from "../../static/games/js/board/layers.js";
import { flightLine } from "../../static/games/js/board/aircraft.js";
import { markerItems, markerLabel } from "../../static/games/js/board/overlays.js";
import { openWindow } from "../../static/games/js/game/actionsview.js";
import { namedText } from "../../static/games/js/game/explain.js";
import { generic } from "../../static/games/js/game/log.js";
import { describePanzerLeaderEvent, trayRollsPL } from "../../static/games/js/game/log_pl.js";
import { groupLog } from "../../static/games/js/game/logbook.js";
import { actors, boardOptions, commandHex, describeCommand, globalCommands, isGlobal, unitCommands } from "../../static/games/js/game/legal.js";
import { sightAnswer } from "../../static/games/js/game/lostool.js";
import { explainPreview, overlayMarks, previewLabel } from "../../static/games/js/game/odds.js";
import { amount, sheetChances } from "../../static/games/js/game/oddsratio.js";
import { phaseWords, whoseMove } from "../../static/games/js/game/panels.js";
import { vocabulary } from "../../static/games/js/game/vocabulary.js";

const RAW_ID = /\b(al|ge|us|de)-[a-z0-9_]+-\d+\b/;
const PL = JSON.parse(readFileSync(new URL("./data/pl_play.json", import.meta.url), "utf-8"));
const MAP = PL.map;
const INDEX = indexHexes(MAP);
const FACES = PL.faces;
// Counters of the other situations (in the samples) are "a counter": an id left in a sentence shows.
const nameOf = (id) => FACES.units[id]?.name ?? FACES.aircraft?.[id]?.name ?? FACES.navies?.[id]?.name ?? (RAW_ID.test(id) ? "a counter" : id);
const sideName = (id) => ({ allied: "Allied", german: "German" })[id] ?? id;
const source = (path) => readFileSync(new URL(`../../games/rules/panzer_leader/${path}`, import.meta.url), "utf-8");

describe("the Panzer Leader map", () => {
  test("every terrain of the ruleset has a style and a motif of its own", () => {
    for (const terrain of ["clear", "woods", "town", "swamp", "stream", "beach", "sea"]) assert.ok(TERRAIN_STYLE[terrain], terrain);
    const paths = terrainItems(MAP, 30).filter((i) => i.attrs.class?.startsWith("terrain "));
    assert.deepEqual(new Set(paths.map((p) => p.attrs["data-terrain"])), new Set(MAP.hexes.map((h) => h.terrain)));
    assert.ok(paths.every((p) => !p.attrs.fill.includes("unknown")), "no terrain drawn as unknown");
  });

  test("slopes and hilltops are shaded by level and carry their number", () => {
    const items = terrainItems(MAP, 30);
    const relief = items.filter((i) => i.attrs.class?.startsWith("relief"));
    assert.deepEqual(relief.map((r) => r.attrs.class), ["relief elev-1", "relief elev-2"]);
    assert.ok(relief[1].attrs["fill-opacity"] > relief[0].attrs["fill-opacity"], "a hilltop is darker than its slope");
    const numbers = items.find((i) => i.key === "elevations").children;
    assert.equal(numbers.length, MAP.hexes.filter((h) => h.elevation > 0).length);
  });

  test("the printed hexside symbols are drawn as the map sends them, and no derived slope doubles them", () => {
    const items = hexsideItems(MAP, INDEX, 30);
    const drawn = (name) => items.filter((i) => i.children.some((c) => c.attrs.class === `symbol symbol-${name}`)).length;
    for (const name of ["green", "brown", "orange"]) {
      assert.equal(drawn(name), MAP.hexsides.filter((s) => s.features.includes(name)).length, name);
      assert.ok(HEXSIDE_SYMBOLS[name].words);
    }
    assert.deepEqual(slopeItems(MAP, INDEX, 30), [], "every change of elevation here has its printed symbol");
    const cliff = hexsideItems({ hexsides: [{ a: "A-A-1", b: "A-A-2", features: ["cliff"] }] }, INDEX, 30)[0];
    assert.ok(cliff.children.some((c) => c.attrs.class === "cliff-teeth"), "a cliff has teeth, to read without colour");
  });

  test("a bridge is drawn where a road crosses a stream hex", () => {
    const map = { ...MAP, hexes: MAP.hexes.map((h) => (h.hex === "A-C-4" ? { ...h, terrain: "stream", bridge: true } : h)) };
    const [bridge] = bridgeItems(map, INDEX, 30);
    assert.equal(bridge.attrs["data-bridge"], "A-C-4");
    assert.equal(bridge.children.length, 2);
    assert.deepEqual(bridgeItems(MAP, INDEX, 30), []);
  });

  test("hex labels read board-column-row whole; a board letter and number loses its letter on one board", () => {
    assert.equal(printedNumber("A-C-5"), "A-C-5");
    assert.equal(printedNumber("A0305"), "0305");
    assert.ok(hexLabelItems(MAP, 30)[0].children.some((t) => t.text === "A-C-5"));
  });
});

describe("Panzer Leader counters", () => {
  const m4 = PL.types.us_m4;

  test("a type's printed lines are printed as they come, and its details spelled out", () => {
    assert.deepEqual(counterValues({}, m4), { fire: m4.fire, move: m4.move });
    assert.equal(printedValues({}, m4), `${m4.fire} ${m4.move}`);
    assert.deepEqual(valuesInWords({}, m4), m4.details);
  });

  test("each kind gets a NATO symbol with marks in its frame", () => {
    for (const [id, type] of Object.entries(PL.types)) {
      const symbol = natoSymbol(symbolOf(type), 0, 0, 20, 12);
      assert.ok(symbol.children.length > 1, `${id} (${type.kind}) has only a frame`);
    }
  });

  test("chips are the view's: each with the marker's label and title, as the server sends them", () => {
    const halftrack = Object.values(PL.view.units).find((u) => u.id === "al-halftrack-1");
    assert.deepEqual(halftrack.chips, [{ kind: "carrying", label: FACES.markers.carrying.label, title: FACES.markers.carrying.title, severity: "info" }],
      "the view says the halftrack carries its riflemen");
    const looks = chipLooks(halftrack);
    assert.deepEqual(looks.map((c) => [c.text, c.title]), [[FACES.markers.carrying.label, FACES.markers.carrying.title]]);
  });

  test("a face-down counter known only by a handle is drawn as a question mark in its side's colour, with the chips its view gives it", () => {
    const dispersed = { kind: "dispersed", label: FACES.markers.dispersed.label, title: FACES.markers.dispersed.title, severity: "danger" };
    const units = [{ id: "u1a2b3", type: null, side: "allied", hex: "A-A-1", hidden: true, afloat: true, chips: [dispersed] }];
    const [item] = unitItems(units, INDEX, { size: 30, types: PL.types, looks: FACES });
    const text = JSON.stringify(item);
    assert.ok(text.includes('"?"') && text.includes("face down"), text);
    assert.ok(text.includes(FACES.sides.allied.fill));
    assert.ok(text.includes(`"data-chip-kinds":"dispersed"`), text);
  });

  test("own counters are outlined, never recoloured; both sides keep their own fill", () => {
    const view = Object.values(PL.view.units);
    const own = view.find((u) => u.own);
    const enemy = view.find((u) => !u.own);
    assert.equal(own.side, "allied");
    assert.equal(enemy.side, "german");
    assert.notEqual(FACES.sides.allied.fill, FACES.sides.german.fill);
  });
});

describe("Panzer Leader markers", () => {
  test("laid markers say what they are and the number they carry; markers on units are chips, not tags", () => {
    const markers = [
      { kind: "wreck", hex: "A-B-2", count: 2 }, { kind: "fort", hex: "A-B-3", defense: 16 }, { kind: "mine", hex: "A-B-4", inverted: true },
      { kind: "smoke", hex: "A-B-5" }, { kind: "dispersed", unit: "x", hex: "A-B-6" },
    ];
    assert.equal(markerLabel(markers[0], FACES), `${FACES.markers.wreck.label}2`);
    assert.equal(markerLabel(markers[1], FACES), `${FACES.markers.fort.label}16`);
    // An aircraft counter names itself: its plane, not the generic AIR tag.
    assert.equal(markerLabel({ kind: "aircraft", hex: "A-C-3", label: "P-47" }, FACES), "P-47");
    const items = markerItems(markers, INDEX, 30, { looks: FACES });
    assert.deepEqual(items.map((i) => i.attrs["data-hex"]), ["A-B-2", "A-B-3", "A-B-4", "A-B-5"]);
    assert.ok(JSON.stringify(items[2]).includes("not finished"), "a minefield being laid says so");
    assert.ok(items[3].children.some((c) => c.attrs?.class === "smoke"), "smoke shades its hex");
  });

  test("an aircraft is a counter in the air over its target: its flight on it, an arrow to the hex, a line from each AA unit in reach", () => {
    const plane = {
      kind: "aircraft", hex: "A-C-3", aircraft: "al-p47-1", side: "allied", label: "P-47", weapon: "rockets",
      anti_aircraft: ["ge-flak20-1", "ge-flak20-2"], aa_hexes: ["A-C-6", "A-E-3"],
      flight: { first: 2, last: 4, mg_left: 3, ordnance_left: 0 },
      title: "P-47 Thunderbolt (rockets) strikes A-C-3, flying turns 2-4; 2 AA units in range",
    };
    const observer = { ...plane, aircraft: "al-l5-1", label: "L-5", weapon: "observer", anti_aircraft: [], aa_hexes: [], flight: { first: 1, last: 1, mg_left: 0, ordnance_left: 0 } };
    const items = markerItems([plane, observer, { kind: "wreck", hex: "A-C-3", count: 1 }], INDEX, 30, { looks: FACES });
    // Not a tag among the hex's laid markers: the wreck is the only one there.
    const laid = items.find((i) => i.attrs.class === "hex-markers laid");
    assert.deepEqual(laid.children.map((c) => c.attrs["data-marker"]), ["wreck"]);
    const counters = items.filter((i) => i.attrs.class?.startsWith("aircraft-counter"));
    assert.deepEqual(counters.map((i) => [i.attrs["data-aircraft"], i.attrs["data-hex"]]), [["al-p47-1", "A-C-3"], ["al-l5-1", "A-C-3"]]);
    const [p47, l5] = counters;
    const kids = (item, cls) => item.children.filter((c) => c.attrs?.class === cls);
    assert.equal(p47.children[0].text, plane.title);
    assert.equal(kids(p47, "aircraft-name")[0].text, "P-47");
    assert.equal(kids(p47, "aircraft-flight")[0].text, "T2-4 · MG3", "its rockets are spent, three machine-gun strikes left");
    assert.equal(kids(l5, "aircraft-flight")[0].text, "T1");
    // In its side's colours, side by side with the other plane over the hex, above the ground.
    const box = (item) => item.children.find((c) => c.tag === "rect").attrs;
    assert.equal(box(p47).fill, FACES.sides.allied.fill);
    assert.ok(box(l5).x > box(p47).x + box(p47).width);
    assert.equal(kids(p47, "aircraft-target").length, 1);
    assert.equal(kids(l5, "aircraft-target").length, 1);
    // A dotted line from each AA unit's hex to the plane; none to the L-5 no AA reaches.
    const aa = kids(p47, "aa-line");
    assert.equal(aa.length, 2);
    for (const [line, hex] of aa.map((l, i) => [l, plane.aa_hexes[i]])) {
      const c = INDEX.get(hex);
      assert.ok(c && line.attrs["stroke-dasharray"]);
    }
    assert.equal(kids(l5, "aa-line").length, 0);
    assert.equal(flightLine({ ...plane, flight: { first: 3, last: 3, mg_left: 4, ordnance_left: 1 }, weapon: "bombs" }), "T3 · B1 MG4");
  });
});

describe("every Panzer Leader command has words and a place on the board", () => {
  // The core's handlers, and the commands the optional rules' plug-ins carry out
  // (`commands={"face": ("movement", face_command)}` in optional/*.py).
  const plugins = readdirSync(new URL("../../games/rules/panzer_leader/optional/", import.meta.url))
    .filter((f) => f.endsWith(".py"))
    .flatMap((f) => [...source(`optional/${f}`).matchAll(/commands=\{"(\w+)": \("/g)].map((m) => m[1]));
  const handlers = [...[...source("core/commands.py").matchAll(/"(\w+)": (?:fire|order_indirect|cancel_order|resolve_indirect|air_strike|fly|move|exit_map|engineer|assign_vehicle|lay_bridge|land|reposition|load|unload|do_overrun|do_assault)[,\n}]/g)].map((m) => m[1]), ...plugins];
  const windows = ["end_phase", "opportunity_fire", "anti_aircraft", "decline"];
  const SAMPLE = {
    ...PL.commands,
    smoke: { type: "smoke", units: ["al-mortar81-1"], hex: "A-L-2" },
    face: { type: "face", unit: "ge-at75-1", facing: 3 },
    lay_bridge: { type: "lay_bridge", unit: "al-m4-1" },
    assign_vehicle: { type: "assign_vehicle", unit: "al-engineer-1", vehicle: "al-halftrack-1" },
    unload_cargo: { type: "unload_cargo", carrier: "al-halftrack-1" },
  };

  test("the engine's command types are read from its handlers", () => {
    assert.ok(handlers.length >= 20, handlers.join(","));
    assert.deepEqual(plugins.sort(), ["face", "smoke", "unload_cargo"]);
  });

  for (const type of [...new Set([...handlers, ...windows])]) {
    test(`${type}: words, and a place (the bar, a unit's panel or a hex)`, () => {
      const cmd = SAMPLE[type];
      assert.ok(cmd, `no sample of ${type}`);
      const words = describeCommand(cmd, nameOf);
      assert.ok(words.length > 8 && !/undefined|\[object/.test(words), words);
      assert.doesNotMatch(words, RAW_ID, words);
      const groups = { [type]: [cmd] };
      const onBar = globalCommands(groups).includes(cmd);
      const first = actors(cmd)[0];
      const onUnit = first ? unitCommands(groups, { id: first, hex: null }).includes(cmd) : false;
      assert.ok(onBar !== onUnit, `${type} is offered ${onBar ? "on the bar and a unit" : "nowhere"}`);
      assert.equal(isGlobal(cmd), onBar);
    });
  }

  test("naval gunfire and air strikes are on the bar; a unit's fire and moves on its panel", () => {
    assert.ok(isGlobal({ type: "fire", units: [], targets: ["ge-rifle-1"], naval: 20 }));
    assert.ok(isGlobal(PL.commands.air_strike));
    assert.ok(!isGlobal(PL.commands.move) && !isGlobal({ type: "fire", units: ["al-m4-1"], targets: ["ge-pz4-1"] }));
  });
});

describe("Panzer Leader commands on the map", () => {
  const hexOf = (id) => ({ "ge-pz4-1": "A-M-3", "ge-rifle-2": "A-M-3", "al-m4-1": "A-B-4", "al-m4-2": "A-B-5", "al-rifle-2": "A-C-3" })[id] ?? null;
  const isHex = (label) => INDEX.has(label);

  test("a command's hex: a move's `to`, the hex of the unit it fires at, a fortification's or bridge's hex", () => {
    assert.equal(commandHex({ type: "move", unit: "al-m4-1", to: "A-D-4" }, { hexOf, isHex }), "A-D-4");
    assert.equal(commandHex({ type: "fire", units: ["al-m4-1"], targets: ["ge-pz4-1"] }, { hexOf, isHex }), "A-M-3");
    assert.equal(commandHex({ type: "fire", units: ["al-m4-1"], targets: ["fort:A-L-2"] }, { hexOf, isHex }), "A-L-2");
    assert.equal(commandHex({ type: "order_indirect", unit: "al-mortar81-1", hex: "A-L-1" }, { hexOf, isHex }), "A-L-1");
    assert.equal(commandHex({ type: "opportunity_fire", units: ["ge-pz4-1"], target: "al-m4-1" }, { hexOf, isHex }), "A-B-4");
    assert.equal(commandHex({ type: "fire", units: ["al-m4-1"], targets: ["nobody"] }, { hexOf, isHex }), null);
  });

  test("moves by destination, other ways to the same hex kept; fire by target hex, joined by units of other hexes", () => {
    const cmds = [
      { type: "move", unit: "al-m4-1", to: "A-D-4" }, { type: "move", unit: "al-m4-1", to: "A-D-4", road: false },
      { type: "fire", units: ["al-m4-1"], targets: ["ge-pz4-1"] }, { type: "fire", units: ["al-m4-1", "al-m4-2"], targets: ["ge-pz4-1"] },
      { type: "fire", units: ["al-m4-2"], targets: ["ge-rifle-2"] },
      { type: "engineer", units: ["al-m4-1"], task: "remove_block", hex: "A-C-4" },
    ];
    const opts = boardOptions(cmds, ["al-m4-1"], { hexOf, isHex });
    assert.deepEqual([...opts.moves.keys()], ["A-D-4"]);
    assert.equal(opts.more.get("A-D-4").length, 1);
    assert.equal(opts.targets.get("A-M-3").length, 2, "alone, and with the tank of the next hex");
    assert.deepEqual([...opts.others.keys()], ["A-C-4"]);
  });

  test("the overlay labels a move without a path by its cost once known, and a target with its odds and chance", () => {
    const move = { type: "move", unit: "al-m4-1", to: "A-D-4" };
    const fire = { type: "fire", units: ["al-m4-1"], targets: ["ge-pz4-1"] };
    const opts = boardOptions([move, fire], ["al-m4-1"], { hexOf, isHex });
    const previews = new Map([[move, { ok: true, cost: 3.5, path: ["A-C-4", "A-D-4"] }], [fire, { ok: true, attack: { column: "2-1", odds: "2-1", provisional: true, attack: "24", defense: "9", chances: { X: "1/6", D: "1/3", "-": "1/2" } } }]]);
    const marks = overlayMarks(opts, (c) => previews.get(c) ?? null);
    assert.equal(marks.reach[0].label, "3½ MP");
    assert.equal(marks.targets[0].label, "2-1 · 50%");
    assert.equal(overlayMarks(opts, () => null).reach[0].label, null);
  });
});

describe("odds-ratio previews (PL-D1: the rules reference names the source, no odds line says provisional)", () => {
  const fire = { ok: true, attack: { kind: "direct", hex: "A-H-1", targets: ["al-m4-1"], attack: "24", defense: "9", odds: "2-1", column: "2-1", shift: 0, drm: 1, drm_reasons: ["woods +1"], lines: [{ unit: "ge-at75-1", printed: 12, weapon: "A", wec: "2", elevation: "1", strength: "24" }], chances: { X: "1/6", DD: "1/3", D: "1/3", "-": "1/6" }, provisional: true, extra: [] } };

  test("the label and the confirm give the column and the chances, never 'provisional' (an old game's payload may still carry the flag)", () => {
    assert.equal(previewLabel(fire), "2-1 · 83%");
    const { rows, chances } = explainPreview(fire, nameOf);
    const text = rows.map((r) => r.join(": ")).join("\n");
    assert.match(text, /^column: 2-1$/m);
    assert.doesNotMatch(text, /provisional/);
    assert.match(text, /attack strength: 24 = 75mm 24 \(class A, ×2 weapon effect\)/);
    assert.match(text, /die modifier: \+1/);
    assert.deepEqual(chances.map(([r]) => r), ["DD: dispersed twice", "D: dispersed", "X: eliminated", "no effect"]);
  });

  test("odds below 1-4, a face-down target, indirect fire and an air strike's flak are each explained", () => {
    const low = { ok: true, attack: { ...fire.attack, odds: "1-5", column: null, chances: { "-": "1" } } };
    assert.match(previewLabel(low), /below 1-4/);
    const hidden = { ok: true, hidden: true, provisional: true, attack: { kind: "direct", hex: "C-C-1", attack: "12", lines: [] }, why: "the counter is revealed when fired upon (19.3)" };
    assert.match(previewLabel(hidden), /no odds/);
    assert.ok(explainPreview(hidden, nameOf).rows.some(([k, v]) => k === "odds" && /revealed when fired upon/.test(v)));
    const order = { ok: true, hex: "A-J-1", turn: 4, spotters: ["al-m4-1"], strength: 8, provisional: true, why: "lands later", attacks: [{ ...fire.attack, attack: "4.0" }] };
    assert.equal(previewLabel(order), "lands turn 4 · 2-1 · 83%");
    assert.doesNotMatch(explainPreview(hidden, nameOf).rows.flat().join(" "), /provisional/);
    assert.doesNotMatch(explainPreview(order, nameOf).rows.flat().join(" "), /provisional/);
    assert.equal(explainPreview(order, nameOf).sections.length, 1);
    const strike = { ...fire, anti_aircraft: { units: ["ge-flak20-1"], strength: "8", chances: { "-": "4/6", A: "2/6" }, provisional: true } };
    assert.equal(explainPreview(strike, nameOf).sections[0].title, "Anti-aircraft fire it meets: strength 8");
  });

  test("costs come as numbers and read as mixed numbers; a command without a preview gets no label", () => {
    assert.equal(amount(1.5), "1½");
    assert.equal(amount("11/2"), "5½");
    assert.equal(amount("20.0"), "20");
    assert.equal(previewLabel({ ok: true, cost: 5, left: 3, allowance: 8 }), "5 MP");
    assert.equal(previewLabel({ ok: false, why_not: "no preview for 'engineer'" }), null);
    assert.match(previewLabel({ ok: false, why_not: "blocked", rule: "7" }), /^not possible/);
    assert.deepEqual(sheetChances({ X: "1" }), [["X: eliminated", "100%"]]);
  });
});

describe("the Panzer Leader turn in words", () => {
  const base = { ruleset: "panzer_leader", turn: 2, turns: 8, active: "allied", phase: "move_vehicles", pending: null, to_act: "allied", may_act: ["ann"], units: { "al-m4-1": { id: "al-m4-1", hex: "A-D-4" } } };

  test("the phase with the side whose player turn it is, and what the player does in it", () => {
    assert.equal(phaseWords(base, sideName), "Allied player turn: Movement phase: vehicles");
    assert.deepEqual(whoseMove(base, "ann", sideName), { text: "Your move: move, load and overrun with your vehicles, then end the phase", mine: true });
    assert.equal(whoseMove(base, "bob", sideName).text, "Allied is playing: movement phase: vehicles");
  });

  test("an opportunity-fire window names the mover and where it is; an anti-aircraft window the aircraft", () => {
    const window = { ...base, to_act: "german", may_act: ["bob"], pending: { kind: "move", mover: "al-m4-1", targets: ["al-m4-1"], eligible: ["ge-pz4-1"], aircraft: [] } };
    assert.equal(whoseMove(window, "bob", sideName, nameOf).text, "Your move: opportunity fire at 1st M-4/75 in A-D-4, or decline");
    assert.equal(whoseMove(window, "ann", sideName, nameOf).text, "German may opportunity-fire at 1st M-4/75 in A-D-4");
    assert.deepEqual(openWindow(window, (id) => window.units[id]), { mover: "al-m4-1", hex: "A-D-4" });
    const aa = { ...window, pending: { kind: "aa", mover: null, targets: [], eligible: ["ge-flak20-1"], aircraft: ["al-p47-1"] }, aircraft: [{ id: "al-p47-1", hex: "A-L-2" }] };
    assert.deepEqual(openWindow(aa), { aircraft: ["al-p47-1"], hex: "A-L-2" });
    assert.match(whoseMove(aa, "bob", sideName, (id) => (id === "al-p47-1" ? "P-47 Thunderbolt (bombs)" : id)).text, /anti-aircraft fire at P-47 Thunderbolt/);
  });
});

describe("the Panzer Leader log", () => {
  // Every event type the ruleset's modules append (and the attack sheet's, built in combat/attack_sheet._event).
  const types = new Set(["attack"]);
  for (const file of readdirSync(new URL("../../games/rules/panzer_leader/", import.meta.url), { recursive: true }).filter((f) => f.endsWith(".py"))) {
    const text = source(file);
    for (const m of text.matchAll(/events\.append\(\{\s*"type":\s*"(\w+)"/g)) types.add(m[1]);
    for (const m of text.matchAll(/"type": "(\w+)" if [^\n]* else "(\w+)"/g)) { types.add(m[1]); types.add(m[2]); }
  }

  test("every event the ruleset emits has a sentence of its own", () => {
    assert.ok(types.size >= 40, [...types].join(","));
    for (const type of types) {
      // An event met in the sample games as it was; the others with the fields such events carry.
      const sample = PL.events[type] ?? {
        type, units: ["al-engineer-1", "al-halftrack-1"], hex: "A-B-4", side: "allied", kind: "tank", task: "make_block", step: 1,
        turn: 2, roll: 3, rolls: [3], odds: "1-5", why: "worse than 1-4", lands: "A-B-5", aircraft: ["al-p47-1"], strength: "8",
        die: 3, result: "-", facing: "south", inside: true, target: "A-B-5", exits: { "al-m4-1": "A-C-5" }, from_turn: 3,
      };
      const text = describePanzerLeaderEvent(sample, { nameOf, sideName });
      assert.ok(text, `no words for ${type}`);
      assert.doesNotMatch(text, /undefined|\[object|null/, `${type}: ${text}`);
      assert.doesNotMatch(text, RAW_ID, `${type}: ${text}`);
    }
  });

  test("the real events read as sentences naming counters and the odds, with no provisional mark", () => {
    assert.match(describePanzerLeaderEvent(PL.events.attack, { nameOf, sideName }), /odds \d-\d; |odds below 1-4/);
    assert.doesNotMatch(describePanzerLeaderEvent(PL.events.attack, { nameOf, sideName }), /provisional/);
    // An old game's log may carry the flag the charts once had: it is not read out.
    assert.doesNotMatch(describePanzerLeaderEvent({ ...PL.events.attack, provisional: true }, { nameOf, sideName }), /provisional/);
    assert.match(describePanzerLeaderEvent(PL.events.move, { nameOf, sideName }), / moves? /);
    assert.equal(vocabulary("panzer_leader").describe, describePanzerLeaderEvent);
    assert.equal(vocabulary("panzer_grenadier"), null);
    assert.ok(trayRollsPL(PL.events.attack)?.[0]?.dice.length === 1 || PL.events.attack.die === null);
  });

  test("an event without words still reads as a sentence, never a dump of fields", () => {
    const text = generic({ type: "bridge_wobbled", units: ["al-m4-1"], hex: "A-C-4", side: "allied", rolls: [3], where: { "al-m4-1": "A-C-5" } }, nameOf, sideName);
    assert.equal(text, "Bridge wobbled (Allied): 1st M-4/75 in A-C-4; rolls 3, where 1st M-4/75 A-C-5.");
  });

  test("a phase announced with its turn and player turn opens one group headed by the phase", () => {
    const groups = groupLog([
      { v: 3, event: { type: "phase", phase: "assault", side: "allied" } },
      { v: 4, event: { type: "segment", side: "german", turn: 1 } }, { v: 4, event: { type: "phase", phase: "combat", side: "german" } },
      { v: 5, event: PL.events.attack },
    ]);
    assert.equal(groups.length, 2);
    assert.equal(groups[1].title.event.type, "phase");
    assert.equal(groups[1].side, "german");
    assert.equal(groups[1].entries.length, 3);
  });
});

describe("server sentences and answers in the board's words", () => {
  test("counter ids in a referee's sentence become the counters' names", () => {
    const text = namedText("fire: ge-at75-1 has no line of sight to 'al-m4-1' (2.6)", ["ge-at75-1", "al-m4-1", "al-m4-10"], nameOf);
    assert.equal(text, "fire: 75mm has no line of sight to 1st M-4/75 (2.6)");
  });

  test("a line of sight answered as clear / why_not reads like any other", () => {
    assert.deepEqual(sightAnswer({ from: "A-M-2", to: "A-I-3", clear: false, why_not: "the town at A-L-2 (J.10)" }),
      { from: "A-M-2", to: "A-I-3", clear: false, why_not: "the town at A-L-2 (J.10)", seen: false, path: [], blocked_by: { reason: "the town at A-L-2 (J.10)", hex: null } });
    assert.equal(sightAnswer({ from: "a", to: "b", seen: true }).seen, true);
  });
});

describe("the Panzer Leader text view and keyboard", () => {
  test("a carrier's load is listed under the carrier, and 'next unit' finds it", async () => {
    const { placeCommands } = await import("../../static/games/js/game/textview.js");
    const { unitsWithCommands } = await import("../../static/games/js/game/legal.js");
    const groups = { load: [{ type: "load", carrier: "ge-engineer_ht-1", passenger: "ge-engineer-1" }], fire: [{ type: "fire", units: [], targets: ["al-m4-1"], naval: 20 }], end_phase: [{ type: "end_phase" }] };
    const placed = placeCommands(groups);
    assert.deepEqual([...placed.byUnit.keys()], ["ge-engineer_ht-1"]);
    assert.deepEqual(placed.global.map((c) => c.type), ["fire", "end_phase"]);
    assert.deepEqual(unitsWithCommands(groups), ["ge-engineer_ht-1"]);
  });
});

describe("the help line's command keys", () => {
  test("Panzer Leader lists the keys of its own commands only (no pass, no initiative)", async () => {
    const { SHORTCUTS } = await import("../../static/games/js/game/legal.js");
    const { commandKeys } = await import("../../static/games/js/game/vocabulary.js");
    const types = new Set(Object.values(PL.commands).flat().map((c) => c.type));
    const keyed = new Set([...types].filter((t) => SHORTCUTS[t]).map((t) => SHORTCUTS[t]));
    assert.deepEqual(new Set(commandKeys("panzer_leader").map(([key]) => key)), keyed);
    assert.deepEqual(commandKeys("panzer_grenadier").map(([key]) => key), ["e", "p", "i", "d"]);
  });
});
