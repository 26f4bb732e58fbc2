// Forces beyond the counters on the map: formations (which seat of a team commands what) and
// the support a side calls from off the map (artillery increments, air sorties), in each
// format's documented fields (docs/designer.md). Like document.js, every function returns a
// new document and knows no rule: the server's check judges the result.

import { clone } from "./document.js";

const slug = (text) => String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "x";

function freeId(taken, stem) {
  let id = stem;
  for (let n = 2; taken.has(id); n += 1) id = `${stem}-${n}`;
  return id;
}

/** A new formation of a side (Panzer Grenadier team play: each seat commands formations). */
export function addFormation(doc, side, name) {
  const out = clone(doc);
  const taken = new Set((out.formations ?? []).map((f) => f.id));
  out.formations = [...(out.formations ?? []), { id: freeId(taken, slug(name)), name: name.trim() || "Formation", side }];
  return out;
}

/** Take a formation away; its counters stay, in no formation. */
export function removeFormation(doc, id) {
  const out = clone(doc);
  out.formations = (out.formations ?? []).filter((f) => f.id !== id);
  out.units = (out.units ?? []).map((u) => {
    if (u.formation !== id) return u;
    const { formation: _gone, ...rest } = u;
    return rest;
  });
  return out;
}

/** The formations of a side, with how many counters each holds. */
export function formationsOf(doc, side = null) {
  return (doc.formations ?? []).filter((f) => !side || f.side === side).map((f) => ({
    ...f, units: (doc.units ?? []).filter((u) => u.formation === f.id).length,
  }));
}

/** The support a side calls from off the map, as each format keeps it: Panzer Grenadier's
 * off-board artillery increments and air sorties (special rules `offboard_artillery` and
 * `air_support`). Panzer Leader's aircraft are counters of their own, not offered here. */
export const SUPPORT_KINDS = Object.freeze({
  panzer_grenadier: Object.freeze([
    { id: "artillery", name: "Off-board artillery", rule: "offboard_artillery", list: "increments", text: "Off-board artillery" },
    { id: "air", name: "Air sortie", rule: "air_support", list: "sorties", text: "Air support" },
  ]),
  panzer_leader: Object.freeze([]),
});

/** Add one artillery increment or air sortie for a side, coming from `fromTurn` to `toTurn`
 * (either may be empty: the whole battle). */
export function addSupport(ruleset, doc, { kind, side, name, strength, fromTurn = "", toTurn = "" }) {
  const how = (SUPPORT_KINDS[ruleset] ?? []).find((k) => k.id === kind);
  const out = clone(doc);
  if (!how) return out;
  const rules = out.special_rules ?? [];
  let rule = rules.find((r) => r.rule === how.rule && r.side === side);
  if (!rule) {
    rule = { rule: how.rule, side, text: how.text, [how.list]: [] };
    rules.push(rule);
  }
  const taken = new Set(rules.flatMap((r) => [...(r.increments ?? []), ...(r.sorties ?? [])]).map((x) => x.id));
  const label = String(name ?? "").trim() || how.name;
  const item = { id: freeId(taken, `${side}-${slug(label)}`), name: label };
  const value = Math.max(1, Number.parseInt(strength, 10) || 1);
  if (kind === "artillery") item.strength = value;
  else item.direct_fire = value;
  const from = Number.parseInt(fromTurn, 10);
  const to = Number.parseInt(toTurn, 10);
  if (from >= 1) item.from_turn = from;
  if (to >= 1) item.to_turn = to;
  rule[how.list] = [...rule[how.list], item];
  out.special_rules = rules;
  return out;
}

/** Every artillery increment and air sortie: [{id, kind, side, name, strength, from, to}]. */
export function supportOf(ruleset, doc) {
  const kinds = SUPPORT_KINDS[ruleset] ?? [];
  return (doc.special_rules ?? []).flatMap((r) => {
    const how = kinds.find((k) => k.rule === r.rule);
    return how ? (r[how.list] ?? []).map((x) => ({
      id: x.id, kind: how.id, side: r.side, name: x.name, strength: x.strength ?? x.direct_fire ?? x.anti_tank,
      from: x.from_turn ?? null, to: x.to_turn ?? null,
    })) : [];
  });
}

/** Take one increment or sortie away; a special rule left with none goes with it. */
export function removeSupport(ruleset, doc, id) {
  const out = clone(doc);
  const kinds = SUPPORT_KINDS[ruleset] ?? [];
  out.special_rules = (out.special_rules ?? []).flatMap((r) => {
    const how = kinds.find((k) => k.rule === r.rule);
    if (!how) return [r];
    const kept = (r[how.list] ?? []).filter((x) => x.id !== id);
    return kept.length ? [{ ...r, [how.list]: kept }] : [];
  });
  return out;
}

/** Give a side Panzer Leader aircraft (20), as the situation format keeps them: a group of
 * `count` counters of one type flying from turn `first` to `last` (either may be empty: the
 * whole battle), a fighter-bomber armed with bombs or rockets, an observer with nothing. */
export function addAircraft(doc, { side, type, count = 1, first = "", last = "", ordnance = "" }) {
  const out = clone(doc);
  if (!type) return out;
  const group = { side, type, count: Math.max(1, Number.parseInt(count, 10) || 1) };
  const from = Number.parseInt(first, 10);
  const to = Number.parseInt(last, 10);
  if (from >= 1) group.first = from;
  if (to >= 1) group.last = to;
  if (ordnance) group.ordnance = ordnance;
  out.aircraft = [...(out.aircraft ?? []), group];
  return out;
}

/** The document's aircraft groups, each with its place in the list (`index`). */
export function aircraftOf(doc) {
  return (doc.aircraft ?? []).map((g, index) => ({ ...g, index }));
}

/** Take one aircraft group away, by its place in the list. */
export function removeAircraft(doc, index) {
  const out = clone(doc);
  out.aircraft = (out.aircraft ?? []).filter((_, i) => i !== index);
  return out;
}
