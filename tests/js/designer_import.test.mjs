// Importing a document into the designer: refused with its reason (and nothing taken)
// unless it is a JSON object of a game pgweb has; the other game's document switches a new
// battle to that game, and is refused by a battle saved already.
import assert from "node:assert/strict";
import { test } from "node:test";

import { copyOf, documentIn } from "../../static/games/js/designer/import_doc.js";

const titles = { panzer_grenadier: "Panzer Grenadier", panzer_leader: "Panzer Leader" };
const into = (text, more = {}) => documentIn(text, {
  bytes: text.length, limit: 512 * 1024, titles, current: "panzer_grenadier", saved: false, ...more,
});

test("a Panzer Grenadier document names no ruleset; a Panzer Leader one names its own", () => {
  assert.deepEqual(into('{"id": "mill", "units": []}'), { doc: { id: "mill", units: [] }, ruleset: "panzer_grenadier" });
  assert.equal(into('{"ruleset": "panzer_leader", "forces": []}').ruleset, "panzer_leader");
});

test("null, a list, a string or a number is not a battle, and says so", () => {
  for (const [text, kind] of [["null", "null"], ["[]", "a list"], ['"mill"', "a string"], ["3", "a number"], ["true", "true or false"]]) {
    const got = into(text);
    assert.equal(got.doc, undefined, text);
    assert.match(got.error, new RegExp(`a battle's document is a JSON object, not ${kind}\\.`), text);
  }
});

test("a file that is not JSON, or over the size limit, is refused with the reason", () => {
  assert.match(into("{oops").error, /not a JSON document/);
  const big = into("{}", { bytes: 600_000 });
  assert.match(big.error, /600000 bytes, more than the limit of 524288/);
  assert.equal(big.doc, undefined);
});

test("a document of a game pgweb does not have is refused", () => {
  assert.match(into('{"ruleset": "squad_leader"}').error, /a game pgweb does not have \(ruleset "squad_leader"\)/);
  assert.match(into('{"ruleset": 7}').error, /ruleset 7/);
});

test("the other game's document: a new battle switches to it, a saved one refuses it", () => {
  const pl = '{"ruleset": "panzer_leader", "forces": []}';
  assert.equal(into(pl).ruleset, "panzer_leader");
  assert.equal(into(pl, { saved: true }).error,
    "That file is a Panzer Leader battle and this one is Panzer Grenadier: start a new battle to import it.");
  assert.equal(into('{"ruleset": "panzer_grenadier"}', { saved: true }).ruleset, "panzer_grenadier");
});

test("a copy keeps the battle and takes the blank id, so its first save names it anew", () => {
  const doc = { id: "pl-20-remagen", ruleset: "panzer_leader", title: "Remagen Bridge", turns: 8, forces: [{ type: "sherman" }] };
  const copy = copyOf(doc, "new-situation");
  assert.deepEqual(copy, { ...doc, id: "new-situation", title: "Remagen Bridge (copy)" });
  assert.equal(doc.id, "pl-20-remagen", "the battle copied is left as it was");
  assert.equal(copyOf({ id: "x", title: "  " }, "new-battle").title, "Battle (copy)");
  assert.equal(copyOf({ id: "x" }, "new-battle").title, "Battle (copy)");
});
