// The map's lines as element descriptions: hexside features (streams, fords, bridges, the
// woods edges and slope symbols a map prints), the slopes between elevations, roads, railways
// and the bridges that carry roads over stream hexes.
//
// Pure, like layers.js: every line is drawn from the map payload the ruleset sends; which
// hexside blocks what is the server's business.

import { HEX_SIZE, center, pathThrough, sharedEdge } from "./geometry.js";

const round1 = (n) => Math.round(n * 10) / 10 + 0;

/**
 * How each printed hexside symbol is drawn (Panzer Leader 2.3, 2.5: the green woods edge, the
 * brown slope, the orange hilltop edge, the cliff, a ridge's spine), and its words for the legend and tests.
 * Drawn in this order, so a woods edge on a slope shows both.
 */
export const HEXSIDE_SYMBOLS = Object.freeze({
  cliff: { stroke: "#2b1a0c", width: 4.2, dash: "none", words: "cliff" },
  ridge: { stroke: "#5a3410", width: 4.2, dash: "6 3", words: "ridge" },
  brown: { stroke: "#8a5a2b", width: 3.2, dash: "none", words: "slope" },
  orange: { stroke: "#e8850c", width: 3.2, dash: "none", words: "hilltop edge" },
  green: { stroke: "#2f7d32", width: 1.8, dash: "none", words: "woods edge" },
});

/** Symbols that already mark a change of elevation: no derived slope line is drawn there. */
const ELEVATION_SYMBOLS = new Set(["brown", "orange", "cliff", "ridge"]);

/** One group per hexside with features: a stream line, a ford's dashes, a bridge's span, printed symbols. */
export function hexsideItems(map, index, size = HEX_SIZE) {
  const items = [];
  for (const side of map.hexsides) {
    const a = index.get(side.a);
    const b = index.get(side.b);
    const edge = a && b ? sharedEdge(a, b, size) : null;
    if (!edge) continue;
    const [p, q] = edge;
    const line = { x1: p.x, y1: p.y, x2: q.x, y2: q.y };
    const features = [...side.features].sort();
    const children = [];
    if (features.some((f) => ["stream", "ford", "bridge"].includes(f))) {
      children.push({ tag: "line", attrs: { class: "stream", ...line, stroke: "#2f6fa8", "stroke-width": 3.5, "stroke-linecap": "round" } });
    }
    if (features.includes("ford")) {
      children.push({ tag: "line", attrs: { class: "ford", ...line, stroke: "#f0e8c8", "stroke-width": 1.5, "stroke-dasharray": "3 3" } });
    }
    if (features.includes("bridge")) {
      // The bridge spans the stream: a short bar from one hex centre towards the other.
      const ca = center(a, size);
      const cb = center(b, size);
      const mx = (p.x + q.x) / 2;
      const my = (p.y + q.y) / 2;
      const k = 0.3;
      children.push({
        tag: "line",
        attrs: {
          class: "bridge", stroke: "#3a3a3a", "stroke-width": 4,
          x1: round1(mx + (ca.x - cb.x) * k), y1: round1(my + (ca.y - cb.y) * k),
          x2: round1(mx - (ca.x - cb.x) * k), y2: round1(my - (ca.y - cb.y) * k),
        },
      });
    }
    for (const [name, look] of Object.entries(HEXSIDE_SYMBOLS)) {
      if (!features.includes(name)) continue;
      children.push({ tag: "line", attrs: { class: `symbol symbol-${name}`, ...line, stroke: look.stroke, "stroke-width": look.width, "stroke-linecap": "round" } });
      if (name === "cliff") {
        // A cliff's teeth: short ticks across the line, so it reads without colour.
        const ticks = [0.25, 0.5, 0.75].map((t) => {
          const x = p.x + (q.x - p.x) * t;
          const y = p.y + (q.y - p.y) * t;
          const nx = -(q.y - p.y) * 0.18;
          const ny = (q.x - p.x) * 0.18;
          return `M${round1(x - nx)} ${round1(y - ny)}L${round1(x + nx)} ${round1(y + ny)}`;
        });
        children.push({ tag: "path", attrs: { class: "cliff-teeth", d: ticks.join(""), stroke: look.stroke, "stroke-width": 1.6, fill: "none" } });
      }
    }
    if (!children.length) continue;
    const key = [side.a, side.b].sort().join("|");
    items.push({ key, tag: "g", attrs: { class: `hexside ${features.join(" ")}`, "data-hexside": key }, children });
  }
  return items;
}

/**
 * A hachured line on every hexside between hexes of different elevation: the slopes, drawn
 * from the map's elevations (the rules read the same data; here it is only drawn), all in
 * one path. Where the map prints its own slope symbol on a hexside, that symbol is drawn
 * instead (hexsideItems).
 */
export function slopeItems(map, index, size = HEX_SIZE) {
  const byAxial = new Map(map.hexes.map((h) => [`${h.q},${h.r}`, h]));
  const marked = new Set((map.hexsides ?? []).filter((s) => s.features.some((f) => ELEVATION_SYMBOLS.has(f))).map((s) => [s.a, s.b].sort().join("|")));
  const segments = [];
  for (const a of map.hexes) {
    // Three directions per hex (N, NE, SE) meet every hexside once.
    for (const [dq, dr] of [[0, -1], [1, -1], [1, 0]]) {
      const b = byAxial.get(`${a.q + dq},${a.r + dr}`);
      if (!b || (a.elevation ?? 0) === (b.elevation ?? 0)) continue;
      if (marked.size && marked.has([a.hex, b.hex].sort().join("|"))) continue;
      const [p, q] = sharedEdge(a, b, size);
      segments.push(`M${p.x} ${p.y}L${q.x} ${q.y}`);
    }
  }
  // One path for every slope of the map: drawn once, never changed.
  return segments.length ? [{ key: "slopes", tag: "path", attrs: { class: "slope", d: segments.join(""), fill: "none", stroke: "#7a4e22", "stroke-width": 2.4, "stroke-dasharray": "1.5 1.5" } }] : [];
}

/** One path per road or trail, through the centres of its hexes. */
export function roadItems(map, index, size = HEX_SIZE) {
  return map.roads.map((road, i) => {
    const points = road.hexes.map((label) => index.get(label)).filter(Boolean).map((h) => center(h, size));
    const attrs = { class: `road road-${road.kind}`, d: pathThrough(points), fill: "none", stroke: "#6b5844", "stroke-width": road.kind === "trail" ? 2 : 3, "stroke-linejoin": "round" };
    if (road.kind === "trail") attrs["stroke-dasharray"] = "4 3";
    return { key: `road-${i}`, tag: "path", attrs };
  });
}

/**
 * One railway per link the map lists (`railways`, where a game has them): a thin dark rail
 * with cross ties, drawn apart from roads so the two never read alike.
 */
export function railwayItems(map, index, size = HEX_SIZE) {
  return (map.railways ?? []).flatMap((rail, i) => {
    const points = rail.hexes.map((label) => index.get(label)).filter(Boolean).map((h) => center(h, size));
    const d = pathThrough(points);
    return [
      { key: `railway-${i}-ties`, tag: "path", attrs: { class: "railway-ties", d, fill: "none", stroke: "#2b2b2b", "stroke-width": 6, "stroke-dasharray": "1.2 4" } },
      { key: `railway-${i}`, tag: "path", attrs: { class: "railway", d, fill: "none", stroke: "#2b2b2b", "stroke-width": 1.6, "stroke-linejoin": "round" } },
    ];
  });
}

/**
 * A bridge in every hex the map marks `bridge` (a road over a stream hex): a deck with
 * parapets along each road leaving the hex, so the crossing reads at any zoom.
 */
export function bridgeItems(map, index, size = HEX_SIZE) {
  const items = [];
  for (const h of map.hexes) {
    if (!h.bridge) continue;
    const c = center(h, size);
    const ends = [];
    for (const road of map.roads) {
      const i = road.hexes.indexOf(h.hex);
      if (i < 0) continue;
      for (const j of [i - 1, i + 1]) {
        const n = index.get(road.hexes[j]);
        if (n) ends.push(center(n, size));
      }
    }
    const d = ends.map((e) => `M${c.x} ${c.y}L${round1(c.x + (e.x - c.x) * 0.55)} ${round1(c.y + (e.y - c.y) * 0.55)}`).join("");
    if (!d) continue;
    items.push({ key: `bridge-${h.hex}`, tag: "g", attrs: { class: "bridge-hex", "data-bridge": h.hex, "pointer-events": "none" }, children: [
      { tag: "path", attrs: { d, stroke: "#2b2b2b", "stroke-width": 7, "stroke-linecap": "butt", fill: "none" } },
      { tag: "path", attrs: { d, stroke: "#cfc6b0", "stroke-width": 4, "stroke-linecap": "butt", fill: "none" } },
    ] });
  }
  return items;
}
