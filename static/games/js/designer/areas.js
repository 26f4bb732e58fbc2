// Set-up areas of a document (`sides[].setup_areas`, one shape in both games: D-SETUP-1 in
// Panzer Grenadier, PL-E1 in Panzer Leader): hexes drawn on the map where a side's player
// places the counters listed with them before turn 1. Each format keeps those counters its
// own way: Panzer Grenadier's as units with no hex, Panzer Leader's as forces with neither
// set-up hexes nor an entry turn, named by the ids the game gives them (document.js
// plUnitIds). Like document.js, nothing here knows a rule: the server's check says whether an
// area can hold its counters. Every function returns a new document and leaves its input be.

import { clone, nextId, plUnitIds, renumbered, unitExtras } from "./document.js";

const PG = "panzer_grenadier";

/** The document without these area counters (and what a Panzer Grenadier counter carries). */
function withoutCounters(ruleset, doc, ids) {
  const gone = new Set(ids);
  if (ruleset === PG) {
    doc.units = (doc.units ?? []).filter((u) => !gone.has(u.id) && !gone.has(u.carried_by));
    return doc;
  }
  const idsOf = plUnitIds(doc);
  const kept = [];
  const forces = [];
  (doc.forces ?? []).forEach((f, i) => {
    if (f.at?.length || f.entry_turn || !idsOf[i].some((id) => gone.has(id))) { forces.push(f); kept.push(i); }
  });
  return renumbered(doc, { ...doc, forces: clone(forces) }, kept);
}

/** Add the hex to the side's area of that name (a new area if it has none), or take it out
 * again; an area left with no hex is gone, its counters with it. */
export function toggleAreaHex(ruleset, doc, label, side, name) {
  const title = String(name ?? "").trim();
  if (!title) return doc;
  let out = clone(doc);
  const s = (out.sides ?? []).find((x) => x.id === side);
  if (!s) return doc;
  const areas = s.setup_areas ?? [];
  const area = areas.find((a) => a.name === title);
  if (!area) {
    s.setup_areas = [...areas, { name: title, hexes: [label], units: [] }];
    return out;
  }
  area.hexes = area.hexes.includes(label) ? area.hexes.filter((h) => h !== label) : [...area.hexes, label];
  if (!area.hexes.length) {
    s.setup_areas = areas.filter((a) => a !== area);
    if (!s.setup_areas.length) delete s.setup_areas;
    out = withoutCounters(ruleset, out, area.units);
  }
  return out;
}

/** The side's area holding a hex, or null. */
export function areaAt(doc, label, side) {
  const s = (doc.sides ?? []).find((x) => x.id === side);
  return (s?.setup_areas ?? []).find((a) => a.hexes.includes(label)) ?? null;
}

/** A new counter of the side that its player will place in the side's area holding the hex
 * (it has no hex of its own); null when no area of the side holds the hex. */
export function placeInArea(ruleset, doc, label, type, side, extras = {}) {
  if (!areaAt(doc, label, side)) return null;
  const out = clone(doc);
  let id;
  if (ruleset === PG) {
    id = nextId(out, side, type);
    out.units = [...(out.units ?? []), { id, type, side, ...unitExtras(extras) }];
  } else {
    out.forces = [...(out.forces ?? []), { side, type, count: 1 }];
    id = plUnitIds(out).at(-1)[0];
  }
  const area = areaAt(out, label, side);
  area.units = [...area.units, id];
  return out;
}

/** Every hex of every set-up area, for the board to shade. */
export function areaHexes(ruleset, doc) {
  return (doc.sides ?? []).flatMap((s) => (s.setup_areas ?? []).flatMap((a) => a.hexes));
}
