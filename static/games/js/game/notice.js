// The action panel's notice: one line saying what became of the player's last command (sent,
// refused, an error), cleared after a while. It takes room only while it says something, so
// a notice shown or cleared moves what is drawn below it: while a press is held where that
// matters (`holds`), the change waits for the press's click (ui/presses.js).

import { waitsForPress } from "../ui/presses.js";

export const NOTICE_MS = 6000;

/**
 * The notice in `box`: `say(text)` shows `text` for NOTICE_MS ("" clears it at once);
 * `text` is what it says, or will say once a held press is let go.
 */
export function noticeLine(box, { document, holds }) {
  let wanted = "";
  let timer = null;
  function show() {
    if (waitsForPress(document, box, show, holds)) return;
    box.textContent = wanted;
  }
  return {
    say(text) {
      wanted = text;
      clearTimeout(timer);
      if (text) timer = setTimeout(() => { wanted = ""; show(); }, NOTICE_MS);
      show();
    },
    get text() {
      return wanted;
    },
  };
}
