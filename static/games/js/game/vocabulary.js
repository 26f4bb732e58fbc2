// Each game's words for its log: the one place the board knows which games it draws. A game
// not listed here is written by the Panzer Grenadier sentences and the generic fallback
// (log.js), which read any event as a sentence.

import { describePanzerLeaderEvent, trayRollsPL } from "./log_pl.js";

const VOCABULARIES = Object.freeze({
  panzer_leader: { describe: describePanzerLeaderEvent, dice: trayRollsPL },
});

/** The words of a ruleset (the boot's `ruleset`): {describe(event, names), dice(event)}, or null. */
export function vocabulary(ruleset) {
  return VOCABULARIES[ruleset] ?? null;
}
