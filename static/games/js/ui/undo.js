// The board's Undo button (D-UNDO-1): shown only while the engine says the seat may take
// back its last move (the view's `undo` lists the seat); it sends {"type": "undo"}.
// The engine decides what is undoable; this only asks.

import { el, fill } from "../game/dom.js";
import { undoCommand } from "./extra_commands.js";

/** Whether a view offers the seat an undo: `undo` lists the seats that may take back. */
export function offersUndo(view, seat) {
  return Boolean(view && Array.isArray(view.undo) && view.undo.includes(seat) && !view.result);
}

/** Put the Undo button just before `before` (the action bar) and keep it in step with the view. */
export function mountUndo({ before, store, socket, seat, notice = () => {} }) {
  if (!before?.parentElement) return () => {};
  const row = el("div", { class: "undo-row", id: "undo-row" });
  before.parentElement.insertBefore(row, before);
  const draw = () => {
    const show = offersUndo(store.view, seat);
    row.hidden = !show;
    fill(row, show ? el("button", {
      type: "button", class: "cmd cmd-undo", "data-command": "undo",
      title: "Take back your last move: allowed until a die is rolled or anything new is seen",
      onclick: () => {
        try {
          socket.sendCommand(undoCommand());
          notice("Sent: take back the last move");
        } catch (error) {
          notice(`Not sent: ${error.message}`);
        }
      },
    }, "Undo last move", el("kbd", {}, "u")) : null);
  };
  const keys = (event) => {
    if (event.key !== "u" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^(input|textarea|select)$/i.test(event.target?.tagName ?? "")) return;
    row.querySelector("button")?.click();
  };
  document.addEventListener("keydown", keys);
  const off = store.subscribe ? store.subscribe(draw) : store.on("change", draw);
  draw();
  return () => { off(); document.removeEventListener("keydown", keys); };
}
