// A formation activation (17.7) is a roll: before it the player is told which counters it
// would activate (the command's `units`, as the server offers them, named in the confirm),
// what the roll needs and its chance, and what a failure costs (the server's preview,
// `formation_roll`).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { drawActions, drawConfirm } from "../../static/games/js/game/actionsview.js";
import { describeCommand } from "../../static/games/js/game/legal.js";
import { explainPreview, previewLabel } from "../../static/games/js/game/odds.js";
import { fakeGamePage } from "./tools/fake_dom.mjs";

const NAMES = { "su-maj": "Major Orlov", "su-lt": "Lt. Zaitsev", "su-1": "1st Rifle", "su-2": "2nd Rifle" };
const nameOf = (id) => NAMES[id] ?? id;
const formationName = (id) => ({ f1: "Guards Tank Brigade" })[id] ?? "the formation";
// As the server offers and previews digest case 31: two units lost (+2), one reduced (+1),
// Guards in 1944 (-1), against the Major's morale 8 (tests/rules/.../test_formation.py).
const FORM = { type: "activate", kind: "formation", formation: "f1", units: ["su-1", "su-2", "su-lt", "su-maj"] };
const PREVIEW = { command: FORM, formation_roll: {
  formation: "f1", leader: "su-maj", dice: 2, needed: 8,
  modifiers: [{ reason: "friendly units eliminated", value: 2 }, { reason: "formation units at half strength", value: 1 }, { reason: "Soviet Guards formation", value: -1 }],
  succeeds: { p: 0.4167, fraction: "5/12" }, activates: FORM.units, marked_on_failure: ["su-lt", "su-maj"], segment_spent_on_failure: true, rule: "17.7",
} };

function page({ preview = null, picked = [] } = {}) {
  const nodes = fakeGamePage();
  const groups = { activate: [FORM] };
  const asked = [];
  const ctx = {
    ui: { picked, acting: "su-1", openFolds: new Set(), offers: [], proposal: null }, boot: { seat: "su-1", side: "su", ruleset: "panzer_grenadier" },
    view: () => ({ units: {}, previewed: ["move", "activate"], legal: { "su-1": groups } }), groups: () => groups,
    options: () => ({ moves: new Map(), more: new Map(), targets: new Map(), others: new Map() }),
    previewFor: (cmd) => (cmd.kind === "formation" ? preview : null), loadPreviewOf: (cmd) => asked.push(cmd),
    canAct: () => true, nameOf, formationName, sideName: (s) => s, terrainOf: () => "clear", hexOf: () => null,
    propose: () => {}, render: () => {}, setPicks: () => {}, mayAssaultOnCollision: () => false, version: () => 4,
  };
  return { nodes, ctx, asked };
}

describe("offering a formation activation", () => {
  test("its words name the formation and count the counters the roll would activate", () => {
    assert.equal(describeCommand(FORM, nameOf, { formationName }), "Roll to activate Guards Tank Brigade (4 counters)");
    assert.equal(describeCommand(FORM, nameOf), "Roll to activate the formation (4 counters)");
  });

  test("the confirm names every counter it would activate before the server's preview comes", () => {
    const { nodes, ctx } = page();
    ctx.ui.proposal = { command: FORM };
    drawConfirm(ctx);
    assert.match(nodes.confirm.textContent, /it would activate1st Rifle, 2nd Rifle, Lt\. Zaitsev, Major Orlov/);
  });

  test("the confirm says what the roll needs, its chance and what success and failure do", () => {
    const { nodes, ctx } = page({ preview: PREVIEW });
    ctx.ui.proposal = { command: FORM };
    drawConfirm(ctx);
    const text = nodes.confirm.textContent;
    assert.match(text, /^Roll to activate Guards Tank Brigade \(4 counters\)the roll/);
    // The counters after the chance: a formation's long list leaves the roll in sight.
    assert.match(text, /it fails58%it would activate1st Rifle, 2nd Rifle, Lt\. Zaitsev, Major Orlov/);
    assert.match(text, /2d6 \+ 2 must come to 8 or less, Major Orlov's morale \(17\.7\)/);
    assert.match(text, /modifier \+2friendly units eliminated/);
    assert.match(text, /modifier -1Soviet Guards formation/);
    assert.match(text, /all 4 counters activate, led by Major Orlov/);
    assert.match(text, /Lt\. Zaitsev, Major Orlov are marked Moved\/Fired \(the other counters are not\); the action segment is spent \(17\.7\)/);
    assert.match(text, /the formation activates42%/);
    assert.match(text, /This cannot be taken back/);
  });

  test("the chances are the server's, and the button says them in a few words", () => {
    const { chances } = explainPreview(PREVIEW, nameOf);
    assert.deepEqual(chances, [["the formation activates", "42%"], ["it fails", "58%"]]);
    assert.equal(previewLabel(PREVIEW), "2d6 + 2 ≤ 8: 42% to activate");
  });

  test("until the server's answer comes the confirm says it is working out the roll", () => {
    const { nodes, ctx } = page();
    ctx.ui.proposal = { command: FORM };
    drawConfirm(ctx);
    assert.match(nodes.confirm.textContent, /Working out the roll…/);
  });

  test("picking a counter of the formation offers the roll, its chance on the button", () => {
    const { nodes, ctx } = page({ preview: PREVIEW, picked: ["su-2"] });
    drawActions(ctx, [FORM]);
    assert.match(nodes["unit-actions"].textContent, /Roll to activate Guards Tank Brigade \(4 counters\) — 2d6 \+ 2 ≤ 8: 42% to activate/);
  });
});
