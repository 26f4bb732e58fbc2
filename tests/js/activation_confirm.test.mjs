// A Panzer Grenadier activation spends only units the player was shown (3.1): the command the
// server lists names every counter it activates (`units`), the confirm lists them, and once
// it is open the counters that move together are picked and the others listed to act.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { drawActions, drawStack } from "../../static/games/js/game/actionsview.js";
import { activationPicks, actors, describeCommand, pickTogether, stillToAct } from "../../static/games/js/game/legal.js";
import { fakeGamePage } from "./tools/fake_dom.mjs";

const NAMES = { "su-petrov": "Kapitan Petrov", "su-r1": "1st Rifle", "su-r2": "2nd Rifle", "su-r3": "3rd Rifle", "su-mg": "MG platoon" };
const nameOf = (id) => NAMES[id] ?? id;
const HEX = { "su-petrov": "A0305", "su-r1": "A0305", "su-r2": "A0305", "su-r3": "A0306", "su-mg": "A0405" };
const hexOf = (id) => HEX[id] ?? null;
const LED = { type: "activate", kind: "leader", unit: "su-petrov", units: ["su-mg", "su-petrov", "su-r1", "su-r2", "su-r3"] };
const ACTIVATION = { side: "su", seat: "su-1", kind: "leader", leader: "su-petrov", units: LED.units, acted: [] };
// What the server offers once it is open: each mover alone and each hex's movers together.
const MOVES = [
  ...LED.units.map((id) => ({ type: "move", unit: id, path: ["A0304"] })),
  { type: "move", units: ["su-petrov", "su-r1", "su-r2"], path: ["A0304"] },
  { type: "move", units: ["su-petrov", "su-r1", "su-r2"], path: ["A0304", "A0303"] },
  { type: "end_activation" },
];

describe("offering a leader's activation", () => {
  test("the confirm's words name every unit he leads, as the server listed them", () => {
    assert.equal(describeCommand(LED, nameOf), "Activate Kapitan Petrov and the units he leads: MG platoon, 1st Rifle, 2nd Rifle, 3rd Rifle");
    assert.equal(describeCommand({ type: "activate", kind: "stack", hex: "A0305", units: ["su-petrov", "su-r1"] }, nameOf), "Activate the stack in A0305: Kapitan Petrov, 1st Rifle");
    assert.equal(describeCommand({ type: "activate", kind: "unit", unit: "su-r1", units: ["su-r1"] }, nameOf), "Activate 1st Rifle");
  });

  test("picking a unit he leads offers his activation too", () => {
    assert.ok(actors(LED).includes("su-r3"));
  });
});

describe("once the activation is open", () => {
  test("the leader's hex's counters that move together are picked, and the rest are still to act", () => {
    assert.deepEqual(activationPicks(ACTIVATION, MOVES, hexOf), ["su-petrov", "su-r1", "su-r2"]);
    assert.deepEqual(stillToAct(ACTIVATION, MOVES, hexOf), [
      { hex: "A0305", units: ["su-petrov", "su-r1", "su-r2"] }, { hex: "A0405", units: ["su-mg"] }, { hex: "A0306", units: ["su-r3"] }]);
    assert.deepEqual(pickTogether(["su-r3"], MOVES), ["su-r3"]);
  });

  test("a counter with nothing left to do is not listed", () => {
    const done = MOVES.filter((c) => c.unit !== "su-mg");
    assert.deepEqual(stillToAct(ACTIVATION, done, hexOf).map((g) => g.hex), ["A0305", "A0306"]);
  });

  test("the action panel lists every activated counter still to act, each hex a button", () => {
    const nodes = fakeGamePage();
    const groups = { move: MOVES.filter((c) => c.type === "move"), end_activation: [{ type: "end_activation" }] };
    const ctx = {
      ui: { picked: ["su-petrov", "su-r1", "su-r2"], acting: "su-1", openFolds: new Set(), offers: [] }, boot: { seat: "su-1", side: "su", ruleset: "panzer_grenadier" },
      view: () => ({ activation: ACTIVATION, units: {} }), groups: () => groups, hexOf, nameOf, sideName: (s) => s, terrainOf: () => "clear",
      options: () => ({ moves: new Map([["A0304", MOVES[5]]]), more: new Map(), targets: new Map(), others: new Map() }),
      previewFor: () => null, canAct: () => true, propose: () => {}, render: () => {}, setPicks: () => {}, mayAssaultOnCollision: () => false, version: () => 3,
    };
    drawActions(ctx, []);
    const list = nodes["unit-actions"];
    assert.match(list.textContent, /Activated, still to act:Kapitan Petrov, 1st Rifle, 2nd Rifle \(A0305\)MG platoon \(A0405\)3rd Rifle \(A0306\)/);
    assert.match(list.outerHTML, /data-hex="A0305"[^>]*aria-pressed="true"/);
  });
});

describe("the stack panel's summary", () => {
  function stack(picked) {
    const nodes = fakeGamePage();
    const here = ["su-petrov", "su-r1"].map((id) => ({ id, own: true, hex: "A0305", type: "x" }));
    const ctx = {
      ui: { stackHex: "A0305", picked, selected: picked[0] }, board: { select() {} }, boot: { types: {} }, nameOf,
      stackAt: () => here, options: () => ({ moves: new Map([["A0304", {}], ["A0303", {}]]), targets: new Map() }),
      pickedCommands: () => [], canAct: () => true, setPicks() {}, openStack() {}, togglePick() {}, render() {},
    };
    drawStack(ctx);
    return nodes["stack-panel"].textContent;
  }

  test("says \"together\" only of several counters picked", () => {
    assert.match(stack(["su-petrov", "su-r1"]), /Together they can move to 2 hexes/);
    const alone = stack(["su-petrov"]);
    assert.doesNotMatch(alone, /Together/);
    assert.match(alone, /Kapitan Petrov can move to 2 hexes/);
  });
});
