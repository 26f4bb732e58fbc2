// The prompt a side not moving gets when the other side opens a window (opportunity fire,
// 13.0; anti-aircraft fire): it says plainly what the player can do now, and points to the
// standing orders that would answer such windows, with a button that opens them. A
// double-blind window where none of the side's units can fire is prompted too.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { drawOpfire } from "../../static/games/js/game/actionsview.js";
import { opfireWords } from "../../static/games/js/game/boardpanels.js";
import { fakeGamePage } from "./tools/fake_dom.mjs";

const NAMES = { "su-rifle-2": "2nd Rifle platoon", "su-mg-1": "1st MG section" };
// The side's board: the mover as its view has it (a handle; its type known, or only a marker).
const UNITS = { "h-1f2e": { id: "h-1f2e", type: "us_m4", detail: "exact", hex: "0507" }, "h-9a0b": { id: "h-9a0b", detail: "type", marker: "armor", hex: "0507" } };
const FACES = { types: { us_m4: { label: "Sherman platoon" } } };
const nameOf = (id) => NAMES[id] ?? id;
const SHOT = (firer) => ({ type: "opportunity_fire", firers: [firer], target: "h-1f2e", fire_type: "direct" });
const DECLINE = { type: "decline" };

function page({ groups, opfire = { side: "su", mover: "h-1f2e", hex: "0507" }, planning = true }) {
  const nodes = fakeGamePage();
  const opened = [];
  const ctx = {
    ui: {}, boot: { faces: FACES }, board: { mark: () => {}, centerOn: () => {} }, nameOf, previewFor: () => null, loadPreviews: () => {},
    propose: () => {}, view: () => ({ opfire, units: UNITS }), groups: () => groups, unitById: (id) => UNITS[id] ?? null,
    openOrders: planning ? (kind) => opened.push(kind) : undefined,
  };
  drawOpfire(ctx);
  return { prompt: nodes.opfire, opened };
}

/** The buttons of a node, in order (the fake DOM's children, read down the tree). */
function buttons(node) {
  return node.children.flatMap((c) => (c.tag === "button" ? [c] : buttons(c)));
}

describe("the opportunity-fire prompt", () => {
  test("it names the mover and its hex, says to pick a shot or decline, and lists the shots", () => {
    const { prompt } = page({ groups: { opportunity_fire: [SHOT("su-rifle-2"), SHOT("su-mg-1")], decline: [DECLINE] } });
    assert.equal(prompt.hidden, false);
    const text = prompt.textContent;
    assert.match(text, /^Opportunity fire at the Sherman platoon in 0507/);
    assert.match(text, /Pick one of the 2 shots below \(ringed on the map\) to see its odds, or Decline \(d\) to hold fire\./);
    assert.equal(buttons(prompt).filter((b) => b.attrs.class.includes("opfire-choice")).length, 2);
  });

  test("its key, (d), is in a hint a touch screen hides (game.css .key-hint)", () => {
    const { prompt } = page({ groups: { opportunity_fire: [SHOT("su-rifle-2")], decline: [DECLINE] } });
    const hints = (node) => node.children.flatMap((c) => (c.attrs?.class === "key-hint" ? [c] : hints(c)));
    assert.deepEqual(hints(prompt).map((h) => h.textContent), [" (d)"]);
  });

  test("it points to standing orders, and its button opens them with an order for such windows", () => {
    const { prompt, opened } = page({ groups: { opportunity_fire: [SHOT("su-rifle-2")], decline: [DECLINE] } });
    assert.match(prompt.textContent, /Asked at every step\? Standing orders can answer for you\./);
    const set = buttons(prompt).find((b) => b.attrs.class === "opfire-set-orders");
    assert.equal(set.textContent, "Set standing orders…");
    set.fire("click");
    assert.deepEqual(opened, ["opportunity_fire"]);
  });

  test("a double-blind window with no shot is prompted: why it waits, Decline, and the order that declines such windows", () => {
    const { prompt, opened } = page({ groups: { decline: [DECLINE] } });
    assert.equal(prompt.hidden, false);
    const text = prompt.textContent;
    assert.match(text, /^No shot at the Sherman platoon in 0507/);
    assert.match(text, /None of your units can fire at it: Decline \(d\) lets it move on\./);
    assert.match(text, /You are asked whenever your side sees a mover, so the enemy cannot tell whether you could fire\./);
    assert.match(text, /A standing order can decline these for you\./);
    buttons(prompt).find((b) => b.attrs.class === "opfire-set-orders").fire("click");
    assert.deepEqual(opened, ["no_shot"]);
  });

  test("a mover is only what the side's board shows of it; without the Plans panel there is no button to it", () => {
    const marker = page({ groups: { decline: [DECLINE] }, opfire: { side: "su", mover: "h-9a0b", hex: "0507" } });
    assert.match(marker.prompt.textContent, /^No shot at the enemy armor in 0507/);
    const { prompt } = page({ groups: { decline: [DECLINE] }, opfire: { side: "su", mover: null, hex: "0507" }, planning: false });
    assert.match(prompt.textContent, /^No shot at an enemy unit in 0507/);
    assert.doesNotMatch(prompt.textContent, /standing order/i);
  });

  test("the side that is moving, or a seat not asked, sees no prompt", () => {
    const { prompt } = page({ groups: { move: [{ type: "move", unit: "ge-1", to: "0508" }] } });
    assert.equal(prompt.hidden, true);
  });

  test("anti-aircraft fire is always the player's: no orders are offered for it", () => {
    const words = opfireWords({ mover: "P-47", hex: "B-C-4", antiAircraft: true, items: [{}], mayOrder: true });
    assert.equal(words.title, "Anti-aircraft fire at P-47 over B-C-4");
    assert.match(words.what, /Pick the shot below \(your guns are ringed on the map\) to see its odds, or Decline \(d\) to let it fly on\./);
    assert.equal(words.orders, null);
  });
});
