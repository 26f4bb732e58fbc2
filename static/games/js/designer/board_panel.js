// The designer's board panel: join another board to the map (a clear one like the first,
// or a bundled or kept one of this game), and keep the battle's first board for reuse.

import { call } from "../lobby/api.js";
import { boardLoader } from "./boards.js";
import { addBoard, boardToKeep } from "./document.js";
import { $, option } from "./dom.js";

/** Wire the panel: `current()` gives {ruleset, doc}; a joined board is `applyEdit`'s; `say` answers. */
export function wireBoardPanel(current, applyEdit, say) {
  // Joining boards: a clear board like the first, or a bundled or kept one of this game.
  const joinable = new Map();

  const joinableBoards = boardLoader();

  $("join-board-box").addEventListener("toggle", async () => {
    if (!$("join-board-box").open) return;
    const choices = await joinableBoards(current().ruleset);
    if (choices === null) return; // the box was opened again: that later listing fills it
    joinable.clear();
    const select = $("join-board");
    select.replaceChildren(option("", "a clear board like the first"));
    for (const c of choices) {
      joinable.set(c.key, c.drawing);
      select.append(option(c.key, c.label));
    }
  });

  $("join-board-add").addEventListener("click", () => {
    const before = Object.keys(current().doc?.boards ?? {}).length;
    const doc = addBoard(current().ruleset, current().doc, $("join-direction").value, joinable.get($("join-board").value) ?? null);
    if (Object.keys(doc.boards ?? {}).length === before) { say("That board is on the map already."); return; }
    applyEdit(doc);
  });

  // A board kept for reuse is offered at the start of a new battle (the designer's own boards).
  $("keep-board").addEventListener("click", async () => {
    const drawing = boardToKeep(current().ruleset, current().doc, $("keep-board-name").value);
    if (!drawing) { say("Name the board first."); return; }
    const answer = await call("POST", "/api/v1/designer/boards", { ruleset: current().ruleset, drawing });
    say(answer.ok ? `Kept: “${answer.body.name}” is offered when you start a new battle.` : (answer.body?.message ?? "Not kept."));
  });
}
