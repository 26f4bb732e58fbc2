// Redraws that keep what did not change (ui/keyed.js): a press held on a node keeps its
// click only if the node never leaves the page, so a redraw moves no kept node it need not.
import assert from "node:assert/strict";
import { beforeEach, mock, test } from "node:test";

import { FakeNode, fakeDom, listeningDocument } from "./tools/fake_dom.mjs";
import { fillKept, fillKeyed, longestIncreasing } from "../../static/games/js/ui/keyed.js";
import { CLICK_AFTER_RELEASE_MS } from "../../static/games/js/ui/presses.js";

beforeEach(fakeDom);

const card = (key, text = key) => ({ key, draw: () => new FakeNode("article", text) });
const texts = (list) => list.childNodes.map((n) => n.text);

test("a card drawn anew above a held card leaves the held card where it is", () => {
  // The lobby's open games, newest first: Cleo's game changes (its creator sat down), and
  // the games below it, each held by a joiner's pressed mouse, must not be taken out.
  const list = new FakeNode("section");
  fillKeyed(list, [card("cleo:open"), card("berta"), card("anna")]);
  const [berta, anna] = list.childNodes.slice(1);
  fillKeyed(list, [card("cleo:seated"), card("berta"), card("anna")]);
  assert.deepEqual(texts(list), ["cleo:seated", "berta", "anna"]);
  assert.equal(list.childNodes[1], berta);
  assert.equal(list.childNodes[2], anna);
  assert.equal(berta.removals + anna.removals, 0);
});

test("cards come and go around a held card without moving it", () => {
  const list = new FakeNode("section");
  fillKeyed(list, [card("a"), card("b"), card("c"), card("d")]);
  const c = list.childNodes[2];
  fillKeyed(list, [card("new"), card("c"), card("e"), card("d")]);
  assert.deepEqual(texts(list), ["new", "c", "e", "d"]);
  assert.equal(list.childNodes[1], c);
  assert.equal(c.removals, 0);
});

test("kept cards in a new order are moved, and only as many as the order needs", () => {
  // My games sorted by whose move it is: one game going to the end moves that one card,
  // not the two that stay in order (one of them may be under the player's finger).
  const list = new FakeNode("section");
  fillKeyed(list, [card("a"), card("b"), card("c")]);
  const [a, b, c] = list.childNodes;
  fillKeyed(list, [card("b"), card("c"), card("a")]);
  assert.deepEqual(list.childNodes, [b, c, a]);
  assert.deepEqual([a.removals, b.removals, c.removals], [1, 0, 0]);
  fillKeyed(list, [card("a"), card("new"), card("b"), card("c")]);
  assert.deepEqual(list.childNodes.map((n) => n.text), ["a", "new", "b", "c"]);
  assert.deepEqual([a.removals, b.removals, c.removals], [2, 0, 0]);
  const moves = () => a.removals + b.removals + c.removals;
  const before = moves();
  fillKeyed(list, [card("c"), card("b"), card("a")]);
  assert.deepEqual(list.childNodes, [c, b, a]);
  assert.equal(moves() - before, 2); // reversed: all but one of the three move
});

test("the longest increasing run skips the new nodes and is as long as any", () => {
  assert.deepEqual([...longestIncreasing([])], []);
  assert.deepEqual([...longestIncreasing([-1, -1])], []);
  assert.deepEqual([...longestIncreasing([1, 2, 0])].sort(), [0, 1]);
  assert.deepEqual([...longestIncreasing([3, -1, 0, 1, 2])].sort(), [2, 3, 4]);
  // Every run found is increasing and as long as the longest found by trying every subset.
  for (let seed = 1; seed <= 200; seed++) {
    const values = Array.from({ length: 1 + (seed % 9) }, (_, i) => ((seed * 7919 + i * 104729) % 13) - 1);
    const run = [...longestIncreasing(values)].sort((x, y) => x - y);
    run.forEach((i, k) => assert.ok(values[i] >= 0 && (k === 0 || values[run[k - 1]] < values[i])));
    let best = 0;
    for (let mask = 0; mask < 1 << values.length; mask++) {
      const picked = values.filter((v, i) => mask & (1 << i));
      if (picked.every((v, k) => v >= 0 && (k === 0 || picked[k - 1] < v))) best = Math.max(best, picked.length);
    }
    assert.equal(run.length, best, JSON.stringify(values));
  }
});

test("an emptied list is empty, and a list drawn twice the same changes nothing", () => {
  const list = new FakeNode("section");
  fillKeyed(list, [card("a"), card("b")]);
  const before = [...list.childNodes];
  fillKeyed(list, [card("a"), card("b")]);
  assert.deepEqual(list.childNodes, before);
  assert.equal(before[0].removals + before[1].removals, 0);
  fillKeyed(list, []);
  assert.deepEqual(list.childNodes, []);
});

test("fillKept keeps a node whose markup is unchanged in place when one above it changes", () => {
  const list = new FakeNode("ul");
  const item = (text) => { const li = new FakeNode("li"); li.append(new FakeNode(null, text)); return li; };
  fillKept(list, [item("ge: 5:00"), item("su: 4:00")]);
  const su = list.childNodes[1];
  fillKept(list, [item("ge: 4:59"), item("su: 4:00")]);
  assert.equal(list.childNodes[1], su);
  assert.equal(su.removals, 0);
  assert.deepEqual(list.childNodes.map((n) => n.textContent), ["ge: 4:59", "su: 4:00"]);
});

// A card whose key changes is drawn anew: a press held on it holds the list's redraws until
// its click, so the press and the release land on the same node.

function pressedCard() {
  const doc = listeningDocument();
  const list = new FakeNode("section");
  fillKeyed(list, [card("watch:cleo offline"), card("berta")]);
  return { doc, list, pressed: list.childNodes[0] };
}

test("a card changed under a held press is drawn anew only after the press's click", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { doc, list, pressed } = pressedCard();
    doc.dispatch("pointerdown", pressed);
    fillKeyed(list, [card("watch:cleo online"), card("berta")]); // a player came online
    fillKeyed(list, [card("watch:cleo moved"), card("berta")]); // and then moved
    assert.equal(list.childNodes[0], pressed);
    assert.equal(pressed.removals, 0);
    doc.dispatch("pointerup", pressed);
    doc.dispatch("click", pressed);
    assert.equal(list.childNodes[0], pressed); // the click is handled first
    mock.timers.tick(0);
    assert.deepEqual(texts(list), ["watch:cleo moved", "berta"]); // the latest redraw only
  } finally {
    mock.timers.reset();
  }
});

test("a release with no click lets the held redraw through once a click would have come", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { doc, list, pressed } = pressedCard();
    doc.dispatch("pointerdown", pressed);
    fillKeyed(list, [card("watch:cleo online"), card("berta")]);
    doc.dispatch("pointerup", pressed);
    mock.timers.tick(CLICK_AFTER_RELEASE_MS - 1);
    assert.equal(list.childNodes[0], pressed);
    mock.timers.tick(1);
    assert.deepEqual(texts(list), ["watch:cleo online", "berta"]);
  } finally {
    mock.timers.reset();
  }
});

test("a redraw that changes only what comes after the pressed card goes ahead around it", () => {
  const { doc, list, pressed } = pressedCard();
  doc.dispatch("pointerdown", pressed);
  fillKeyed(list, [card("watch:cleo offline"), card("berta changed"), card("new")]);
  assert.deepEqual(texts(list), ["watch:cleo offline", "berta changed", "new"]);
  assert.equal(list.childNodes[0], pressed);
  assert.equal(pressed.removals, 0);
  doc.dispatch("pointercancel", pressed);
});

test("a card coming, going or changing above the pressed card waits: it would shift it", () => {
  // Pushed down, the pressed button leaves the pointer: the release would land on the card
  // that came under it (on a touch screen, on that card's own Join).
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const doc = listeningDocument();
    const list = new FakeNode("section");
    fillKeyed(list, [card("anna"), card("berta")]);
    const berta = list.childNodes[1];
    doc.dispatch("pointerdown", berta);
    fillKeyed(list, [card("cleo"), card("anna"), card("berta")]); // a newer game, on top
    assert.deepEqual(texts(list), ["anna", "berta"]);
    fillKeyed(list, [card("anna seated"), card("berta")]); // drawn anew: its height may differ
    assert.deepEqual(texts(list), ["anna", "berta"]);
    fillKeyed(list, [card("berta"), card("anna")]); // a new order
    fillKeyed(list, [card("berta")]); // anna's game went
    assert.equal(list.childNodes[1], berta);
    assert.equal(berta.removals, 0);
    doc.dispatch("pointerup", berta);
    doc.dispatch("click", berta);
    mock.timers.tick(0);
    assert.deepEqual(texts(list), ["berta"]); // the latest redraw, after the click
    assert.equal(list.childNodes[0], berta);
  } finally {
    mock.timers.reset();
  }
});

test("a press that becomes a scroll, or a press outside the list, holds nothing", () => {
  const { doc, list, pressed } = pressedCard();
  doc.dispatch("pointerdown", pressed);
  fillKeyed(list, [card("watch:cleo online"), card("berta")]);
  doc.dispatch("pointercancel", pressed);
  assert.deepEqual(texts(list), ["watch:cleo online", "berta"]);
  doc.dispatch("pointerdown", new FakeNode("button"));
  fillKeyed(list, [card("watch:cleo moved"), card("berta")]);
  assert.deepEqual(texts(list), ["watch:cleo moved", "berta"]);
  doc.dispatch("pointercancel");
});
