// The sides of a battle and how it is won, in each format's documented fields
// (docs/designer.md): a side's name, nationality, Panzer Grenadier's initiative, morale and
// set-up order, its briefing; the side listed first or the attacker; each objective's points
// and starting holder; the decision (Panzer Grenadier) or the levels (Panzer Leader, 23.4).
// Like document.js, every function returns a new document and knows no rule: a value out of
// range goes in as typed, and the server's check names it in words.

import { clone } from "./document.js";

const PG = "panzer_grenadier";

/** What a player calls a nationality id of the counter catalogues. */
const NATIONALITY_NAMES = Object.freeze({
  german: "German", soviet: "Soviet", us: "American", american: "American", british: "British",
  french: "French", italian: "Italian", finnish: "Finnish",
});

/** A number field as typed: a whole number as a number, anything else as the words typed
 * (the check says what it must be). */
export function wholeOr(value) {
  const text = String(value ?? "").trim();
  const n = Number(text);
  return text !== "" && Number.isInteger(n) ? n : text;
}

/** The nationalities a side may have: those of the game's counters (the catalogue the
 * designer loads), and any a side has that no counter has, named as such. [{id, name}] */
export function nationalityChoices(counters, doc) {
  const known = [...new Set(Object.values(counters ?? {}).map((t) => t.nationality).filter(Boolean))].sort();
  const odd = (doc.sides ?? []).map((s) => s.nationality).filter((n) => typeof n === "string" && !known.includes(n));
  return [
    ...known.map((id) => ({ id, name: NATIONALITY_NAMES[id] ?? id })),
    ...[...new Set(odd)].map((id) => ({ id, name: `${id || "none"} (no counters of the game)` })),
  ];
}

/** Set a field of one side: name, nationality, briefing, and in Panzer Grenadier initiative
 * (0-6, 3.0), morale (2-12, 14.0) and sets_up (first or second; "" leaves it to the format). */
export function setSide(doc, sideId, key, value) {
  const out = clone(doc);
  out.sides = (out.sides ?? []).map((s) => {
    if (s.id !== sideId) return s;
    const side = { ...s };
    if (key === "initiative" || key === "morale") side[key] = wholeOr(value);
    else if (key === "sets_up" && !value) delete side.sets_up;
    else side[key] = value;
    return side;
  });
  return out;
}

/** The side that goes first: Panzer Grenadier's `first_side`, Panzer Leader's side listed
 * first (its segments come first each turn). */
export function firstSideOf(ruleset, doc) {
  return ruleset === PG ? doc.first_side : doc.sides?.[0]?.id;
}

/** Make a side go first: Panzer Grenadier names it `first_side`; Panzer Leader lists it first
 * (units, areas and objectives name sides by id, so the order moves nothing else). */
export function setFirstSide(ruleset, doc, sideId) {
  const out = clone(doc);
  if (ruleset === PG) {
    out.first_side = sideId;
    return out;
  }
  const sides = out.sides ?? [];
  out.sides = [...sides.filter((s) => s.id === sideId), ...sides.filter((s) => s.id !== sideId)];
  return out;
}

/** Panzer Leader: the side attacking the objectives (23.4), and the side that sets up last
 * ("": the attacker, 23.2). */
export function setAttacker(doc, sideId) {
  const out = clone(doc);
  out.victory = { ...(out.victory ?? {}), attacker: sideId };
  return out;
}

export function setSetupLast(doc, sideId) {
  const out = clone(doc);
  if (sideId) out.setup_last = sideId;
  else delete out.setup_last;
  return out;
}

/** Panzer Leader's victory levels: decisive, tactical, marginal (23.4). */
export const LEVELS = Object.freeze(["decisive", "tactical", "marginal"]);

export function setLevel(doc, level, value) {
  const out = clone(doc);
  out.victory = { ...(out.victory ?? {}) };
  out.victory.levels = { ...(out.victory.levels ?? {}), [level]: wholeOr(value) };
  return out;
}

/** The objective hexes: [{hex, name, points, holder, scorer}] — `holder` the side holding it
 * at the start (null: nobody), `scorer` the one side that scores it (null: both). Panzer
 * Leader's are worth 2 each to the attacker (23.4) and held as `control` says. */
export function objectivesOf(ruleset, doc) {
  if (ruleset === PG) {
    return (doc.victory?.hexes ?? []).map((o) => ({
      hex: o.hex, name: o.name ?? "", points: o.points, holder: o.holder ?? null,
      scorer: o.sides?.length === 1 ? o.sides[0] : null,
    }));
  }
  return (doc.victory?.objectives ?? []).map((hex) => ({
    hex, name: "", points: 2, holder: doc.control?.[hex] ?? null, scorer: doc.victory?.attacker ?? null,
  }));
}

/** Set an objective's points, name, holder at the start ("" nobody) or scorer ("" both). */
export function setObjective(ruleset, doc, hex, key, value) {
  const out = clone(doc);
  if (ruleset !== PG) {
    if (key !== "holder") return out;
    const control = { ...(out.control ?? {}) };
    if (value) control[hex] = value;
    else delete control[hex];
    out.control = control;
    return out;
  }
  out.victory = { ...(out.victory ?? {}) };
  out.victory.hexes = (out.victory.hexes ?? []).map((o) => {
    if (o.hex !== hex) return o;
    const objective = { ...o };
    if (key === "points") objective.points = wholeOr(value);
    else if (key === "holder") objective.holder = value || null;
    else if (key === "name" && value.trim()) objective.name = value.trim();
    else if (key === "name") delete objective.name;
    else if (key === "scorer" && value) objective.sides = [value];
    else if (key === "scorer") delete objective.sides;
    return objective;
  });
  return out;
}

/** How Panzer Grenadier's winner is decided: the most points; a side reaching a number of
 * points (a draw from another, lower, number); or a lead of some points. */
export const DECISIONS = Object.freeze([
  { id: "most_points", name: "the side with the most points" },
  { id: "threshold", name: "one side reaching a number of points" },
  { id: "margin", name: "a lead of at least" },
]);

export function decisionOf(doc) {
  return doc.victory?.decision ?? { method: "most_points" };
}

/** Choose the method, keeping what the new one shares with the old (each method takes only
 * its own fields: the schema refuses others). */
export function setDecisionMethod(doc, method) {
  const was = decisionOf(doc);
  const out = clone(doc);
  let decision = { method: "most_points" };
  if (method === "threshold") {
    decision = { method, side: was.side ?? doc.sides?.[0]?.id, at_least: was.at_least ?? 1 };
    if (was.draw_at_least !== undefined) decision.draw_at_least = was.draw_at_least;
  } else if (method === "margin") {
    decision = { method, at_least: was.at_least ?? 1 };
  }
  out.victory = { ...(out.victory ?? {}), decision };
  return out;
}

/** Set the decision's side, its points (`at_least`) or the points of a draw (`draw_at_least`,
 * "" none). */
export function setDecision(doc, key, value) {
  const out = clone(doc);
  const decision = { ...decisionOf(doc) };
  if (key === "side") decision.side = value;
  else if (key === "draw_at_least" && String(value).trim() === "") delete decision.draw_at_least;
  else decision[key] = wholeOr(value);
  out.victory = { ...(out.victory ?? {}), decision };
  return out;
}

/** The points the enemy scores for a side's losses (Panzer Grenadier's `victory.losses`): a
 * step, an AFV step, a transport step (both as a step unless set), a leader. */
export const LOSS_KEYS = Object.freeze([
  { key: "per_step", name: "a step" }, { key: "per_afv_step", name: "an AFV step" },
  { key: "per_transport_step", name: "a transport step" }, { key: "per_leader", name: "a leader" },
]);

export function lossesOf(doc, sideId) {
  return (doc.victory?.losses ?? []).find((l) => l.side === sideId) ?? null;
}

/** A side's entry of a victory list put in its place (or at the end), or taken out (null). */
function withEntry(list, sideId, entry) {
  const at = list.findIndex((x) => x.side === sideId);
  if (!entry) return list.filter((x) => x.side !== sideId);
  return at < 0 ? [...list, entry] : list.map((x, i) => (i === at ? entry : x));
}

/** A victory list set anew: an empty one goes (the format's lists are optional). */
function withList(doc, key, list) {
  const out = clone(doc);
  out.victory = { ...(out.victory ?? {}), [key]: list };
  if (!list.length) delete out.victory[key];
  return out;
}

/** Set one loss rate of a side ("" takes it away). The format needs a step's rate beside the
 * others, so it reads 0 while another stands; a side whose losses score nothing has no entry. */
export function setLoss(doc, sideId, key, value) {
  const losses = doc.victory?.losses ?? [];
  const entry = { ...(lossesOf(doc, sideId) ?? { side: sideId }) };
  if (String(value).trim() === "") delete entry[key];
  else entry[key] = wholeOr(value);
  if (entry.per_step === undefined) entry.per_step = 0;
  const scores = LOSS_KEYS.some((k) => entry[k.key] !== undefined && entry[k.key] !== 0);
  return withList(doc, "losses", withEntry(losses, sideId, scores ? entry : null));
}

/** The edge a side scores for leaving the map by, and its points a step (Panzer Grenadier's
 * `victory.exit`: one edge a side, D-VICTORY-2). */
export const EDGES = Object.freeze([
  { id: "N", name: "north" }, { id: "E", name: "east" }, { id: "S", name: "south" }, { id: "W", name: "west" },
]);

export function exitOf(doc, sideId) {
  return (doc.victory?.exit ?? []).find((e) => e.side === sideId) ?? null;
}

/** Set a side's exit edge ("": none, its entry goes) or its points a step. */
export function setExit(doc, sideId, key, value) {
  const was = exitOf(doc, sideId);
  const exits = doc.victory?.exit ?? [];
  if (key === "edge") {
    return withList(doc, "exit", withEntry(exits, sideId, value ? { side: sideId, edge: value, points_per_step: was?.points_per_step ?? 1 } : null));
  }
  return was ? withList(doc, "exit", withEntry(exits, sideId, { ...was, points_per_step: wholeOr(value) })) : clone(doc);
}

/** How the battle is won, in the designer's words (Panzer Grenadier's `victory.description`). */
export function setVictoryWords(doc, words) {
  const out = clone(doc);
  out.victory = { ...(out.victory ?? {}) };
  if (words.trim()) out.victory.description = words;
  else delete out.victory.description;
  return out;
}
