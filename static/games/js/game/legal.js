// The seat's legal commands, sorted for what the player pointed at: no rule is decided here.
//
// The side's view carries `legal: {seat id: {command type: [complete commands]}}` (the
// engine's legal_commands). Selecting a unit offers the commands naming it; a hex offers the
// activation of its stack; the rest (pass, end activation, decline, initiative) are always
// on the action bar. Commands are sent exactly as the server listed them.

/** The legal command groups of one seat in a view ({} when it may not act). */
export function seatGroups(view, seat) {
  const legal = view?.legal;
  if (!legal || !seat) return {};
  return legal[seat] ?? {};
}

/** Every legal command of the seat, flat, in the engine's group order. */
export function allCommands(groups) {
  return Object.values(groups).flat();
}

/** Own unit ids a command acts with (unit, units, firers, transport). */
export function actors(cmd) {
  const out = [];
  if (typeof cmd.unit === "string") out.push(cmd.unit);
  if (Array.isArray(cmd.units)) out.push(...cmd.units);
  if (Array.isArray(cmd.firers)) out.push(...cmd.firers);
  if (typeof cmd.firer === "string") out.push(cmd.firer);
  if (typeof cmd.transport === "string") out.push(cmd.transport);
  if (typeof cmd.leader === "string") out.push(cmd.leader);
  if (typeof cmd.spotter === "string") out.push(cmd.spotter);
  return out;
}

/** Commands that need no unit: shown on the action bar. */
export const GLOBAL_TYPES = Object.freeze(["roll_initiative", "decline", "bank_segment", "double_segment", "air_strike", "air_attack", "end_activation", "pass", "offer_takeback", "accept_takeback", "decline_takeback"]);

export function globalCommands(groups) {
  return GLOBAL_TYPES.flatMap((t) => groups[t] ?? []);
}

/** The commands offered when a unit is selected: those it acts in, and its hex's activation. */
export function unitCommands(groups, unit) {
  if (!unit) return [];
  return allCommands(groups).filter((cmd) => {
    if (GLOBAL_TYPES.includes(cmd.type)) return false;
    if (cmd.type === "activate" && cmd.kind === "stack") return cmd.hex === unit.hex;
    return actors(cmd).includes(unit.id);
  });
}

/**
 * The units that act together in a move, fire or assault: those the player picks for it.
 * A bombardment's spotter observes and is not picked; a leader directing fire is.
 */
export function actingUnits(cmd) {
  if (["move", "exit", "assault"].includes(cmd.type)) return cmd.unit ? [cmd.unit] : [...(cmd.units ?? [])];
  if (cmd.type === "bombard") return [...(cmd.firers ?? [])];
  if (cmd.type === "spray_fire") return [cmd.firer];
  if (["fire", "opportunity_fire"].includes(cmd.type)) return [...(cmd.firers ?? []), ...(cmd.leader ? [cmd.leader] : [])];
  return [];
}

/** Whether a command acts with exactly the picked units. */
export function actsWith(cmd, picked) {
  const ids = actingUnits(cmd);
  const want = new Set(picked);
  return ids.length === want.size && ids.every((id) => want.has(id));
}

/**
 * What the picked units (one unit, or several from a stack) can do, by what the board draws:
 * moves by destination, targets by hex. Only commands acting with exactly those units count.
 */
export function boardOptions(commands, picked, { hexOf = () => null } = {}) {
  const moves = new Map();
  const targets = new Map();
  const ids = typeof picked === "string" ? [picked] : [...(picked ?? [])];
  if (!ids.length) return { moves, targets };
  for (const cmd of commands) {
    if (!actsWith(cmd, ids)) continue;
    if (cmd.type === "move" && cmd.path?.length) {
      moves.set(cmd.path[cmd.path.length - 1], cmd);
    } else if (["fire", "bombard", "opportunity_fire", "assault"].includes(cmd.type)) {
      // Opportunity fire names the moving unit; the board shows it at that unit's hex.
      const hex = cmd.type === "opportunity_fire" ? hexOf(cmd.target) : cmd.target;
      if (!hex) continue;
      if (!targets.has(hex)) targets.set(hex, []);
      targets.get(hex).push(cmd);
    }
  }
  return { moves, targets };
}

/** Own units that have something to do now (in command order), for "next unit" (n). */
export function unitsWithCommands(groups) {
  const out = [];
  for (const cmd of allCommands(groups)) {
    if (GLOBAL_TYPES.includes(cmd.type) || (cmd.type === "activate" && cmd.kind === "stack")) continue;
    const first = cmd.type === "load" ? cmd.unit : actors(cmd)[0];
    if (first && !out.includes(first)) out.push(first);
  }
  return out;
}

/** Whether a unit can move together with others of its hex (a group move is listed). */
export function hasGroupMoves(commands, unitId) {
  return commands.some((c) => c.type === "move" && Array.isArray(c.units) && c.units.includes(unitId));
}

/** The same command, compared by content (the preview answers list commands as sent). */
export function sameCommand(a, b) {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** A command's stable key: the same legal command gets the same key after every redraw. */
export function commandKey(cmd) {
  return `cmd:${JSON.stringify(canonical(cmd))}`;
}

function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])]));
  }
  return value;
}

const KIND_WORDS = { unit: "the unit", stack: "the stack", leader: "with its leader", afv_group: "as an AFV group", formation: "as a formation" };

/** A command in words, with unit names from `nameOf(id)`. */
export function describeCommand(cmd, nameOf = (id) => id) {
  const names = (ids) => (ids ?? []).map(nameOf).join(", ");
  switch (cmd.type) {
    case "roll_initiative": return "Roll for initiative";
    case "activate":
      return cmd.kind === "stack" ? `Activate the stack in ${cmd.hex}` : `Activate ${nameOf(cmd.unit)} ${KIND_WORDS[cmd.kind] ?? cmd.kind}`.replace(" the unit", "");
    case "move": {
      const who = cmd.unit ? nameOf(cmd.unit) : names(cmd.units);
      return `Move ${who} to ${cmd.path[cmd.path.length - 1]} (${cmd.path.length} hex${cmd.path.length === 1 ? "" : "es"}: ${cmd.path.join(" → ")})`;
    }
    case "exit": return `Exit ${cmd.unit ? nameOf(cmd.unit) : names(cmd.units)} off the map${cmd.path ? ` via ${cmd.path.join(" → ")}` : ""}`;
    case "fire": {
      const kind = cmd.fire_type === "anti_tank" ? "Anti-tank fire" : "Direct fire";
      const moving = cmd.move_and_fire ? " (move and fire, -1)" : "";
      const led = cmd.leader ? `, led by ${nameOf(cmd.leader)}` : "";
      return `${kind}${moving}: ${names(cmd.firers)}${led} at ${cmd.target}${cmd.target_unit ? ` (${nameOf(cmd.target_unit)})` : ""}`;
    }
    case "spray_fire": {
      const parts = cmd.targets.map((hex, i) => `${cmd.factors[i]} at ${hex}`).join(", ");
      return `Spray fire: ${nameOf(cmd.firer)} splits its fire, ${parts}`;
    }
    case "bombard": {
      const what = cmd.smoke ? "Smoke mission on" : "Bombard";
      const guns = cmd.increments ? `off-board ${cmd.increments.join(", ")}` : names(cmd.firers);
      return `${what} ${cmd.target} with ${guns}${cmd.spotter ? `, spotted by ${nameOf(cmd.spotter)}` : ""}`;
    }
    case "opportunity_fire": return `Opportunity fire: ${names(cmd.firers)} at ${nameOf(cmd.target)}${cmd.fire_type === "anti_tank" ? " (anti-tank)" : ""}`;
    case "assault": return `Assault ${cmd.target} with ${names(cmd.units)}`;
    case "recover": return `${nameOf(cmd.unit)} tries to recover${cmd.leader ? `, helped by ${nameOf(cmd.leader)}` : ""}`;
    case "load": return `Load ${nameOf(cmd.unit)} onto ${nameOf(cmd.transport)}`;
    case "unload": return `Unload ${nameOf(cmd.unit)}`;
    case "air_strike": {
      const kind = cmd.attack === "anti_tank" ? "anti-tank" : "direct fire";
      return `Air strike (${cmd.sortie}, ${kind}) on ${cmd.target}${cmd.target_unit ? ` (${nameOf(cmd.target_unit)})` : ""}`;
    }
    case "air_attack": return `The sortie overhead attacks ${cmd.target}${cmd.target_unit ? ` (${nameOf(cmd.target_unit)})` : ""}`;
    case "undo": return "Take back the last move";
    case "dig_in": return `${nameOf(cmd.unit)} digs in (spends its activation)`;
    case "consolidate": return `Consolidate ${names(cmd.units)} into one full-strength unit`;
    case "resign": return "Resign the game";
    case "end_activation": return "End the activation";
    case "pass": return "Pass this action segment";
    case "decline": return "Decline opportunity fire";
    case "bank_segment": return "Bank the segment (Excess Initiative)";
    case "double_segment": return "Take a double segment";
    case "offer_takeback": return "Ask to take back your last activation";
    case "accept_takeback": return "Let the opponent take back the last activation";
    case "decline_takeback": return "Refuse the take-back";
    default: return cmd.type.replace(/_/g, " ");
  }
}

/** The keyboard key of each always-available command. */
export const SHORTCUTS = Object.freeze({ end_activation: "e", pass: "p", roll_initiative: "i", decline: "d" });
