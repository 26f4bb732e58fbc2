// Pointing at the map with units picked: a hex where they can do nothing asks the referee why
// not, and the reasons shown are those of the units picked when it was last asked.
import assert from "node:assert/strict";
import { test } from "node:test";

import { pointing } from "../../static/games/js/game/pointing.js";

const refusal = (message) => ({ actions: [{ action: "move", ok: false, reasons: [{ message, rule: "5.1" }] }] });

function page(fetch) {
  const ui = { picked: [], whyNot: null, hexMenu: null, proposal: null };
  return {
    ui, fetch, boot: { api: "/api/v1/games/g", seat: "ge-1" }, los: { picking: false }, hexIndex: new Map(),
    view: () => ({ units: {} }), groups: () => ({}), unitById: () => null, stackAt: () => [], pickedCommands: () => [],
    propose() {}, select() {}, openStack() {}, render() {}, loadPreviewOf() {}, partnerSeat: () => null, named: (t) => t,
  };
}

test("a hex the picked units can do nothing at shows the referee's reasons", async () => {
  const asked = [];
  const p = page(async (url) => { asked.push(url); return refusal("the truck may not enter woods"); });
  p.ui.picked = ["ge-truck"];
  await pointing(p).onHex("A0505");
  assert.deepEqual(asked, ["/api/v1/games/g/why_not?units=ge-truck&hex=A0505"]);
  assert.deepEqual(p.ui.whyNot.lines.map((l) => l.text), ["Move there: the truck may not enter woods (5.1)"]);
});

test("asked again at the hex with other units picked, the first answer coming last is not shown", async () => {
  const pending = [];
  const p = page(() => new Promise((resolve) => pending.push(resolve)));
  const point = pointing(p);
  p.ui.picked = ["ge-truck"];
  const first = point.onHex("A0505");
  p.ui.picked = ["ge-rifle"]; // picking other units closes the reasons (main.js setPicks)
  p.ui.whyNot = null;
  const second = point.onHex("A0505");
  pending[1](refusal("the platoon has moved this turn"));
  await second;
  pending[0](refusal("the truck may not enter woods"));
  await first;
  assert.deepEqual(p.ui.whyNot.lines.map((l) => l.text), ["Move there: the platoon has moved this turn (5.1)"]);
});
