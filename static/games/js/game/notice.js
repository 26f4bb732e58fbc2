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

// Said when a new version takes away the command the player had proposed, and no partner's
// command explains it (a reconnection, the game moving on).
export const PROPOSAL_GONE = "Your proposed command is no longer possible: look at the board again and choose.";

/**
 * What the notice says when a new version dropped the player's proposed command: the
 * partner's command that came first, as the frame's `by` words it (games/services/race.py),
 * or PROPOSAL_GONE when no partner's command did it. `seat`: the seat the page acts for.
 */
export function droppedProposal(by, seat) {
  return by && by.seat !== seat && typeof by.acted_first === "string" ? by.acted_first : PROPOSAL_GONE;
}

/** What an `offer` frame tells the player of a draw offer declined (its `declined`, worded by
 * the server: games/services/endings.py), or null: none was, or the player declined it. */
export function declinedOffer(d, seat) {
  const declined = d?.declined;
  return declined && declined.seat !== seat && typeof declined.text === "string" ? declined.text : null;
}
