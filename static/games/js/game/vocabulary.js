// Each game's words for its log and its command keys: the one place the board knows which
// games it draws. A game not listed here is written by the Panzer Grenadier sentences and the
// generic fallback (log.js), which read any event as a sentence, and has Panzer Grenadier's keys.

import { describePanzerLeaderEvent, trayRollsPL } from "./log_pl.js";

const VOCABULARIES = Object.freeze({
  panzer_leader: { describe: describePanzerLeaderEvent, dice: trayRollsPL, movesFinal: true },
});

// The keys of the commands a game has (legal.js SHORTCUTS), in the words of its help line.
const COMMAND_KEYS = Object.freeze({
  panzer_leader: [["e", "end the phase"], ["d", "decline"]],
});
const DEFAULT_KEYS = [["e", "end the activation"], ["p", "pass"], ["i", "initiative"], ["d", "decline"]];

/** The words of a ruleset (the boot's `ruleset`): {describe(event, names), dice(event)}, or null. */
export function vocabulary(ruleset) {
  return VOCABULARIES[ruleset] ?? null;
}

/** The command keys the help line lists for a ruleset: [[key, words], ...]. */
export function commandKeys(ruleset) {
  return COMMAND_KEYS[ruleset] ?? DEFAULT_KEYS;
}

/** Whether a move that shows nothing new may be taken back (Undo last move): not in Panzer Leader. */
export function movesMayBeUndone(ruleset) {
  return !VOCABULARIES[ruleset]?.movesFinal;
}
