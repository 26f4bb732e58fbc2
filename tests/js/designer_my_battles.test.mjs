// "Your battles": a draft is deleted only once its designer agrees, the question naming the
// battle by title and id, and a refusal is said in the server's words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { deleteDraft, deleteQuestion } from "../../static/games/js/designer/my_battles.js";

const mill = { slug: "the-mill-2", title: "The mill", published: false };

test("the question names the battle and says what goes", () => {
  assert.equal(deleteQuestion(mill), "Delete “The mill” (the-mill-2)? It was never published, so the battle goes with its draft.");
  assert.equal(deleteQuestion({ ...mill, published: true }), "Throw away the draft of “The mill” (the-mill-2)? Its published revisions stay.");
});

test("nothing is deleted when the designer says no", async () => {
  const removed = [];
  const done = await deleteDraft(mill, { ask: () => false, remove: async (s) => { removed.push(s); return { ok: true }; } });
  assert.equal(done, "kept");
  assert.deepEqual(removed, []);
});

test("yes: the draft of that battle is deleted; a refusal comes back in the server's words", async () => {
  const removed = [];
  assert.equal(await deleteDraft(mill, { ask: () => true, remove: async (s) => { removed.push(s); return { ok: true }; } }), "deleted");
  assert.deepEqual(removed, ["the-mill-2"]);
  const refused = await deleteDraft(mill, { ask: () => true, remove: async () => ({ ok: false, body: { message: "only its designer may change a scenario" } }) });
  assert.deepEqual(refused, { error: "only its designer may change a scenario" });
});
