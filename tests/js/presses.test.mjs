// Redraws that wait for a press (ui/presses.js): a page whose lists redraw on every frame
// holds them while a button is pressed, so the button stays under the finger until its click.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { FakeNode, fakeDom, listeningDocument } from "./tools/fake_dom.mjs";
import { CLICK_AFTER_RELEASE_MS, LONGEST_HOLD_MS, followPresses, waitsForPress } from "../../static/games/js/ui/presses.js";

beforeEach(fakeDom);

/** A page's document whose presses are followed from the start, as the lobby's are. */
function page() {
  const doc = listeningDocument();
  followPresses(doc);
  return doc;
}

/** The held redraw (it pushes "lists" onto `drawn`) runs `ms` from now, not a tick before. */
function heldUntil(t, ms, drawn) {
  t.mock.timers.tick(ms - 1);
  assert.deepEqual(drawn, []);
  t.mock.timers.tick(1);
  assert.deepEqual(drawn, ["lists"]);
}

test("with no press held a redraw goes ahead", () => {
  const doc = page();
  const drawn = [];
  assert.equal(waitsForPress(doc, "lists", () => drawn.push("lists")), false);
  assert.deepEqual(drawn, []);
});

test("the lobby's lists wait for the press's click, and only the latest of them is drawn", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const doc = page();
  const join = new FakeNode("button");
  const drawn = [];
  doc.dispatch("pointerdown", join);
  assert.equal(waitsForPress(doc, "lists", () => drawn.push("lists 1")), true);
  assert.equal(waitsForPress(doc, "lists", () => drawn.push("lists 2")), true);
  assert.equal(waitsForPress(doc, "seek", () => drawn.push("seek")), true);
  doc.dispatch("pointerup", join);
  assert.deepEqual(drawn, []);
  doc.dispatch("click", join);
  assert.deepEqual(drawn, []); // the click's own handlers and default action come first
  t.mock.timers.tick(0);
  assert.deepEqual(drawn, ["lists 2", "seek"]);
  assert.equal(waitsForPress(doc, "lists", () => drawn.push("lists 3")), false);
});

test("a release that makes no click lets the redraws through once a click would have come", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const doc = page();
  const drawn = [];
  doc.dispatch("pointerdown", new FakeNode("button"));
  waitsForPress(doc, "lists", () => drawn.push("lists"));
  doc.dispatch("pointerup");
  heldUntil(t, CLICK_AFTER_RELEASE_MS, drawn);
});

test("a press that turns into a scroll lets the redraws through at once", () => {
  const doc = page();
  const drawn = [];
  doc.dispatch("pointerdown", new FakeNode("article"));
  waitsForPress(doc, "lists", () => drawn.push("lists"));
  doc.dispatch("pointercancel");
  assert.deepEqual(drawn, ["lists"]);
});

test("a redraw that says the pressed node stays where it is goes ahead during the press", () => {
  const doc = page();
  const pressed = new FakeNode("button");
  doc.dispatch("pointerdown", pressed);
  const seen = [];
  const waits = waitsForPress(doc, "below", () => {}, (target) => { seen.push(target); return false; });
  assert.equal(waits, false);
  assert.deepEqual(seen, [pressed]);
  doc.dispatch("pointercancel");
});

test("a press on a select holds nothing, and lets through what a press just before held", () => {
  // Its list of options takes the release: the page may never hear of it.
  const doc = page();
  const select = new FakeNode("select");
  select.closest = (selector) => (selector === "select" ? select : null);
  const drawn = [];
  doc.dispatch("pointerdown", new FakeNode("button"));
  waitsForPress(doc, "lists", () => drawn.push("lists 1"));
  doc.dispatch("pointerup");
  doc.dispatch("pointerdown", select); // before the button's click would have come
  assert.deepEqual(drawn, ["lists 1"]);
  assert.equal(waitsForPress(doc, "lists", () => drawn.push("lists 2")), false);
});

test("a release the page never hears of holds the redraws no longer than the longest hold", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const doc = page();
  const drawn = [];
  doc.dispatch("pointerdown", new FakeNode("button"));
  waitsForPress(doc, "lists", () => drawn.push("lists"));
  heldUntil(t, LONGEST_HOLD_MS, drawn);
});
