// The designer's lists of boards kept for reuse: a ruleset's bundled boards and the
// designer's own, and only the latest listing drawn when the ruleset changes under it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { boardChoices, boardLoader } from "../../static/games/js/designer/boards.js";

const listing = (...boards) => ({ ok: true, status: 200, body: { boards } });

test("a board is offered by its name and where it is kept, bundled or the designer's", () => {
  const choices = boardChoices([
    { id: "A", name: "Birchwood", bundled: true, drawing: { id: "A" } },
    { id: 7, name: "My ridge", bundled: false, drawing: { id: "ridge" } },
  ]);
  assert.deepEqual(choices, [
    { key: "bundled:A", label: "Birchwood (bundled)", drawing: { id: "A" } },
    { key: "mine:7", label: "My ridge (yours)", drawing: { id: "ridge" } },
  ]);
});

test("a listing that fails offers no board", async () => {
  const load = boardLoader(async () => ({ ok: false, status: 503, body: null }));
  assert.deepEqual(await load("panzer_leader"), []);
});

test("switching rulesets: the first ruleset's listing answering last is not drawn", async () => {
  const pending = new Map();
  const load = boardLoader((ruleset) => new Promise((resolve) => pending.set(ruleset, resolve)));
  const first = load("panzer_grenadier");
  const second = load("panzer_leader");
  pending.get("panzer_leader")(listing({ id: "N", name: "Board N", bundled: true }));
  assert.deepEqual((await second).map((c) => c.key), ["bundled:N"]);
  pending.get("panzer_grenadier")(listing({ id: "A", name: "Birchwood", bundled: true }));
  assert.equal(await first, null);
});
