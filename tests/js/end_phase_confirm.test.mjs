// What a Panzer Leader player is shown before ending a phase or moving at Quick-Time is what
// will happen: the words come from the server's preview (end_phase's `eliminates`, a move's
// `quick_time`), and the units waiting to enter stay listed while others are picked.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { drawActions, drawConfirm } from "../../static/games/js/game/actionsview.js";
import { explainPreview, previewLabel } from "../../static/games/js/game/odds.js";
import { fakeGamePage } from "./tools/fake_dom.mjs";

const NAMES = { "al-m4-3": "3rd M-4/75", "al-m4-4": "4th M-4/75", "al-ht-2": "2nd Half-track", "al-rifle-4": "4th Rifle", "al-m4-1": "1st M-4/75" };
const nameOf = (id) => NAMES[id] ?? id;
const END = { type: "end_phase" };
// As the server previews end_phase in Hollenbach, turn 2, Allied vehicle phase (4.7; QA G4).
const LOST = { ok: true, phase: "move_vehicles", eliminates: [
  { units: ["al-m4-3"], why: "due this turn and not entered", rule: "4.7; QA G4" },
  { units: ["al-m4-4"], why: "due this turn and not entered", rule: "4.7; QA G4" },
  { units: ["al-ht-2", "al-rifle-4"], why: "due this turn and not entered", rule: "4.7; QA G4" },
] };
const QUICK = { ok: true, path: ["A-D-3", "A-E-3"], allowance: 1, spent_before: 0, road: true, steps: [],
  quick_time: { hexes: 2, disperses_on: "4-6", dispersed: "1/2", half_defence: true, rule: "21.1" } };

function page({ picked = [], preview = null } = {}) {
  const nodes = fakeGamePage();
  const units = {
    "al-m4-1": { id: "al-m4-1", own: true, hex: "A-B-3" },
    "al-m4-3": { id: "al-m4-3", own: true, hex: null, entry_turn: 2 },
    "al-m4-4": { id: "al-m4-4", own: true, hex: null, entry_turn: 2 },
    "al-ht-2": { id: "al-ht-2", own: true, hex: null, entry_turn: 2 },
  };
  const groups = { move: [{ type: "move", unit: "al-m4-1", to: "A-C-3" }, { type: "move", unit: "al-m4-3", to: "A-A-1" }, { type: "move", unit: "al-m4-4", to: "A-A-1" }, { type: "move", unit: "al-ht-2", to: "A-A-1" }], end_phase: [END] };
  const asked = [];
  const ctx = {
    ui: { picked, openFolds: new Set(), offers: [], proposal: null }, boot: { seat: "ann", side: "allied", ruleset: "panzer_leader" },
    view: () => ({ units, previewed: ["end_phase", "move"], legal: { ann: groups } }), groups: () => groups,
    options: () => ({ moves: new Map(), more: new Map(), targets: new Map(), others: new Map() }),
    previewFor: (cmd) => (cmd.type === "end_phase" ? preview : null), loadPreviewOf: (cmd) => asked.push(cmd),
    canAct: (id) => groups.move.some((c) => c.unit === id), nameOf, sideName: (s) => s, terrainOf: () => "clear",
    propose: () => {}, render: () => {}, setPicks: () => {}, mayAssaultOnCollision: () => false, version: () => 7,
  };
  return { nodes, ctx, asked };
}

describe("ending a Panzer Leader movement phase", () => {
  test("the confirm names the units due this turn that ending the phase eliminates, and the rule", () => {
    const { rows } = explainPreview(LOST, nameOf);
    assert.deepEqual(rows, [["eliminated",
      "4 units due this turn and not entered: 3rd M-4/75, 4th M-4/75, 2nd Half-track, 4th Rifle. Ending the phase eliminates them (4.7; QA G4)."]]);
    const { nodes, ctx } = page({ preview: LOST });
    ctx.ui.proposal = { command: END };
    drawConfirm(ctx);
    const text = nodes.confirm.textContent;
    assert.match(text, /End the phase/);
    assert.match(text, /4 units due this turn and not entered: 3rd M-4\/75.*Ending the phase eliminates them \(4\.7; QA G4\)/);
    assert.match(text, /This cannot be taken back/);
  });

  test("until the server's answer comes the confirm says it is checking; a phase that loses nothing says nothing more", () => {
    const loading = page();
    loading.ctx.ui.proposal = { command: END };
    drawConfirm(loading.ctx);
    assert.match(loading.nodes.confirm.textContent, /Checking what ending the phase does/);
    const quiet = page({ preview: { ok: true, phase: "combat", eliminates: [] } });
    quiet.ctx.ui.proposal = { command: END };
    drawConfirm(quiet.ctx);
    assert.doesNotMatch(quiet.nodes.confirm.textContent, /eliminates|Checking/);
    assert.equal(previewLabel({ ok: true, phase: "combat", eliminates: [] }), null);
  });

  test("the bar's End the phase button says how many units it eliminates, asked for before it is pressed", () => {
    const { nodes, ctx, asked } = page({ preview: LOST });
    drawActions(ctx, []);
    assert.deepEqual(asked, [END]);
    assert.match(nodes["global-actions"].textContent, /End the phase — eliminates 4 units/);
  });

  test("the units waiting to enter stay listed while a unit on the map is picked, those due marked", () => {
    const { nodes, ctx } = page({ picked: ["al-m4-1"], preview: LOST });
    drawActions(ctx, []);
    const list = nodes["unit-actions"].textContent;
    assert.match(list, /Waiting to enter/);
    assert.match(list, /3rd M-4\/75 \(enters turn 2: eliminated if the phase ends before it enters\)/);
    assert.match(list, /2nd Half-track \(enters turn 2: eliminated/);
  });
});

describe("a Panzer Leader Quick-Time move", () => {
  test("the confirm says it spends no MP but is the unit's whole move, and the dispersal roll with its chance", () => {
    const { rows } = explainPreview(QUICK, nameOf);
    const text = rows.map(([k, v]) => `${k}: ${v}`).join("\n");
    assert.doesNotMatch(text, /movement cost|left after it/);
    assert.match(text, /Quick-Time: 2 hexes whatever they cost, no road rate: the unit's whole move this phase, no MP spent \(21\.1\)/);
    assert.match(text, /while it moves: it defends at half strength against opportunity fire/);
    assert.match(text, /after the move: a die roll of 4-6 disperses it until the end of this segment: 50% \(21\.1\)/);
    assert.equal(previewLabel(QUICK), "Quick-Time · 50% dispersed");
    assert.equal(previewLabel(QUICK, { short: true }), "QT 50%");
  });
});
