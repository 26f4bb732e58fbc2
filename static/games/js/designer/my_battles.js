// "Your battles" on the designer's start form: a Delete beside each battle with a draft,
// asked first. A battle never published goes with its draft; a published one keeps its
// revisions and loses only the draft (DELETE /api/v1/designer/scenarios/<id>).

import { call } from "../lobby/api.js";

/** The question asked before a draft is deleted, naming the battle by title and id. */
export function deleteQuestion({ title, slug, published }) {
  return published
    ? `Throw away the draft of “${title}” (${slug})? Its published revisions stay.`
    : `Delete “${title}” (${slug})? It was never published, so the battle goes with its draft.`;
}

/**
 * Delete a battle's draft once the player agrees: `ask(question)` says whether they do,
 * `remove(slug)` is the API's answer. Returns "kept" (not asked to), "deleted", or
 * {error} with the server's reason.
 */
export async function deleteDraft(battle, { ask, remove }) {
  if (!ask(deleteQuestion(battle))) return "kept";
  const answer = await remove(battle.slug);
  if (answer.ok) return "deleted";
  return { error: answer.body?.message ?? "Not deleted." };
}

/** Wire the Delete buttons of the list (each names its battle in data-slug, data-title and
 * data-published): `say` answers, `forgetCopy(slug)` drops the battle's unsaved copy. */
export function wireDeletes(say, forgetCopy) {
  for (const button of document.querySelectorAll("button.delete-draft")) {
    button.addEventListener("click", async () => {
      const battle = { ...button.dataset, published: button.dataset.published === "1" };
      const done = await deleteDraft(battle, {
        ask: (question) => window.confirm(question),
        remove: (slug) => call("DELETE", `/api/v1/designer/scenarios/${encodeURIComponent(slug)}`),
      });
      if (done === "kept") return;
      if (done.error) { say(done.error); return; }
      forgetCopy(battle.slug);
      const item = button.closest("li");
      if (battle.published) {
        item.querySelector(".battle-state").textContent = "(published)";
        button.remove();
      } else {
        item.remove();
      }
      say(`Deleted the draft of “${battle.title}”.`);
    });
  }
}
