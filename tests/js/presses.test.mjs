// Redraws that wait for a press (ui/presses.js): a page whose lists redraw on every frame
// holds them while a button is pressed, so the button stays under the finger until its click.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { FakeNode, fakeDom, listeningDocument } from "./tools/fake_dom.mjs";
import { CLICK_AFTER_RELEASE_MS, followPresses, waitsForPress } from "../../static/games/js/ui/presses.js";

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

test("a press holds the redraws however long it is held, until its release", (t) => {
  // No clock ends a press: a finger kept down while the lists change (or a page slowed by
  // a busy machine) finds its button where it was at the release.
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const doc = page();
  const join = new FakeNode("button");
  const drawn = [];
  doc.dispatch("pointerdown", join);
  waitsForPress(doc, "lists", () => drawn.push("lists"));
  t.mock.timers.tick(10 * 60_000);
  assert.deepEqual(drawn, []);
  doc.dispatch("pointerup", join);
  doc.dispatch("click", join);
  t.mock.timers.tick(0);
  assert.deepEqual(drawn, ["lists"]);
});

for (const [how, end] of [
  ["the window loses the focus (the pointer let go over another window)", (doc) => doc.defaultView.dispatch("blur")],
  ["the page is hidden", (doc) => { doc.visibilityState = "hidden"; doc.dispatch("visibilitychange"); }],
  ["a long press opens the context menu, which takes the release", (doc) => doc.dispatch("contextmenu")],
]) {
  test(`a press whose release the page may never hear of lets the redraws through when ${how}`, () => {
    const doc = page();
    const drawn = [];
    doc.dispatch("pointerdown", new FakeNode("button"));
    waitsForPress(doc, "lists", () => drawn.push("lists"));
    end(doc);
    assert.deepEqual(drawn, ["lists"]);
    assert.equal(waitsForPress(doc, "lists", () => drawn.push("again")), false);
  });
}

test("the page shown again or a press of the right button holds nothing", () => {
  const doc = page();
  const drawn = [];
  doc.dispatch("visibilitychange"); // shown again: no press to end
  doc.dispatch("pointerdown", new FakeNode("button"), { button: 2 });
  assert.equal(waitsForPress(doc, "lists", () => drawn.push("lists")), false);
});
