// Where a board first opens: at a readable counter size (a finger's width on a phone) over
// the busiest group of counters, the viewer's own where they have any (a player on the game
// page), else everyone's (a spectator, the replay). A whole map shrunk onto a phone's screen
// leaves every counter too small to read or tap.

import { listUnits } from "../board/layers.js";

/** How wide a counter opens on screen: readable on a desktop, a finger's width on a phone. */
export function counterPx() {
  return window.matchMedia("(pointer: coarse)").matches || window.innerWidth < 700 ? 34 : 46;
}

/** Open `board` on the counters of `view` (a view as the server sends it). */
export function openOnCounters(board, view) {
  const placed = listUnits(view.units).filter((u) => u.hex && !u.carried_by);
  const mine = placed.filter((u) => u.own);
  board.openOn((mine.length ? mine : placed).map((u) => u.hex), counterPx());
}
