// Panzer Leader's events in words (games/rules/panzer_leader: sequence, walk, combat,
// engineers, air...): one sentence per event, every counter by its name, every roll with its
// result and odds column (where the charts come from, the page's rules reference says once).
// An event this table does not know returns null and the generic sentence (log.js) is
// written instead.

import { summarisePath } from "./logbook.js";
import { amount } from "./oddsratio.js";

const s = (ids) => ((ids ?? []).length === 1 ? "s" : "");

const PHASE = {
  combat: "combat phase", air: "air phase", move_vehicles: "vehicle movement phase",
  move_foot: "movement phase for units on foot", assault: "close assault phase",
};
const ATTACK = {
  direct: "Direct fire", opportunity: "Opportunity fire", indirect: "Indirect fire", overrun: "Overrun",
  assault: "Close assault", mine: "The minefield attacks", air: "Air strike",
};
const RESULT = { X: "X, eliminated", DD: "DD, dispersed twice", D: "D, dispersed", "-": "no effect" };
const TASK = {
  clear_mine: "clearing the minefield", remove_block: "removing the block", make_block: "making a block",
  demolish: "demolishing the bridge", emplace_mine: "laying a minefield", build_bridge: "building a bridge",
  place_bridge: "placing a bridge",
};
const LEVEL = { decisive: "a decisive victory", tactical: "a tactical victory", marginal: "a marginal victory" };

/** The dice tray's rows for an event of this game: [{label, dice, total}], or null if it rolled nothing. */
export function trayRollsPL(e) {
  if (e.type === "attack" && Number.isInteger(e.die)) {
    return [{ label: `${ATTACK[e.kind] ?? e.kind} at ${e.hex}`, side: null, dice: [e.die], total: e.modified ?? e.die }];
  }
  if (e.type === "anti_aircraft" && Number.isInteger(e.die)) return [{ label: "anti-aircraft fire", side: null, dice: [e.die], total: e.die }];
  const roll = Number.isInteger(e.roll) ? [e.roll] : Array.isArray(e.rolls) ? e.rolls : null;
  return roll ? [{ label: String(e.type).replace(/_/g, " "), side: e.side ?? null, dice: roll, total: roll.reduce((a, b) => a + b, 0) }] : null;
}

/**
 * One Panzer Leader event as a sentence, or null when this table has no words for it.
 * `nameOf(id)` names a counter (or an aircraft), `sideName(id)` a side.
 */
export function describePanzerLeaderEvent(e, { nameOf = (id) => id, sideName = (id) => id } = {}) {
  const names = (ids) => (ids ?? []).map(nameOf).join(", ");
  const why = (text) => (text ? `: ${text}` : "");
  const bridge = (kind) => (kind ? `a ${kind} bridge` : "a bridge");
  switch (e.type) {
    case "turn": return `Turn ${e.turn} begins.`;
    // A player turn opens with its combat phase (3.1); the log's group names the side.
    case "segment": return `Player turn begins (turn ${e.turn}): combat phase.`;
    case "phase": {
      // The log's group already names the side whose phase it is.
      const words = PHASE[e.phase] ?? String(e.phase).replace(/_/g, " ");
      return `${words[0].toUpperCase()}${words.slice(1)}.`;
    }
    case "move": {
      const manner = [e.mode === "quick_time" ? "at Quick-Time" : "", e.road === false ? "off the road" : "", e.under ? "under the bridge" : ""].filter(Boolean).join(", ");
      const path = [e.from, ...(e.path ?? [])].filter(Boolean);
      const route = path.length > 1 ? summarisePath(path) : `to ${e.path?.at(-1) ?? "?"}`;
      return `${names(e.units)} move${s(e.units)} ${route}${manner ? ` ${manner}` : ""}.`;
    }
    case "move_stopped": return `${names(e.units)} stop${s(e.units)} in ${e.hex}${why(e.why)}.`;
    case "stream_failed": return `${names(e.units)} fail${s(e.units)} to cross the stream at ${e.hex} (rolled ${e.roll}).`;
    case "attack": {
      const who = e.kind === "mine" ? ` ${names(e.units)}` : "";
      const on = e.kind === "mine" ? "" : ` on ${names(e.units)}`;
      const odds = e.column ? `odds ${e.column}` : "odds below 1-4";
      const die = Number.isInteger(e.die) ? `; die ${e.die}${e.modified !== e.die ? `, modified ${e.modified}` : ""}` : "";
      return `${ATTACK[e.kind] ?? e.kind}${who} at ${e.hex}${on}: ${amount(e.attack)} against ${amount(e.defense)}, ${odds}${die}: ${RESULT[e.result] ?? e.result}.`;
    }
    case "dispersed": return `${names(e.units)} ${(e.units ?? []).length === 1 ? "is" : "are"} dispersed${why(e.why)}.`;
    case "eliminated": return `${names(e.units)} eliminated${e.hex ? ` in ${e.hex}` : ""}${why(e.why)}.`;
    case "exited": return `${names(e.units)} leave${s(e.units)} the map from ${e.hex}.`;
    case "loaded": return `${nameOf(e.units?.[1])} loads onto ${nameOf(e.units?.[0])} in ${e.hex}.`;
    case "unloaded": return e.units?.length > 1
      ? `${nameOf(e.units[1])} unloads from ${nameOf(e.units[0])} in ${e.hex}${why(e.why)}.`
      : `${names(e.units)} unload${s(e.units)} in ${e.hex}${why(e.why)}.`;
    case "jumped_off": return `${names(e.units)} jump${s(e.units)} off in ${e.hex} to assault ${e.target}.`;
    case "overrun": return `${names(e.units)} overrun${s(e.units)} ${e.hex}${e.exits ? `, leaving by ${Object.values(e.exits).join(", ")}` : ""}.`;
    case "overrun_cancelled": return `The overrun of ${e.hex} is called off${why(e.why)}.`;
    case "overrun_refused": return `No overrun of ${e.hex}: odds ${e.odds}${why(e.why)}.`;
    case "indirect_ordered": return `${e.naval ? `Naval gunfire (${e.naval} points)` : names(e.units)} ordered to fire on ${e.hex} in turn ${e.turn}.`;
    case "order_cancelled": return `${names(e.units)} hold${s(e.units)} fire: the order is cancelled.`;
    case "scatter": return e.lands === e.hex ? `Indirect fire on ${e.hex}: rolled ${e.roll}, it lands on target.` : e.lands ? `Indirect fire on ${e.hex} scatters (rolled ${e.roll}) and lands on ${e.lands}.` : `Indirect fire on ${e.hex} scatters (rolled ${e.roll}) and is lost.`;
    case "revealed": return `${nameOf(e.units?.[0])} is revealed in ${e.hex}${e.was ? " (it was face down)" : ""}.`;
    case "landed": return `${names(e.units)} land${s(e.units)} on ${e.hex}.`;
    case "dd_survival": return `${names(e.units)} ${e.sank ? `sink${s(e.units)}` : `stay${s(e.units)} afloat`} (rolled ${e.roll}).`;
    case "repositioned": return `${names(e.units)} move${s(e.units)} ${e.inside ? "inside" : "on top of"} the fortification in ${e.hex}.`;
    case "faced": return `${names(e.units)} turn${s(e.units)} to face ${e.facing} in ${e.hex}.`;
    case "minefield_found": return `A minefield is found in ${e.hex}.`;
    case "minefield_cleared": return `${e.units?.length ? `${names(e.units)} clear` : "Cleared:"} the minefield in ${e.hex}${why(e.why)}.`;
    case "minefield_laid": return `${sideName(e.side)} lays a minefield in ${e.hex}.`;
    case "engineering": return `${names(e.units)}: ${TASK[e.task] ?? String(e.task).replace(/_/g, " ")} in ${e.hex}${e.step ? `, step ${e.step}` : ""}${e.work ? `, ${e.work} done` : ""}.`;
    case "block_made": return `${names(e.units)} make${s(e.units)} a block in ${e.hex}${e.rolls ? ` (rolled ${e.rolls.join(", ")})` : ""}.`;
    case "block_failed": return `${names(e.units)} fail${s(e.units)} to make a block in ${e.hex}${e.rolls ? ` (rolled ${e.rolls.join(", ")})` : ""}.`;
    case "block_removed": return `${names(e.units)} remove${s(e.units)} the block in ${e.hex}.`;
    case "bridge_demolished": return `${names(e.units)} demolish${(e.units ?? []).length === 1 ? "es" : ""} the bridge in ${e.hex}${e.rolls ? ` (rolled ${e.rolls.join(", ")})` : ""}.`;
    case "demolition_failed": return `${names(e.units)} fail${s(e.units)} to demolish the bridge in ${e.hex}${e.rolls ? ` (rolled ${e.rolls.join(", ")})` : ""}.`;
    case "bridge_laid": return `${names(e.units)} lay${s(e.units)} ${bridge(e.kind)} in ${e.hex}.`;
    case "bridge_built": return `${names(e.units)} finish${(e.units ?? []).length === 1 ? "es" : ""} ${bridge(e.kind)} in ${e.hex}.`;
    case "bridge_destroyed": return `The bridge in ${e.hex} is destroyed.`;
    case "fort_destroyed": return `The fortification in ${e.hex} is destroyed.`;
    case "cargo_unloaded": return `${names(e.units)} unload${s(e.units)} ${String(e.kind ?? "cargo").replace(/_/g, " ")} in ${e.hex}.`;
    case "vehicle_assigned": return `${nameOf(e.units?.[1])} is assigned to ${nameOf(e.units?.[0])}${e.from_turn ? ` from turn ${e.from_turn}` : ""}.`;
    case "smoke": return `${sideName(e.side)} lays smoke on ${e.hex}.`;
    case "smoke_failed": return `Smoke on ${e.hex} fails (strength ${amount(e.strength)}).`;
    case "smoke_lifted": return `The smoke in ${e.hex} lifts.`;
    case "air_strike_declared": return `${names(e.aircraft)} ${(e.aircraft ?? []).length === 1 ? "strikes" : "strike"} ${e.hex}${e.units?.length ? `, at ${names(e.units)}` : ""}.`;
    case "air_strike_aborted": return `The air strike by ${names(e.aircraft)} is called off.`;
    case "anti_aircraft": return `${names(e.units)} fire${s(e.units)} at ${nameOf(e.aircraft)}: strength ${amount(e.strength)}, die ${e.die}: ${e.result === "-" ? "no effect" : e.result}.`;
    case "flew": return `${names(e.aircraft)} ${(e.aircraft ?? []).length === 1 ? "flies" : "fly"} over ${e.hex}.`;
    case "game_over": {
      if (e.reason === "resigned") return `${sideName(e.resigned)} resigns: ${sideName(e.winner)} wins.`;
      if (e.agreed) return `The game ends: ${e.reason}.`;
      const score = Number.isFinite(e.score) ? ` (score ${e.score})` : "";
      return e.winner ? `The game ends: ${sideName(e.winner)} wins, ${LEVEL[e.level] ?? e.level}${score}.` : `The game ends in a draw${score}.`;
    }
    default: return null;
  }
}
