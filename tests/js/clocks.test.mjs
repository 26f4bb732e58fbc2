// The clocks' arithmetic on the page: faces, counting down from a deadline, newest reading.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clockFaces, flagChecks, formatLeft, mountClocks, newer, secondsLeft } from "../../static/games/js/ui/clocks.js";

test("a clock face shows minutes and seconds, hours past an hour, days past a day", () => {
  assert.equal(formatLeft(0), "0:00");
  assert.equal(formatLeft(65.9), "1:05");
  assert.equal(formatLeft(3723), "1:02:03");
  assert.equal(formatLeft(2 * 86400 + 3 * 3600 + 59), "2 d 3 h");
  assert.equal(formatLeft(-5), "0:00");
});

test("a running clock counts down from its deadline, a stopped one shows what is left", () => {
  const deadline = "2026-03-02T09:10:00+00:00";
  const now = Date.parse("2026-03-02T09:09:30+00:00");
  assert.equal(secondsLeft({ running: true, deadline, left: 999 }, now), 30);
  assert.equal(secondsLeft({ running: true, deadline, left: 999 }, now + 60000), 0);
  assert.equal(secondsLeft({ running: false, deadline: null, left: 42 }, now), 42);
});

test("the newer of two readings wins, whichever arrives first", () => {
  const a = { at: "2026-03-02T09:00:00+00:00", n: 1 };
  const b = { at: "2026-03-02T09:00:05+00:00", n: 2 };
  assert.equal(newer(a, b).n, 2);
  assert.equal(newer(b, a).n, 2);
  assert.equal(newer(null, a).n, 1);
  assert.equal(newer(a, null).n, 1);
});

test("after a running clock's deadline the page asks again as the sweep flags it", () => {
  const now = Date.parse("2026-03-02T09:00:00+00:00");
  const reading = {
    sides: {
      ge: { running: true, deadline: "2026-03-02T09:00:10+00:00", flagged: false },
      su: { running: false, deadline: null, flagged: false },
      xx: { running: true, deadline: "2026-03-02T08:59:00+00:00", flagged: true },
    },
  };
  assert.deepEqual(flagChecks(reading, now, [1000, 5000]), [11000, 15000]);
  assert.deepEqual(flagChecks({ sides: {} }, now), []);
  // A deadline already past is checked at once, then again.
  const past = { sides: { ge: { running: true, deadline: "2026-03-02T08:59:58+00:00" } } };
  assert.deepEqual(flagChecks(past, now, [1000, 5000]), [0, 3000]);
});

test("clocks shown side by side share one format: a day beside just under a day (issue 50)", () => {
  assert.equal(formatLeft(86400, 86400), "1 d 0 h");
  assert.equal(formatLeft(86393, 86400), "0 d 23 h");
  assert.equal(formatLeft(125, 3723), "0:02:05");
});

test("the game page's two clock faces are drawn in that one format", () => {
  // The few DOM calls dom.el makes, enough to read the faces' text.
  class FakeNode {
    constructor(text = "") { this.children = []; this.text = text; this.style = { setProperty() {} }; }
    setAttribute() {}
    addEventListener() {}
    append(child) { this.children.push(child); }
    get textContent() { return this.text + this.children.map((c) => c.textContent).join(""); }
  }
  globalThis.Node = FakeNode;
  globalThis.document = { createElement: () => new FakeNode(), createTextNode: (t) => new FakeNode(t) };
  try {
    const at = Date.parse("2026-03-02T09:00:00+00:00");
    const reading = { at: "2026-03-02T09:00:00+00:00", sides: { ge: { left: 86400, running: false }, su: { left: 86393, running: false } } };
    const sides = [{ id: "ge" }, { id: "su" }];
    const colours = { ge: {}, su: {} };
    const faces = clockFaces(reading, at, { sides, sideName: (id) => id, colours });
    assert.deepEqual(faces.map((f) => f.children[1].textContent), ["1 d 0 h", "0 d 23 h"]);
  } finally {
    delete globalThis.Node;
    delete globalThis.document;
  }
});

test("a clock poll answering after a later one does not bring back a take-over handed back", async () => {
  class FakeNode {
    constructor(text = "") { this.children = []; this.text = text; this.style = { setProperty() {} }; this.dataset = {}; }
    setAttribute() {}
    addEventListener() {}
    append(...children) { this.children.push(...children); }
    replaceChildren(...children) { this.children = children; }
    querySelector() { return null; }
    get textContent() { return this.text + this.children.map((c) => c.textContent).join(""); }
  }
  const saved = { setInterval: globalThis.setInterval };
  globalThis.Node = FakeNode;
  globalThis.document = { createElement: () => new FakeNode(), createTextNode: (t) => new FakeNode(t) };
  globalThis.setInterval = () => 0; // the page's ticks and regular polls: not wanted here
  try {
    const clocks = { at: "2026-03-02T09:00:00+00:00", label: "Live", control: { kind: "live" },
      sides: { ge: { left: 300, running: false }, su: { left: 280, running: false } } };
    const answer = (now, actFor) => ({ now, clocks, outcomes: [], act_for: actFor, events: [] });
    const pending = [];
    const root = new FakeNode();
    const mounted = mountClocks({
      root, addLine() {}, sideName: (id) => id, store: { subscribe() {} },
      boot: { api: "/api/v1/games/g", seat: "ge-1", side: "ge", sides: [{ id: "ge" }, { id: "su" }] },
      fetch: () => new Promise((resolve) => pending.push(resolve)),
    });
    // The poll made on mounting never answers here; two polls after it cross on the way.
    const before = mounted.poll(); // while Ann stood in for Bob
    const after = mounted.poll(); // once Bob was back
    const [, standingIn, handedBack] = pending;
    handedBack(answer("2026-03-02T09:00:05+00:00", []));
    await after;
    standingIn(answer("2026-03-02T09:00:01+00:00", [{ seat: "ge-2", player: "bob", why: "take_over" }]));
    await before;
    assert.equal(root.textContent.includes("ge-2 for bob"), false);
    assert.equal(mounted.acting, "ge-1");
  } finally {
    globalThis.setInterval = saved.setInterval;
    delete globalThis.Node;
    delete globalThis.document;
  }
});
