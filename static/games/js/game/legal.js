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

/** Own unit ids a command acts with (unit, units, firers, transport, carrier, passenger...). */
export function actors(cmd) {
  const out = [];
  if (typeof cmd.unit === "string") out.push(cmd.unit);
  if (Array.isArray(cmd.units)) out.push(...cmd.units);
  if (typeof cmd.carrier === "string") out.push(cmd.carrier);
  if (typeof cmd.passenger === "string") out.push(cmd.passenger);
  if (typeof cmd.vehicle === "string") out.push(cmd.vehicle);
  if (Array.isArray(cmd.firers)) out.push(...cmd.firers);
  if (typeof cmd.firer === "string") out.push(cmd.firer);
  if (typeof cmd.transport === "string") out.push(cmd.transport);
  if (typeof cmd.leader === "string") out.push(cmd.leader);
  if (typeof cmd.spotter === "string") out.push(cmd.spotter);
  return out;
}

/** Commands that need no unit: shown on the action bar. */
export const GLOBAL_TYPES = Object.freeze(["setup_done", "roll_initiative", "decline", "bank_segment", "double_segment", "air_strike", "air_attack", "end_activation", "pass", "offer_takeback", "accept_takeback", "decline_takeback", "resolve_indirect", "end_phase", "fly"]);

/** Whether a command belongs on the action bar: a global type, or one no own unit acts in
 * (naval gunfire, an aircraft's sortie). A stack's activation belongs to its hex. */
export function isGlobal(cmd) {
  if (GLOBAL_TYPES.includes(cmd.type)) return true;
  return cmd.type !== "activate" && actors(cmd).length === 0;
}

export function globalCommands(groups) {
  const listed = GLOBAL_TYPES.flatMap((t) => groups[t] ?? []);
  const unitless = Object.entries(groups).filter(([t]) => !GLOBAL_TYPES.includes(t)).flatMap(([, cmds]) => cmds.filter(isGlobal));
  return [...listed, ...unitless];
}

/** The commands offered when a unit is selected: those it acts in, and its hex's activation. */
export function unitCommands(groups, unit) {
  if (!unit) return [];
  return allCommands(groups).filter((cmd) => {
    if (isGlobal(cmd)) return false;
    if (cmd.type === "activate" && cmd.kind === "stack") return cmd.hex === unit.hex;
    return actors(cmd).includes(unit.id);
  });
}

/**
 * The units that act together in a move, fire or assault: those the player picks for it.
 * A bombardment's spotter observes and is not picked; a leader directing fire is.
 */
export function actingUnits(cmd) {
  if (cmd.type === "bombard") return [...(cmd.firers ?? [])];
  if (cmd.type === "spray_fire") return [cmd.firer];
  if (["fire", "opportunity_fire"].includes(cmd.type)) return [...(cmd.firers ?? cmd.units ?? []), ...(cmd.leader ? [cmd.leader] : [])];
  if (cmd.type === "load" || cmd.type === "unload") return cmd.carrier ? [cmd.carrier] : cmd.unit ? [cmd.unit] : [];
  return cmd.unit ? [cmd.unit] : [...(cmd.units ?? [])];
}

/** Commands aimed at a hex, an enemy or a fortification there: drawn as targets with their odds. */
export const ATTACK_TYPES = Object.freeze(["fire", "bombard", "opportunity_fire", "assault", "overrun", "order_indirect", "smoke", "anti_aircraft", "air_strike"]);

/** What a label looks like on a map: "A0305", or board-column-row "A-C-5". */
const looksLikeHex = (s) => /^[A-Za-z]+\d+$|^[A-Za-z]+-[A-Za-z]+-\d+$/.test(s);

/**
 * Where a command goes or strikes, as a hex label: a move's last hex (`path`, or `to`), an
 * attack's target hex, the hex of the enemy it names (`hexOf(id)`: a unit, a handle, an
 * aircraft) or of a fortification or bridge it names ("fort:A-C-5"), or its `hex`.
 */
export function commandHex(cmd, { hexOf = () => null, isHex = looksLikeHex } = {}) {
  const where = (name) => {
    if (typeof name !== "string") return null;
    const at = hexOf(name);
    if (at) return at;
    const colon = name.indexOf(":");
    if (colon > 0 && isHex(name.slice(colon + 1))) return name.slice(colon + 1);
    return isHex(name) ? name : null;
  };
  if (Array.isArray(cmd.path) && cmd.path.length && ["move", "exit"].includes(cmd.type)) return cmd.path[cmd.path.length - 1];
  if (typeof cmd.to === "string" && ["move", "land"].includes(cmd.type)) return cmd.to;
  if (Array.isArray(cmd.targets) && cmd.type !== "spray_fire") return where(cmd.targets[0]);
  if (cmd.target !== undefined) return where(cmd.target);
  if (typeof cmd.hex === "string") return cmd.hex;
  if (typeof cmd.aircraft === "string") return where(cmd.aircraft);
  return null;
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
export function boardOptions(commands, picked, { hexOf = () => null, isHex = looksLikeHex } = {}) {
  const moves = new Map(); // hex -> the first move listed there (drawn with its cost)
  const more = new Map(); // hex -> other ways to go there (off the road, Quick-Time, landing...)
  const targets = new Map(); // hex -> attacks on it
  const others = new Map(); // hex -> other commands aimed at it (engineering...)
  const ids = typeof picked === "string" ? [picked] : [...(picked ?? [])];
  if (!ids.length) return { moves, more, targets, others };
  const put = (map, hex, cmd) => map.set(hex, [...(map.get(hex) ?? []), cmd]);
  for (const cmd of commands) {
    const hex = commandHex(cmd, { hexOf, isHex });
    if (!hex) continue;
    if (["move", "land"].includes(cmd.type)) {
      if (!actsWith(cmd, ids)) continue;
      if (!moves.has(hex)) moves.set(hex, cmd);
      else put(more, hex, cmd);
    } else if (ATTACK_TYPES.includes(cmd.type)) {
      // Opportunity fire names the moving unit; the board shows it at that unit's hex.
      if (actsWith(cmd, ids) || joinsFromElsewhere(cmd, ids, hexOf)) put(targets, hex, cmd);
    } else if (actors(cmd).some((id) => ids.includes(id)) && cmd.type !== "exit") {
      put(others, hex, cmd);
    }
  }
  return { moves, more, targets, others };
}

/** An attack by the picked units joined by units of other hexes (fire combined at one target). */
export function joinsFromElsewhere(cmd, ids, hexOf) {
  const acting = actingUnits(cmd);
  if (!ids.every((id) => acting.includes(id)) || acting.length <= ids.length) return false;
  const here = new Set(ids.map(hexOf));
  return acting.filter((id) => !ids.includes(id)).every((id) => hexOf(id) && !here.has(hexOf(id)));
}

/** Own units that have something to do now (in command order), for "next unit" (n). */
export function unitsWithCommands(groups) {
  const out = [];
  for (const cmd of allCommands(groups)) {
    if (GLOBAL_TYPES.includes(cmd.type) || (cmd.type === "activate" && cmd.kind === "stack")) continue;
    const first = cmd.type === "load" ? cmd.unit ?? actors(cmd)[0] : actors(cmd)[0];
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

// A leader activation names the leader: he activates the units around him (3.1, 3.2).
const KIND_WORDS = { stack: "the stack", leader: "and the units he leads", afv_group: "as an AFV group", formation: "as a formation" };

/**
 * An activation in words, naming every counter it activates as the server listed them
 * (`units`): "Activate Kapitan Petrov and the units he leads: 1st Rifle, 2nd Rifle". A
 * formation's is a roll (17.7), of a whole formation: "Roll to activate 129th Tank Brigade
 * (12 counters)"; its confirm names them (formationroll.js: formationUnitsRow).
 */
function activationWords(cmd, nameOf, formationName) {
  const others = (cmd.units ?? []).filter((id) => id !== cmd.unit).map(nameOf).join(", ");
  if (cmd.kind === "formation") {
    const n = (cmd.units ?? []).length;
    return `Roll to activate ${formationName(cmd.formation)}${n ? ` (${n} counter${n === 1 ? "" : "s"})` : ""}`;
  }
  if (cmd.kind === "stack") return `Activate the stack in ${cmd.hex}${others ? `: ${others}` : ""}`;
  if (cmd.kind === "unit") return `Activate ${nameOf(cmd.unit)}${others ? `, with ${others} aboard` : ""}`;
  const head = `Activate ${nameOf(cmd.unit)} ${KIND_WORDS[cmd.kind] ?? cmd.kind}`;
  return others ? `${head}: ${others}` : head;
}

/**
 * The seat's open activation's counters that still have something to do, by hex, the named
 * unit's (the leader's) hex first: [{hex, units}]. `activation` is the view's, `commands`
 * the seat's legal ones; a counter with no command naming it has acted.
 */
export function stillToAct(activation, commands, hexOf = () => null) {
  if (!activation) return [];
  const busy = new Set(commands.filter((c) => !isGlobal(c)).flatMap(actors));
  const byHex = new Map();
  for (const id of activation.units ?? []) {
    if (!busy.has(id)) continue;
    const hex = hexOf(id) ?? "";
    byHex.set(hex, [...(byHex.get(hex) ?? []), id]);
  }
  const first = hexOf(activation.leader);
  return [...byHex.entries()].sort(([a], [b]) => (a === first ? -1 : b === first ? 1 : 0)).map(([hex, units]) => ({ hex, units }));
}

/**
 * The counters of `ids` to pick so they act together: the largest group a listed move moves
 * together (a stack's movers, 4.5), preferring one with `first`; else `first` alone.
 */
export function pickTogether(ids, commands, first = ids[0]) {
  const within = commands.filter((c) => c.type === "move").map(actingUnits).filter((g) => g.length > 1 && g.every((id) => ids.includes(id)));
  const best = (list) => list.reduce((a, g) => (g.length > (a?.length ?? 0) ? g : a), null);
  return best(within.filter((g) => g.includes(first))) ?? best(within) ?? (first ? [first] : []);
}

/** What to pick when an activation opens: its leader's hex's counters that move together
 * (pickTogether), else the first counter still to act; [] when none is. */
export function activationPicks(activation, commands, hexOf = () => null) {
  const [first] = stillToAct(activation, commands, hexOf);
  if (!first) return [];
  return pickTogether(first.units, commands, first.units.includes(activation.leader) ? activation.leader : first.units[0]);
}

const ENGINEERING = {
  clear_mine: "clear the minefield in", remove_block: "remove the block in", make_block: "make a block in",
  demolish: "demolish the bridge in", emplace_mine: "lay a minefield in", build_bridge: "build a bridge in",
  place_bridge: "place a bridge on",
};
const FACINGS = ["north", "north-east", "south-east", "south", "south-west", "north-west"];

/** A target a command names, in words: a unit by its name, a fortification or bridge by its hex. */
export function targetWords(name, nameOf = (id) => id) {
  const [kind, hex] = String(name).split(":");
  if (hex && kind === "fort") return `the fortification in ${hex}`;
  if (hex && kind === "bridge") return `the bridge in ${hex}`;
  return nameOf(name);
}

/** How a move goes, when it is not the plain way: off the road, at Quick-Time, under the bridge. */
function moveManner(cmd) {
  return [cmd.road === false ? "off the road" : "", cmd.mode === "quick_time" ? "at Quick-Time" : "", cmd.under ? "under the bridge" : ""].filter(Boolean).join(", ");
}

/** A command in words, with unit names from `nameOf(id)` and a formation's name from
 * `formationName(id)` (the scenario's, boot.faces.formations; any object carrying it will do,
 * the page's ctx among them). */
export function describeCommand(cmd, nameOf = (id) => id, { formationName = () => "the formation" } = {}) {
  const names = (ids) => (ids ?? []).map(nameOf).join(", ");
  const firers = (ids) => (ids?.length ? names(ids) : cmd.naval ? `naval gunfire (${cmd.naval} points)` : "");
  const targets = (list) => (list ?? []).map((t) => targetWords(t, nameOf)).join(", ");
  switch (cmd.type) {
    case "deploy": return `Place ${nameOf(cmd.unit)} in ${cmd.hex}`;
    case "undeploy": return `Take ${nameOf(cmd.unit)} back off the map`;
    case "setup_done": return "Finish setting up";
    case "roll_initiative": return "Roll for initiative";
    case "activate": return activationWords(cmd, nameOf, formationName);
    case "move": {
      const who = cmd.unit ? nameOf(cmd.unit) : names(cmd.units);
      if (!Array.isArray(cmd.path)) return `Move ${who} to ${cmd.to}${moveManner(cmd) ? ` ${moveManner(cmd)}` : ""}`;
      return `Move ${who} to ${cmd.path[cmd.path.length - 1]} (${cmd.path.length} hex${cmd.path.length === 1 ? "" : "es"}: ${cmd.path.join(" → ")})`;
    }
    case "exit": return `Exit ${cmd.unit ? nameOf(cmd.unit) : names(cmd.units)} off the map${cmd.path ? ` via ${cmd.path.join(" → ")}` : ""}`;
    case "fire": {
      if (Array.isArray(cmd.targets)) return `Fire: ${firers(cmd.units)} at ${targets(cmd.targets)}`;
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
    case "opportunity_fire": return `Opportunity fire: ${firers(cmd.firers ?? cmd.units)} at ${nameOf(cmd.target)}${cmd.fire_type === "anti_tank" ? " (anti-tank)" : ""}`;
    case "assault": return `Assault ${cmd.target} with ${names(cmd.units)}`;
    case "recover": return `${nameOf(cmd.unit)} tries to recover${cmd.leader ? `, helped by ${nameOf(cmd.leader)}` : ""}`;
    case "load": return cmd.carrier ? `Load ${nameOf(cmd.passenger)} onto ${nameOf(cmd.carrier)}` : `Load ${nameOf(cmd.unit)} onto ${nameOf(cmd.transport)}`;
    case "unload": return cmd.carrier ? `Unload ${nameOf(cmd.carrier)}'s passenger` : `Unload ${nameOf(cmd.unit)}`;
    case "air_strike": {
      if (cmd.aircraft && typeof cmd.aircraft === "object") {
        const planes = Object.entries(cmd.aircraft).map(([id, weapon]) => `${nameOf(id)} with ${weapon === "mg" ? "machine guns" : weapon}`).join(", ");
        return `Air strike: ${planes} on ${targets(cmd.targets)}`;
      }
      const kind = cmd.attack === "anti_tank" ? "anti-tank" : "direct fire";
      return `Air strike (${cmd.sortie}, ${kind}) on ${cmd.target}${cmd.target_unit ? ` (${nameOf(cmd.target_unit)})` : ""}`;
    }
    case "air_attack": return `The sortie overhead attacks ${cmd.target}${cmd.target_unit ? ` (${nameOf(cmd.target_unit)})` : ""}`;
    case "undo": return "Take back the last move";
    case "dig_in": return `${nameOf(cmd.unit)} digs in (spends its activation)`;
    case "consolidate": return `Consolidate ${names(cmd.units)} into one full-strength unit`;
    case "resign": return "Resign the game";
    case "end_agreed": return cmd.outcome === "abort" ? "Abort the game" : "End the game in a draw";
    case "offer_draw": return "Offer a draw";
    case "accept_draw": return "Accept the draw";
    case "decline_draw": return "Decline the draw";
    case "abort": return "Abort the game (no move made yet)";
    case "end_activation": return "End the activation";
    case "end_phase": return "End the phase";
    case "overrun": return `Overrun ${cmd.target} with ${names(cmd.units)}${cmd.drop ? ", the riders dropping off to assault" : ""}${cmd.exits ? `, leaving by ${Object.values(cmd.exits).join(", ")}` : ""}`;
    case "order_indirect": return `Order ${cmd.smoke ? "smoke" : "indirect fire"} on ${cmd.hex} by ${cmd.unit ? nameOf(cmd.unit) : firers([])}${cmd.target === "bridge" ? " (at the bridge)" : ""}`;
    case "resolve_indirect": return "Resolve the indirect fire ordered for this turn";
    case "cancel_order": return `Cancel the fire order of ${nameOf(cmd.unit)}`;
    case "smoke": return `Smoke on ${cmd.hex} from ${names(cmd.units)}`;
    case "anti_aircraft": return `Anti-aircraft fire: ${names(cmd.units)} at ${nameOf(cmd.aircraft)}`;
    case "fly": return `Fly ${nameOf(cmd.aircraft)} over ${cmd.hex}`;
    case "land": return `Land ${nameOf(cmd.unit)} on ${cmd.to}`;
    case "engineer": return `${names(cmd.units)}: ${ENGINEERING[cmd.task] ?? String(cmd.task).replace(/_/g, " ")} ${cmd.hex}${cmd.to ? `, stepping off to ${cmd.to} to finish` : ""}`;
    case "assign_vehicle": return `Assign ${nameOf(cmd.vehicle)} to carry ${nameOf(cmd.unit)}`;
    case "face": return `Turn ${nameOf(cmd.unit)} to face ${FACINGS[cmd.facing] ?? cmd.facing}`;
    case "lay_bridge": return `${nameOf(cmd.unit)} lays its bridge`;
    case "unload_cargo": return `${nameOf(cmd.carrier)} unloads its cargo`;
    case "reposition": return `${nameOf(cmd.unit)} moves between inside and on top of the fortification`;
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
export const SHORTCUTS = Object.freeze({ end_activation: "e", end_phase: "e", pass: "p", roll_initiative: "i", decline: "d" });

/** Whether a move of `seat`'s open activation may be sent with `assault_on_collision`: the
 * side's view says so (double-blind, a leader in the activation, 18.7). */
export function assaultOnCollisionOffered(view, seat) {
  const a = view?.activation;
  return Boolean(a && a.seat === seat && a.assault_on_collision);
}
