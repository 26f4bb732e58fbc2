// Bringing a document into the designer: a file chosen on the start form or beside the map,
// or a battle copied from its page (/design/?copy=<id>). Each is read by documentIn, then
// handed to the designer's `take`, which opens it once the server's check has answered.

import { get } from "../lobby/api.js";
import { $ } from "./dom.js";
import { copyOf, documentIn } from "./import_doc.js";

/**
 * Wire the two file inputs. `boot` is the page's (games, limit, unchosen_ids); `current()`
 * gives {ruleset, saved} of the battle open, or of the start form's game before one is;
 * `take(got, done)` opens what documentIn read, or says its error. Returns {copyBattle}.
 */
export function wireImports(boot, current, take) {
  const titles = Object.fromEntries(boot.games.map((g) => [g.id, g.title]));

  function read(text, bytes) {
    const { ruleset, saved } = current();
    return documentIn(bytes > boot.limit ? "" : text, { bytes, limit: boot.limit, titles, current: ruleset, saved });
  }

  async function importFile(input) {
    const file = input.files?.[0];
    input.value = ""; // the same file may be chosen again after a fix
    if (!file) return;
    const got = read(await file.text(), file.size);
    await take(got, `Imported ${titles[got.ruleset]} battle: save it to keep it as a draft.`);
  }

  /** A published battle (or one of yours) copied into a new battle of your own. */
  async function copyBattle(slug) {
    const answer = await get(`/api/v1/designer/scenarios/${encodeURIComponent(slug)}/export`);
    if (!answer.ok) {
      await take({ error: answer.body?.message ?? `There is no battle ${slug} to copy.` });
      return;
    }
    const text = JSON.stringify(answer.body);
    const got = read(text, text.length);
    if (!got.error) got.doc = copyOf(got.doc, boot.unchosen_ids[got.ruleset]);
    await take(got, `Copied “${answer.body.title ?? slug}”: save it to keep it as a draft of your own.`);
  }

  for (const id of ["import-file", "start-import"]) $(id).addEventListener("change", () => importFile($(id)));
  return { copyBattle };
}
