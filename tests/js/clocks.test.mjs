// The clocks' arithmetic on the page: faces, counting down from a deadline, newest reading.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeNode, fakeDom } from "./tools/fake_dom.mjs";
import { clockFaces, counting, flagChecks, formatLeft, mountClocks, newer, secondsLeft } from "../../static/games/js/ui/clocks.js";

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
  fakeDom();
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
  const saved = { setInterval: globalThis.setInterval };
  fakeDom();
  globalThis.setInterval = () => 0; // the page's ticks and regular polls: not wanted here
  try {
    const clocks = { at: "2026-03-02T09:00:00+00:00", label: "Live", control: { kind: "live" },
      sides: { ge: { left: 300, running: false }, su: { left: 280, running: false } } };
    const answer = (now, actFor) => ({ now, clocks, outcomes: [], act_for: actFor, events: [] });
    const pending = [];
    const root = new FakeNode("div");
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
    assert.equal(root.textContent.includes("For bob"), false);
    assert.equal(mounted.acting, "ge-1");
  } finally {
    globalThis.setInterval = saved.setInterval;
    delete globalThis.Node;
    delete globalThis.document;
  }
});

test("a tick that changes nothing the clocks show leaves the bar's nodes as they are", () => {
  // Drawn four times a second: a node drawn again each time would be styled, laid out and
  // painted again, and a focused button in the bar would lose the keyboard's focus.
  const saved = { setInterval: globalThis.setInterval };
  fakeDom();
  globalThis.setInterval = () => 0;
  try {
    const reading = (at, geLeft) => ({ at, label: "Live", control: { kind: "live" },
      sides: { ge: { left: geLeft, running: false }, su: { left: 280, running: false } } });
    const root = new FakeNode("div");
    const mounted = mountClocks({
      root, addLine() {}, sideName: (id) => id, store: { subscribe() {} },
      boot: { api: "/api/v1/games/g", seat: "ge-1", side: "ge", sides: [{ id: "ge" }, { id: "su" }] },
      fetch: () => new Promise(() => {}),
    });
    mounted.frame({ now: "2026-03-02T09:00:00+00:00", clocks: reading("2026-03-02T09:00:00+00:00", 300) });
    const [label, ge, su] = root.childNodes;
    assert.equal(root.textContent, "Livege5:00su4:40");
    mounted.draw();
    assert.deepEqual(root.childNodes.map((n, i) => n === [label, ge, su][i]), [true, true, true]);
    // A second gone on the German clock: its face alone is drawn again.
    mounted.frame({ clocks: reading("2026-03-02T09:00:01+00:00", 299) });
    assert.equal(root.textContent, "Livege4:59su4:40");
    assert.deepEqual(root.childNodes.map((n, i) => n === [label, ge, su][i]), [true, false, true]);
  } finally {
    globalThis.setInterval = saved.setInterval;
    delete globalThis.Node;
    delete globalThis.document;
  }
});

test("only a running clock or an open window counts down", () => {
  const stopped = { sides: { ge: { left: 300, running: false }, su: { left: 280, running: false, deadline: null } } };
  assert.equal(counting(null), false);
  assert.equal(counting(stopped), false);
  assert.equal(counting({ sides: { ge: { running: true, deadline: "2026-03-02T09:10:00+00:00" } } }), true);
  assert.equal(counting({ ...stopped, window: { deadline: "2026-03-02T09:10:00+00:00", left: 20 } }), true);
});

test("the page's tick touches the bar only while a clock counts down", () => {
  // A write of the bar's `hidden`, even of the value it has, makes Chromium restyle the page,
  // and drawing faces that show the same is work for nothing: a game without clocks, or with
  // both stopped, would pay for it four times a second for as long as its page is open.
  const saved = { setInterval: globalThis.setInterval, setTimeout: globalThis.setTimeout };
  fakeDom();
  const ticks = [];
  globalThis.setInterval = (fn, ms) => ticks.push([fn, ms]);
  globalThis.setTimeout = () => 0; // the flag checks after the running clock's deadline: not wanted here
  let made = 0;
  const createElement = globalThis.document.createElement;
  globalThis.document.createElement = (tag) => { made += 1; return createElement(tag); };
  try {
    const root = new FakeNode("div");
    let hidden = true; // as the template has it
    let writes = 0;
    Object.defineProperty(root, "hidden", { get: () => hidden, set: (v) => { writes += 1; hidden = v; } });
    const mounted = mountClocks({
      root, addLine() {}, sideName: (id) => id, store: { subscribe() {} },
      boot: { api: "/api/v1/games/g", seat: "ge-1", side: "ge", sides: [{ id: "ge" }, { id: "su" }] },
      fetch: () => new Promise(() => {}),
    });
    const [[tick]] = ticks.filter(([, ms]) => ms < 1000);
    for (let i = 0; i < 4; i += 1) tick();
    assert.deepEqual([writes, made, root.childNodes.length], [0, 0, 0], "no clocks: the bar is left alone");
    mounted.frame({ now: "2026-03-02T09:00:00+00:00", clocks: { at: "2026-03-02T09:00:00+00:00", label: "Live",
      control: { kind: "live" }, sides: { ge: { left: 300, running: false }, su: { left: 280, running: false } } } });
    assert.equal(hidden, false);
    assert.equal(root.textContent, "Livege5:00su4:40");
    [writes, made] = [0, 0];
    for (let i = 0; i < 4; i += 1) tick();
    assert.deepEqual([writes, made], [0, 0], "both stopped: nothing drawn");
    // A running clock: each tick draws the faces again (kept where they show the same).
    // Nine and a half hours: the face reads 9:30:00 or 9:29:59 whether the tick comes in the
    // same millisecond as the frame or half an hour later (a whole hour would read 10:00:00
    // on a quick machine and 9:59:59 on a slow one).
    const deadline = new Date(Date.now() + 9.5 * 3600_000).toISOString();
    mounted.frame({ now: new Date().toISOString(), clocks: { at: new Date().toISOString(), label: "Live",
      control: { kind: "live" }, sides: { ge: { left: 34200, running: true, deadline }, su: { left: 280, running: false } } } });
    made = 0;
    tick();
    assert.ok(made > 0, "a running clock is drawn at each tick");
    assert.match(root.textContent, /^Livege9:\d\d:\d\dto decidesu0:04:40$/);
  } finally {
    globalThis.setInterval = saved.setInterval;
    globalThis.setTimeout = saved.setTimeout;
    delete globalThis.Node;
    delete globalThis.document;
  }
});
