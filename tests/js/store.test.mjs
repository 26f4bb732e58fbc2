// The store keeps one audience's view in version order: next applied, old dropped, gaps told.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Emitter, Outcome, Store } from "../../static/games/js/store.js";

const snapshot = (v, d) => ({ t: "snapshot", v, d });
const patch = (v, ops, log = []) => ({ t: "patch", v, d: { ops, log } });
const tick = (v) => ({ t: "tick", v });
const moveTo = (hex) => [{ op: "replace", path: "/units/ge-1/hex", value: hex }];

function storeAt(version, view = { turn: 1, units: { "ge-1": { hex: "A0101" } } }) {
  const store = new Store();
  store.applyFrame(snapshot(version, view));
  return store;
}

function recording(store) {
  const changes = [];
  store.subscribe((change) => changes.push(change));
  return changes;
}

test("an empty store waits for a snapshot and drops patches and ticks until then", () => {
  const store = new Store();
  assert.equal(store.version, null);
  assert.equal(store.needsSnapshot, true);
  assert.equal(store.applyFrame(patch(1, [])).outcome, Outcome.WAITING);
  assert.equal(store.applyFrame(tick(1)).outcome, Outcome.WAITING);
  assert.equal(store.version, null);
});

test("a snapshot replaces the view and version", () => {
  const store = storeAt(4);
  const changes = recording(store);
  const result = store.applyFrame(snapshot(9, { turn: 2 }));
  assert.equal(result.outcome, Outcome.SNAPSHOT);
  assert.equal(store.version, 9);
  assert.deepEqual(store.view, { turn: 2 });
  assert.equal(changes.length, 1);
  assert.equal(changes[0].previousVersion, 4);
});

test("frames in order are applied one version at a time", () => {
  const store = storeAt(4);
  assert.equal(store.applyFrame(patch(5, moveTo("A0102"))).outcome, Outcome.PATCHED);
  assert.equal(store.applyFrame(tick(6)).outcome, Outcome.TICKED);
  assert.equal(store.applyFrame(patch(7, moveTo("A0103"))).outcome, Outcome.PATCHED);
  assert.equal(store.version, 7);
  assert.equal(store.view.units["ge-1"].hex, "A0103");
});

test("a tick bumps the version and leaves the very same view", () => {
  const store = storeAt(4);
  const before = store.view;
  store.applyFrame(tick(5));
  assert.equal(store.version, 5);
  assert.equal(store.view, before);
});

test("duplicates and older versions are dropped without a change", () => {
  const store = storeAt(4);
  store.applyFrame(patch(5, moveTo("A0102")));
  const changes = recording(store);
  for (const frame of [patch(5, moveTo("A0999")), tick(5), tick(3), patch(2, moveTo("A0888"))]) {
    assert.equal(store.applyFrame(frame).outcome, Outcome.STALE);
  }
  assert.equal(store.version, 5);
  assert.equal(store.view.units["ge-1"].hex, "A0102");
  assert.equal(changes.length, 0);
});

test("a frame after a missing version is a gap: dropped and reported with both versions", () => {
  const store = storeAt(4);
  const changes = recording(store);
  assert.deepEqual(store.applyFrame(patch(6, moveTo("A0103"))), { outcome: Outcome.GAP, have: 4, got: 6 });
  assert.equal(store.applyFrame(tick(7)).outcome, Outcome.GAP);
  assert.equal(store.version, 4);
  assert.equal(changes.length, 0);
});

test("after a gap the missing frames, then the later ones, apply in turn", () => {
  const store = storeAt(4);
  store.applyFrame(patch(6, moveTo("A0103")));
  store.applyFrame(patch(5, moveTo("A0102")));
  store.applyFrame(patch(6, moveTo("A0103")));
  assert.equal(store.version, 6);
  assert.equal(store.view.units["ge-1"].hex, "A0103");
});

test("a snapshot heals a gap", () => {
  const store = storeAt(4);
  store.applyFrame(patch(8, moveTo("A0108")));
  assert.equal(store.applyFrame(snapshot(8, { turn: 3 })).outcome, Outcome.SNAPSHOT);
  assert.equal(store.version, 8);
  assert.equal(store.applyFrame(tick(9)).outcome, Outcome.TICKED);
});

test("a late snapshot older than the view is dropped; one at the same version replaces it", () => {
  const store = storeAt(4);
  store.applyFrame(patch(5, moveTo("A0102")));
  assert.equal(store.applyFrame(snapshot(4, { old: true })).outcome, Outcome.STALE);
  assert.equal(store.view.units["ge-1"].hex, "A0102");
  assert.equal(store.applyFrame(snapshot(5, { healed: true })).outcome, Outcome.SNAPSHOT);
  assert.deepEqual(store.view, { healed: true });
});

test("a patch that does not fit the view is broken: nothing changes until a snapshot", () => {
  const store = storeAt(4);
  const before = store.view;
  const result = store.applyFrame(patch(5, [{ op: "remove", path: "/units/nobody" }]));
  assert.equal(result.outcome, Outcome.BROKEN);
  assert.equal(result.error.name, "PatchError");
  assert.equal(store.view, before);
  assert.equal(store.version, 4);
  assert.equal(store.needsSnapshot, true);
  assert.equal(store.applyFrame(patch(5, moveTo("A0102"))).outcome, Outcome.WAITING);
  // Any snapshot is welcome now, even one at an older version.
  assert.equal(store.applyFrame(snapshot(3, { turn: 1 })).outcome, Outcome.SNAPSHOT);
  assert.equal(store.needsSnapshot, false);
});

test("subscribers hear once per change, however many ops the patch has", () => {
  const store = storeAt(4, { a: 1, b: 1, c: 1 });
  const changes = recording(store);
  store.applyFrame(patch(5, [
    { op: "replace", path: "/a", value: 2 },
    { op: "replace", path: "/b", value: 2 },
    { op: "remove", path: "/c" },
  ]));
  assert.equal(changes.length, 1);
  const [change] = changes;
  assert.equal(change.outcome, Outcome.PATCHED);
  assert.deepEqual(change.previousView, { a: 1, b: 1, c: 1 });
  assert.deepEqual(change.view, { a: 2, b: 2 });
  assert.equal(change.ops.length, 3);
});

test("a patch never mutates the view a subscriber already holds", () => {
  const store = storeAt(4);
  const held = store.view;
  store.applyFrame(patch(5, moveTo("A0102")));
  assert.equal(held.units["ge-1"].hex, "A0101");
  assert.notEqual(store.view, held);
});

test("log lines accumulate with their version, bounded to the newest", () => {
  const store = new Store({ maxLog: 3 });
  store.applyFrame(snapshot(1, {}));
  const changes = recording(store);
  store.applyFrame(patch(2, [], [{ k: "move" }, { k: "fire" }]));
  store.applyFrame(tick(3));
  store.applyFrame(patch(4, [], [{ k: "morale" }, { k: "rally" }]));
  assert.deepEqual(store.log, [
    { v: 2, event: { k: "fire" } },
    { v: 4, event: { k: "morale" } },
    { v: 4, event: { k: "rally" } },
  ]);
  assert.deepEqual(changes.map((c) => c.log.length), [2, 0, 2]);
});

test("a page can start the store from an embedded snapshot", () => {
  const store = new Store({ version: 12, view: { turn: 4 } });
  assert.equal(store.needsSnapshot, false);
  assert.equal(store.applyFrame(tick(13)).outcome, Outcome.TICKED);
});

test("frames without a version are ignored by the store", () => {
  const store = storeAt(4);
  assert.equal(store.applyFrame({ t: "ack", id: 1, v: 5 }).outcome, Outcome.IGNORED);
  assert.equal(store.version, 4);
});

test("unsubscribing stops notifications; a failing listener does not stop the others", (t) => {
  const errors = t.mock.method(console, "error", () => {});
  const store = storeAt(4);
  const heard = [];
  store.subscribe(() => {
    throw new Error("broken panel");
  });
  const off = store.subscribe((c) => heard.push(c.version));
  store.applyFrame(tick(5));
  off();
  store.applyFrame(tick(6));
  assert.deepEqual(heard, [5]);
  assert.equal(errors.mock.callCount(), 2);
});

test("an emitter listener may remove itself while being called", () => {
  const emitter = new Emitter();
  const calls = [];
  const off = emitter.on("x", () => {
    calls.push("first");
    off();
  });
  emitter.on("x", () => calls.push("second"));
  emitter.emit("x");
  emitter.emit("x");
  assert.deepEqual(calls, ["first", "second", "second"]);
});
