// The designer's unsaved work: a prompt on leaving while the document differs from what was
// saved or loaded, and a copy kept in localStorage, offered back and dropped once saved.
import assert from "node:assert/strict";
import { test } from "node:test";

import { UnsavedWork, draftKey, leaveGuard, offerWords } from "../../static/games/js/designer/unsaved.js";

/** localStorage as the browser's: strings by key; `full` refuses every write. */
function fakeStorage({ full = false } = {}) {
  const items = new Map();
  return {
    items,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => { if (full) throw new Error("QuotaExceededError"); items.set(k, String(v)); },
    removeItem: (k) => items.delete(k),
  };
}

const blank = { id: "new-battle", title: "New battle", units: [] };
const painted = { ...blank, units: [{ id: "ge-1", type: "ge_rifle", hex: "A0102" }] };

test("each player's copies are kept apart, one a battle and one for the new battle", () => {
  assert.equal(draftKey(7, "mill-at-dawn"), "pgweb.designer.unsaved:7:battle:mill-at-dawn");
  assert.equal(draftKey(7, null), "pgweb.designer.unsaved:7:new");
  assert.notEqual(draftKey(7, null), draftKey(8, null));
});

test("a battle just opened has nothing to lose; an edit has, and undoing it has not", () => {
  const work = new UnsavedWork({ storage: fakeStorage(), key: "k" });
  assert.equal(work.changed(null), false);
  work.baseline(blank);
  assert.equal(work.changed(structuredClone(blank)), false);
  assert.equal(work.changed(painted), true);
});

test("an edit is kept with its game and time; reopened, the copy is offered back", () => {
  const storage = fakeStorage();
  const work = new UnsavedWork({ storage, key: draftKey(1, null), now: () => 1_700_000_000_000 });
  work.baseline(blank);
  assert.equal(work.keep("panzer_grenadier", painted), true);
  const reopened = new UnsavedWork({ storage, key: draftKey(1, null) });
  assert.deepEqual(reopened.offer(null), { ruleset: "panzer_grenadier", doc: painted, at: 1_700_000_000_000 });
});

test("an edit undone back to the saved document leaves no copy", () => {
  const storage = fakeStorage();
  const work = new UnsavedWork({ storage, key: "k" });
  work.baseline(blank);
  work.keep("panzer_grenadier", painted);
  work.keep("panzer_grenadier", structuredClone(blank));
  assert.equal(storage.items.size, 0);
});

test("a copy the same as the battle as loaded is not offered, and goes", () => {
  const storage = fakeStorage();
  new UnsavedWork({ storage, key: "k" }).keep("panzer_leader", painted);
  const reopened = new UnsavedWork({ storage, key: "k" });
  assert.equal(reopened.offer(structuredClone(painted)), null);
  assert.equal(storage.items.size, 0);
});

test("saved: the copy goes; a new battle's first save moves its copies to its id", () => {
  const storage = fakeStorage();
  const work = new UnsavedWork({ storage, key: draftKey(1, null) });
  work.keep("panzer_grenadier", painted);
  const named = { ...painted, id: "the-mill" };
  work.savedAs(named, draftKey(1, "the-mill"));
  assert.equal(storage.items.size, 0);
  assert.equal(work.changed(named), false);
  work.keep("panzer_grenadier", { ...named, title: "The mill at dawn" });
  assert.deepEqual([...storage.items.keys()], [draftKey(1, "the-mill")]);
});

test("a copy that cannot be read is dropped, not offered", () => {
  const storage = fakeStorage();
  for (const junk of ["{not json", "null", '{"doc": 3, "ruleset": "x", "at": 1}', '{"doc": {}, "at": 1}']) {
    storage.setItem("k", junk);
    assert.equal(new UnsavedWork({ storage, key: "k" }).offer(null), null, junk);
    assert.equal(storage.items.size, 0, junk);
  }
});

test("storage full or missing: nothing kept, nothing thrown, the prompt still guards", () => {
  for (const storage of [fakeStorage({ full: true }), null]) {
    const work = new UnsavedWork({ storage, key: "k" });
    work.baseline(blank);
    assert.equal(work.keep("panzer_grenadier", painted), false);
    assert.equal(work.kept(), null);
    assert.equal(work.changed(painted), true);
  }
});

test("leaving asks only while there are edits not saved", () => {
  const work = new UnsavedWork({ storage: null, key: "k" });
  work.baseline(blank);
  let doc = blank;
  const guard = leaveGuard(work, () => doc);
  const event = () => ({ prevented: false, returnValue: undefined, preventDefault() { this.prevented = true; } });
  const calm = event();
  guard(calm);
  assert.equal(calm.prevented, false);
  doc = painted;
  const asked = event();
  guard(asked);
  assert.equal(asked.prevented, true);
  assert.equal(asked.returnValue, "");
});

test("the offer names the time of the copy", () => {
  const words = offerWords({ at: Date.UTC(2024, 5, 6, 7, 30) }, (d) => d.toISOString());
  assert.equal(words, "You have unsaved changes from 2024-06-06T07:30:00.000Z.");
});
