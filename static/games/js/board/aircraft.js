// Aircraft over the map as counters (Panzer Leader 20): each plane the view lists among its
// markers ({kind: "aircraft", hex, aircraft, side, label, weapon, flight, anti_aircraft,
// aa_hexes, title}) is drawn as a counter in its side's colours flying above the hex it
// strikes or watches, a shadow on the ground under it, an arrow down to its target, and a
// dotted line from each enemy AA unit that can reach it. Its flight (the turns it flies,
// the strikes it has left) is written on the counter and in its title.
//
// Pure descriptions, like overlays.js: every fact here is the server's; nothing is decided
// from the rules (which AA reaches the plane is the view's `aa_hexes`).

import { sideColours } from "./faces.js";
import { HEX_SIZE, center } from "./geometry.js";

const round1 = (n) => Math.round(n * 10) / 10 + 0;
const AA_INK = "#b71c1c";

/** Whether a marker entry is an aircraft counter (the rest are tags on their hex). */
export const isAircraft = (entry) => entry?.kind === "aircraft";

/** What the counter's second line says of its flight: "T1-5 · R1 MG4" (turns, strikes left). */
export function flightLine(entry) {
  const f = entry.flight;
  if (!f) return "";
  const turns = f.first === f.last ? `T${f.first}` : `T${f.first}-${f.last}`;
  if (entry.weapon === "observer") return turns;
  const ordnance = f.ordnance_left ? `${entry.weapon === "rockets" ? "R" : "B"}${f.ordnance_left} ` : "";
  return `${turns} · ${ordnance}MG${f.mg_left}`;
}

/** A line from `a` to `b` ending in an arrowhead at `b`: the plane's dive onto its target. */
function arrow(a, b, size, ink) {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const head = size * 0.16;
  const base = { x: b.x - ux * head, y: b.y - uy * head };
  const wing = (s) => `${round1(base.x - uy * head * 0.5 * s)},${round1(base.y + ux * head * 0.5 * s)}`;
  return [
    { tag: "line", attrs: { class: "aircraft-target", x1: a.x, y1: a.y, x2: round1(base.x), y2: round1(base.y), stroke: ink, "stroke-width": round1(size * 0.05) } },
    { tag: "polygon", attrs: { class: "aircraft-target-head", points: `${b.x},${b.y} ${wing(1)} ${wing(-1)}`, fill: ink } },
  ];
}

/**
 * The board items for the aircraft among `markers`: per plane a group `.aircraft-counter`
 * (data-aircraft, data-hex) holding its AA lines, its shadow and arrow, and the counter.
 * Planes over one hex fly side by side.
 */
export function aircraftItems(markers = [], index, size = HEX_SIZE, looks = null) {
  const byHex = new Map();
  for (const m of markers) {
    if (isAircraft(m) && index.get(m.hex)) byHex.set(m.hex, [...(byHex.get(m.hex) ?? []), m]);
  }
  const items = [];
  for (const [label, planes] of byHex) {
    const c = center(index.get(label), size);
    const w = round1(size * 0.9);
    planes.forEach((m, i) => {
      // Up and to the right of the hex, clear of the counters on the ground.
      const x = round1(c.x + size * 0.5 + i * (w + 2));
      const y = round1(c.y - size * 1.25);
      const mid = { x: round1(x + w / 2), y: round1(y + w / 2) };
      const colours = sideColours(looks, m.side);
      const aa = (m.aa_hexes ?? []).map((h) => index.get(h)).filter(Boolean).map((h) => {
        const from = center(h, size);
        return { tag: "line", attrs: { class: "aa-line", x1: from.x, y1: from.y, x2: mid.x, y2: mid.y, stroke: AA_INK, "stroke-width": round1(size * 0.05), "stroke-dasharray": `${round1(size * 0.08)} ${round1(size * 0.1)}`, "stroke-linecap": "round" } };
      });
      items.push({
        key: `aircraft-${m.aircraft}`,
        tag: "g",
        attrs: { class: `aircraft-counter side-${m.side}`, "data-aircraft": m.aircraft, "data-hex": label, "pointer-events": "none" },
        children: [
          { tag: "title", text: m.title ?? m.label ?? "Aircraft" },
          ...aa,
          { tag: "ellipse", attrs: { class: "aircraft-shadow", cx: c.x, cy: round1(c.y + size * 0.05), rx: round1(size * 0.42), ry: round1(size * 0.16), fill: "#000000", "fill-opacity": 0.18 } },
          ...arrow({ x: mid.x, y: round1(y + w) }, { x: round1(c.x + size * 0.12), y: round1(c.y - size * 0.32) }, size, colours.edge),
          { tag: "rect", attrs: { x, y, width: w, height: w, rx: round1(size * 0.06), fill: colours.fill, stroke: colours.edge, "stroke-width": round1(size * 0.05) } },
          { tag: "text", attrs: { x: mid.x, y: round1(y + w * 0.3), "text-anchor": "middle", "font-size": round1(size * 0.22), fill: colours.ink, "font-family": "system-ui, sans-serif" }, text: "✈" },
          { tag: "text", attrs: { class: "aircraft-name", x: mid.x, y: round1(y + w * 0.58), "text-anchor": "middle", "font-size": round1(size * 0.17), "font-weight": "bold", fill: colours.ink, "font-family": "system-ui, sans-serif" }, text: m.label ?? "" },
          { tag: "text", attrs: { class: "aircraft-flight", x: mid.x, y: round1(y + w * 0.86), "text-anchor": "middle", "font-size": round1(size * 0.12), fill: colours.ink, "font-family": "system-ui, sans-serif" }, text: flightLine(m) },
        ],
      });
    });
  }
  return items;
}
