// What a side's standing orders did in a window, in words: "Your orders held fire at the
// Sd.Kfz. 222 armored car platoon moving to A0906.", "Your orders fired at the enemy armor
// moving to A0906 with 9th Rifle platoon." Written from the answer's `said`
// (games/planning/seen.py), which holds only what the side's own view of the window showed:
// the mover as that view had it (under double-blind its handle and the detail the side had
// of it, or nothing), the hex, the turn and the side's own firers. The mover is named from
// that record, not from the board of today, so a line never says more than the side knew.

import { unitName } from "../board/faces.js";
import { genericName } from "../game/textview.js";

/** The mover as the side saw it: "the T-34/76 platoon", "the enemy armor", "an enemy unit". */
export function moverWords(mover, faces = {}) {
  if (!mover) return "an enemy unit";
  if (mover.detail && mover.detail !== "exact") {
    if (mover.detail === "leader") return "an enemy leader";
    const stack = Number(mover.stack) > 1 ? ` (a stack of ${mover.stack})` : "";
    return `the enemy ${genericName(mover.marker)}${stack}`;
  }
  const name = unitName(mover, faces, "");
  if (!name) return "an enemy unit";
  return mover.leader ? name : `the ${name}`; // "Hauptmann Krause", "the Panzer IV platoon"
}

function list(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0] ?? "your units";
}

/**
 * One answer of the side's orders as a sentence. `nameOf(id)`: the side's own counters'
 * names; `named(text)`: the server's short text with its ids named, for an answer recorded
 * before answers said what they did; `side`: the side's name where the reader is not of it
 * (the replay), else the orders are "Your orders".
 */
export function answerWords(answer, { faces = {}, nameOf = (id) => id, named = (text) => text, side = null } = {}) {
  const s = answer?.said;
  const whose = side ? `${side}'s orders` : "Your orders";
  const mover = moverWords(s?.mover, faces);
  const where = s?.hex ? ` moving to ${s.hex}` : "";
  switch (s?.did) {
    case "fired": {
      const led = s.leader ? `, led by ${nameOf(s.leader)}` : "";
      return `${whose} fired at ${mover}${where} with ${list((s.firers ?? []).map(nameOf))}${led}.`;
    }
    case "held_fire": return `${whose} held fire at ${mover}${where}.`;
    case "no_shot": return `${whose} let ${mover}${where} pass: none of ${side ? `${side}'s` : "your"} units could fire at it.`;
    case "accepted_takeback": return `${whose} accepted the other side's offer to take back its last move.`;
    case "declined_takeback": return `${whose} declined the other side's offer to take back its last move.`;
    default: return named(answer?.text ?? "");
  }
}

/** The line in the Plans panel's list: the answer, after its turn where the record has one. */
export function answerItem(answer, words) {
  const turn = answer?.said?.turn;
  const text = answerWords(answer, words);
  return Number.isFinite(turn) ? `Turn ${turn}: ${text}` : text;
}
