// The event log in words: every event the engine emits as a sentence with its modifiers and
// dice; an unknown type is still shown, generically, so nothing happens unexplained.

import { mixedNumber } from "../board/faces.js";
import { summarisePath } from "./logbook.js";
import { columnWords } from "./odds.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
// A verb agreeing with its subject: one unit "opens", two "open" (a list of ids, or a count).
const verb = (units, one, many) => ((Array.isArray(units) ? units.length : units) === 1 ? one : many);
const article = (word) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

// What each kind of attack is called in a sentence: "opens direct fire", "opens assault fire".
const FIRE_KINDS = { direct: "direct fire", anti_tank: "anti-tank fire", bombardment: "bombardment", assault: "assault fire" };

function list(items, nameOf) {
  return (items ?? []).map(nameOf).join(", ");
}

function modifiers(mods) {
  if (!Array.isArray(mods) || !mods.length) return "";
  return ` (${mods.map((m) => (typeof m === "object" ? `${signed(m.modifier ?? m.shift ?? m.value ?? 0)} ${m.reason ?? ""}`.trim() : String(m))).join("; ")})`;
}

function rolls(obj, sideName) {
  return Object.entries(obj ?? {}).map(([side, n]) => `${sideName(side)} ${n}`).join(", ");
}


/** Who an activation opens, in words: "2nd Rifle platoon", "the stack: A, B", "A, B under Hauptmann Becker". */
function activationWords(e, nameOf) {
  const leader = e.leader ? (e.units ?? []).filter((id) => id !== e.leader) : e.units;
  const units = list(leader, nameOf);
  // A leader activated alone is named once: "activates Kapitan Petrov", never "activates under him".
  if (e.leader && !units) return nameOf(e.leader);
  // Double-blind: the other side's counters the reader cannot see are not listed (D-DB-LOG).
  if (!units) return "units out of your sight";
  const under = e.leader ? ` under ${nameOf(e.leader)}` : "";
  switch (e.kind) {
    case "stack": return `the stack: ${units}${under}`;
    case "formation": return `the formation: ${units}${under}`;
    case "afv_group": return `${units} as an AFV group${under}`;
    case "recovery": return `${units}${under} to recover`;
    default: return `${units}${under}`;
  }
}

/**
 * What a roll decides, in words: its purpose, with the side whose roll it is where the event
 * names one ("the German assault fire"), never the side's id.
 */
export function rollPurpose(e, sideName = (id) => id) {
  const what = String(e.purpose ?? "dice").replace(/_/g, " ");
  return e.side ? `the ${sideName(e.side)} ${what}` : what;
}

/** One hex an air sortie's defender declares (18.9): "B1103 (infantry, armored car)", "B1105 (occupied)". */
function declared(d) {
  const what = d.occupied ? "occupied" : (d.types ?? []).map((t) => String(t).replace(/_/g, " ")).join(", ") || "occupied";
  return `${d.hex} (${what})`;
}

/** The dice an event shows, or null: [values] for the dice widget. */
export function diceOf(event) {
  if (event.type === "roll" && Array.isArray(event.dice)) return event.dice;
  if (event.type === "fog_of_war_rolled" && Array.isArray(event.roll)) return event.roll;
  if (event.type === "initiative_rolled" && event.rolls) return Object.values(event.rolls);
  return null;
}

/**
 * What the dice tray shows for an event: one row per roll, [{label, side, dice, total}]. Where
 * both sides roll (initiative) each side has its own row with its dice and its total.
 */
export function trayRolls(event, sideName = (id) => id) {
  if (event.type === "initiative_rolled" && event.rolls) {
    return Object.entries(event.rolls).map(([side, roll]) => {
      const dice = Array.isArray(roll) ? roll : [roll];
      return { label: `${sideName(side)} initiative`, side, dice, total: event.totals?.[side] ?? dice.reduce((a, b) => a + b, 0) };
    });
  }
  const dice = diceOf(event);
  if (!dice) return [];
  const label = event.type === "fog_of_war_rolled" ? `${sideName(event.side)} fog of war`
    : event.type === "roll" ? rollPurpose(event, sideName).replace(/^the /, "") : event.type.replace(/_/g, " ");
  return [{ label, side: event.side ?? null, dice, total: event.total ?? dice.reduce((a, b) => a + b, 0) }];
}

/**
 * One event as a sentence. `nameOf(id)` names a unit, `sideName(id)` a side. Hexes are
 * printed labels already.
 */
export function describeEvent(e, { nameOf = (id) => id, sideName = (id) => id, formationName = (id) => String(id ?? "the formation") } = {}) {
  const who = (id) => (id ? nameOf(id) : "");
  switch (e.type) {
    case "clock": return e.text; // written by the server's clocks (games/clocks), already in words
    case "deployed": return `${who(e.units?.[0])} is placed in ${e.hex}.`;
    case "undeployed": return `${who(e.units?.[0])} is taken back off the map.`;
    case "setup_done": return `${sideName(e.side)} has finished setting up.`;
    case "initiative_rolled": return `Turn ${e.turn}: initiative rolls ${rolls(e.rolls, sideName)}; totals ${rolls(e.totals, sideName)}.`;
    case "initiative_won": return `${sideName(e.side)} wins the initiative${e.opening_segments ? ` and takes ${plural(e.opening_segments, "opening segment")}` : ""}.`;
    case "initiative_tied": return `Initiative tied at ${e.total}: roll again.`;
    case "turn_started": return `Turn ${e.turn} begins${e.night ? " (night)" : ""}.`;
    case "turn_ended": return `Turn ${e.turn} ends.`;
    case "turn_ended_by_fog_of_war": return `Fog of war ends the turn (total ${e.total}).`;
    case "fog_of_war_rolled": return `${sideName(e.side)} rolls for fog of war: ${(e.roll ?? []).join(" + ")} = ${e.total}.`;
    case "action_phase_ended": return `The action phase of turn ${e.turn} ends (${String(e.reason ?? "").replace(/_/g, " ")}).`;
    case "markers_removed": return `Moved/Fired markers removed (${plural(e.counters ?? 0, "counter")}).`;
    case "activated": return `${sideName(e.side)} activates ${activationWords(e, nameOf)}.`;
    case "activation_ended": return `${sideName(e.side)} ends the activation of ${list(e.units, nameOf)}.`;
    case "passed": return `${sideName(e.side)} passes.`;
    case "segment_banked": return `${sideName(e.side)} banks a segment.`;
    case "double_segment": return `${sideName(e.side)} takes a double segment.`;
    case "takeback_offered": return `${sideName(e.side)} asks to take back the last activation.`;
    case "takeback_declined": return `${sideName(e.side)} refuses the take-back.`;
    case "activation_taken_back": return `${sideName(e.side)}'s last activation is taken back, with ${sideName(e.accepted_by)}'s agreement.`;
    case "undone": return `${sideName(e.side)} takes back ${article(String(e.command ?? "move").replace(/_/g, " "))}.`;
    case "saved_segment_after_fog_of_war": return `${sideName(e.side)} plays its saved segment before the turn ends (17.4).`;
    case "reinforcements_available": return `Reinforcements available on turn ${e.turn}: ${list(e.units, nameOf)}.`;
    case "moved": {
      const mp = Object.entries(e.mp_spent ?? {}).map(([id, v]) => `${nameOf(id)} ${mixedNumber(v)} MP`).join(", ");
      // A move from off the map (no "from": a reinforcement, 16.5) is an entry at its first hex.
      const path = e.path ?? [e.from, e.to];
      if (!path[0]) {
        const on = path.slice(1);
        const then = on.length > 1 ? ` and ${verb(e.units, "moves", "move")} ${summarisePath(on)}` : "";
        return `${list(e.units, nameOf)} ${verb(e.units, "enters", "enter")} at ${on[0]}${then}${mp ? ` (${mp})` : ""}.`;
      }
      const route = path.length > 2 ? summarisePath(path) : `from ${e.from} to ${e.to}`;
      return `${list(e.units, nameOf)} ${verb(e.units, "moves", "move")} ${route}${mp ? ` (${mp})` : ""}.`;
    }
    case "exited": return `${list(e.units, nameOf)} leave${(e.units ?? []).length === 1 ? "s" : ""} the map${e.from ? ` from ${e.from}` : ""}.`;
    case "loaded": return `${who(e.units?.[0])} loads onto ${who(e.units?.[1])} in ${e.hex}.`;
    case "unloaded": return `${who(e.units?.[0] ?? e.unit)} unloads${e.units?.[1] ? ` from ${who(e.units[1])}` : ""} in ${e.hex}${e.reason ? `: ${e.reason}` : ""}.`;
    case "fire": {
      // An air sortie fires with no firer on the map (15.1): the sortie is the subject.
      const firer = (id) => (e.air && id === e.air ? "the air sortie" : nameOf(id));
      const parts = (e.value_parts ?? []).map((p) => `${firer(p.unit)} ${p.value}${p.why?.length ? ` (${p.why.join("; ")})` : ""}`).join(" + ");
      const subject = e.firers?.length ? list(e.firers, nameOf) : e.air ? "The air sortie" : e.side ? `${sideName(e.side)} units` : "Units";
      const count = e.firers?.length || (e.air ? 1 : 2);
      const kind = FIRE_KINDS[e.kind] ?? String(e.kind ?? "").replace(/_/g, " ");
      const act = e.opportunity
        ? `${verb(count, "takes", "take")} ${e.kind && e.kind !== "direct" ? `${kind.replace(/ fire$/, "")} opportunity fire` : "opportunity fire"}`
        : `${verb(count, "opens", "open")} ${kind}`;
      return `${subject} ${act} at ${e.target_hex}${e.leader ? ` with ${who(e.leader)}` : ""}: fire value ${e.value}${parts ? ` = ${parts}` : ""}.`;
    }
    case "shift": return `Shift ${signed(e.shift)}: ${e.reason}${e.rule ? ` (${e.rule})` : ""}.`;
    case "column": return `Column ${columnWords(e)}.`;
    case "roll": {
      const dice = e.dice ?? [];
      return `Roll for ${rollPurpose(e, sideName)}: ${dice.join(" + ")}${dice.length > 1 ? ` = ${e.total}` : ""}.`;
    }
    case "result": {
      // Anti-tank fire has no column: its dice, the fire value, the armor and the shifts make a total (11.1).
      // An assault's result is one side's (12.4): it says whose fire it was, and its one die.
      const whose = e.side && e.kind === "assault" ? ` of the ${sideName(e.side)} assault fire` : "";
      if (e.column === undefined || e.column === null) return `Result${whose}: ${["-", "none"].includes(e.code) ? "no effect" : String(e.code).replace(/_/g, " ")}${e.reason ? ` (${e.reason})` : ""}.`;
      return `Result${whose ? `${whose}:` : ""} ${e.code === "-" ? "– (no effect)" : e.code} on column ${e.column} (${e.kind === "assault" ? "die" : "dice"} ${e.dice}).`;
    }
    case "step_loss": return `${who(e.unit)} in ${e.hex} loses a step (${plural(e.steps_left ?? 0, "step")} left): ${e.reason}.`;
    case "eliminated": return `${list(e.units?.length ? e.units : [e.unit], nameOf)} eliminated${e.hex ? ` in ${e.hex}` : ""}${e.reason ? `: ${e.reason}` : ""}.`;
    case "morale_check": return `${who(e.unit)} checks morale (${e.cause}): needs ${e.target} or less${modifiers(e.modifiers)}, rolls ${e.dice}${e.dice_modifier ? ` ${signed(e.dice_modifier)} = ${e.total}` : ""}: ${e.outcome ?? e.result}.`;
    case "status_change": return `${who(e.unit)} becomes ${e.new} (was ${e.old}): ${e.reason}.`;
    case "leader_casualty": return `${who(e.unit)} in ${e.hex}: leader casualty check (${e.cause}), ${e.killed ? "killed" : "unhurt"}: ${e.reason}.`;
    case "leader_survival": return `${who(e.unit)}, alone with the enemy in ${e.hex}, ${e.survived ? `survives${e.displaced_to ? ` and goes to ${e.displaced_to}` : ""}` : "is lost"}: ${e.reason}.`;
    case "recovery": return `${who(e.unit)} tries to recover${e.leader ? ` with ${who(e.leader)}` : ""}: needs less than ${e.target}${modifiers(e.modifiers)}, rolls ${e.dice}: ${e.outcome} — ${e.reason}.`;
    case "flee": return `${who(e.unit)} ${e.path?.length ? `flees from ${e.frm ?? e.from} to ${e.path.join(" → ")}` : `cannot flee from ${e.frm ?? e.from}`}: ${e.reason}.`;
    case "assault_round": return e.order === "end"
      ? `Assault in ${e.hex}: ${e.reason}${e.holder ? ` (${sideName(e.holder)} holds the hex)` : ""}.`
      : `Assault in ${e.hex}${e.first_round ? "" : " continues"}: ${sideName(e.attacker)} against ${sideName(e.defender)}, ${e.order}: ${e.reason}.`;
    case "stop": return `${who(e.unit)} stops in ${e.hex}: ${e.reason}.`;
    case "opportunity_fire_declined": return `${sideName(e.side)} declines opportunity fire.`;
    case "collision": return `${list(e.units, nameOf)} collide${(e.units ?? []).length === 1 ? "s" : ""} with hidden units in ${e.hex}${e.revealed?.length ? ` (${list(e.revealed, nameOf)} revealed)` : ""}: ${e.reason}.`;
    case "revealed": return `${list(e.units, nameOf)} revealed${e.hex ? ` in ${e.hex}` : ""}.`;
    // In a team game one player's supply falls short (17.10): the seat is an id, not a name.
    case "supply_shortfall": return `${sideName(e.side)}${e.seat ? ": one player's command" : ""} is short of supply${e.reason ? `: ${e.reason}` : ""}.`;
    case "supply_critical": return `${sideName(e.side)}'s supply${e.seat ? " (one player's command)" : ""} is critical${e.reason ? `: ${e.reason}` : ""}.`;
    case "fuel_roll": return `${list(e.units, nameOf)} roll${(e.units ?? []).length === 1 ? "s" : ""} for fuel: ${e.roll}.`;
    case "stopped": return `${list(e.units, nameOf) || who(e.unit)} stopped${e.reason ? `: ${e.reason}` : ""}.`;
    case "dug_in": return `${list(e.units, nameOf)} dig${(e.units ?? []).length === 1 ? "s" : ""} in${e.hex ? ` at ${e.hex}` : ""} (16.2).`;
    case "extended_assault": return `${list(e.units, nameOf)} charge${(e.units ?? []).length === 1 ? "s" : ""} from ${e.from} to assault ${e.target}${e.path?.length > 1 ? ` by ${summarisePath(e.path)}` : ""}: ${e.reason ?? "extended assault (17.5)"}.`;
    case "formation_activation": return `${who(e.leader)} rolls ${(e.dice ?? []).join(" + ")}${modifiers(e.modifiers)} = ${e.total} to activate ${formationName(e.formation)}: needs ${e.needed} or less, ${e.success ? "the formation activates" : "it fails"} (17.7).`;
    case "consolidated": return `${who(e.kept)} takes in ${who(e.removed)} in ${e.hex}: one full-strength unit (17.1).`;
    case "smoke_placed": return `${list(e.units, nameOf)} ${verb(e.units, "lays", "lay")} smoke on ${e.hex}${e.spotter ? `, spotted by ${who(e.spotter)}` : ""}.`;
    case "formation_failed": return `${sideName(e.side)}: ${formationName(e.formation)} fails to activate${e.units?.length ? `; ${list(e.units, nameOf)} marked Moved/Fired` : ""} (17.7).`;
    case "mire_roll": return `${list(e.units, nameOf)}${e.hex ? ` in ${e.hex}` : ""} rolls ${e.roll} for mire: ${e.mired ? "bogged down (mired)" : "not mired"}.`;
    case "razvedka": return `${sideName(e.side)} scouts ${e.hex ?? "a hex"} (razvedka): rolls ${e.roll}${e.success ? `, finds ${(e.types ?? []).map((t) => String(t).replace(/_/g, " ")).join(", ") || "units"}${e.count ? ` (${plural(e.count, "counter")})` : ""}` : ", learns nothing"}.`;
    case "air_arrival": return `${sideName(e.side)} air sortie: rolls ${e.roll}, ${e.arrives ? "it arrives" : "it does not arrive"}.`;
    case "air_declaration": return `${sideName(e.side)}'s air sortie over ${e.target}: the defender declares ${list(e.declared, declared) || "no hidden units nearby"} (18.9).`;
    case "air_strike": return `${e.name ?? "The air sortie"} strikes ${e.target}${e.attack ? ` (${String(e.attack).replace(/_/g, "-")})` : ""}${e.value !== undefined ? `: fire value ${e.value}` : ""}.`;
    case "resigned": return `${sideName(e.side)} resigns.`;
    case "smoke_removal": return `Smoke in ${e.hex}: rolls ${e.roll}, ${e.removed ? "the smoke clears" : "the smoke stays"}.`;
    case "game_ended": return `The game ends (${String(e.reason ?? "").replace(/_/g, " ")}): ${e.result?.reason ?? ""}.`;
    default: return generic(e, nameOf, sideName);
  }
}

/**
 * Any other event as a plain sentence: what happened, to whom, where, then its other facts
 * ("Engineering: Pioniere in A-L-6; task make block, step 1."). Never a dump of raw fields.
 */
export function generic(e, nameOf = (id) => id, sideName = (id) => id) {
  const what = String(e.type ?? "event").replace(/_/g, " ");
  const who = Array.isArray(e.units) ? list(e.units, nameOf) : e.unit ? nameOf(e.unit) : "";
  const facts = Object.entries(e)
    .filter(([k, v]) => !["type", "units", "unit", "hex", "side", "private"].includes(k) && v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${plain(v, nameOf)}`)
    .filter(Boolean);
  const head = `${what[0].toUpperCase()}${what.slice(1)}${e.side ? ` (${sideName(e.side)})` : ""}`;
  return `${head}${who ? `: ${who}` : ""}${e.hex ? ` in ${e.hex}` : ""}${facts.length ? `; ${facts.join(", ")}` : ""}.`;
}

/** A field's value in words: lists joined, objects as "key value", true/false as yes/no. */
function plain(v, nameOf) {
  if (Array.isArray(v)) return v.map((x) => plain(x, nameOf)).join(", ");
  if (v && typeof v === "object") return Object.entries(v).map(([k, x]) => `${nameOf(k) === k ? k.replace(/_/g, " ") : nameOf(k)} ${plain(x, nameOf)}`).join(", ");
  if (v === true) return "yes";
  if (v === false) return "no";
  return String(v).replace(/_/g, " ");
}
