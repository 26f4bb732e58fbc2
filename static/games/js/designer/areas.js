// Set-up areas of a Panzer Grenadier document (`sides[].setup_areas`, D-SETUP-1): hexes
// drawn on the map where a side's player places the counters listed with them before turn 1.
// Like document.js, nothing here knows a rule: the server's check says whether an area can
// hold its counters. Every function returns a new document and leaves its input be.

import { clone, nextId, unitExtras } from "./document.js";

const PG = "panzer_grenadier";

/** Add the hex to the side's area of that name (a new area if it has none), or take it out
 * again; an area left with no hex is gone, its counters with it. */
export function toggleAreaHex(ruleset, doc, label, side, name) {
  const title = String(name ?? "").trim();
  if (ruleset !== PG || !title) return doc;
  const out = clone(doc);
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
    const gone = new Set(area.units);
    out.units = (out.units ?? []).filter((u) => !gone.has(u.id) && !gone.has(u.carried_by));
    s.setup_areas = areas.filter((a) => a !== area);
    if (!s.setup_areas.length) delete s.setup_areas;
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
  if (ruleset !== PG || !areaAt(doc, label, side)) return null;
  const out = clone(doc);
  const id = nextId(out, side, type);
  out.units = [...(out.units ?? []), { id, type, side, ...unitExtras(extras) }];
  const area = areaAt(out, label, side);
  area.units = [...area.units, id];
  return out;
}

/** Every hex of every set-up area, for the board to shade. */
export function areaHexes(ruleset, doc) {
  if (ruleset !== PG) return [];
  return (doc.sides ?? []).flatMap((s) => (s.setup_areas ?? []).flatMap((a) => a.hexes));
}
