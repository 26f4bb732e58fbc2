// What each SVG layer holds, as plain descriptions: {key, tag, attrs, text?, children?}.
//
// Pure functions from the map payload and the view to element descriptions; svg.js turns
// them into elements, reusing each by its key (chessground's habit), so these functions can
// be tested in node and the DOM code stays thin. Terrain is a fill plus a pattern, and
// elevation and unit state are written as text, so the board reads without colour.

import { HEX_SIZE, center, hexPoints, pathThrough, sharedEdge } from "./geometry.js";
import { counterChildren, counterFace, counterTitle, shortName } from "./counters.js";

export { shortName };

/** Fill colour and pattern motif of each terrain of terrain.json. */
export const TERRAIN_STYLE = Object.freeze({
  clear: { fill: "#ebe6cc", motif: null },
  field: { fill: "#e4d699", motif: "hatch" },
  light_woods: { fill: "#bcd193", motif: "trees" },
  heavy_woods: { fill: "#7d9c58", motif: "dense-trees" },
  town: { fill: "#d3cabb", motif: "blocks" },
  swamp: { fill: "#b9cbb4", motif: "reeds" },
  river: { fill: "#9ec5df", motif: "waves" },
  major_river: { fill: "#6ea2cb", motif: "dense-waves" },
});
const UNKNOWN_TERRAIN = { fill: "#ffffff", motif: "unknown" };

const INK = "#2b2b2b";

// Each motif: tile size and the shapes drawn on the tile, over the terrain's fill.
const MOTIFS = {
  hatch: [8, [{ tag: "path", attrs: { d: "M0 8 L8 0", stroke: INK, "stroke-opacity": 0.35, "stroke-width": 0.8 } }]],
  trees: [12, [{ tag: "circle", attrs: { cx: 6, cy: 6, r: 2.2, fill: INK, "fill-opacity": 0.3 } }]],
  "dense-trees": [8, [
    { tag: "circle", attrs: { cx: 2, cy: 2, r: 2, fill: INK, "fill-opacity": 0.35 } },
    { tag: "circle", attrs: { cx: 6, cy: 6, r: 2, fill: INK, "fill-opacity": 0.35 } },
  ]],
  blocks: [10, [
    { tag: "rect", attrs: { x: 1, y: 1, width: 4, height: 3, fill: INK, "fill-opacity": 0.4 } },
    { tag: "rect", attrs: { x: 6, y: 6, width: 3, height: 3, fill: INK, "fill-opacity": 0.4 } },
  ]],
  reeds: [10, [{ tag: "path", attrs: { d: "M2 7 h5 M4.5 7 v-4", stroke: INK, "stroke-opacity": 0.45, "stroke-width": 0.8, fill: "none" } }]],
  waves: [10, [{ tag: "path", attrs: { d: "M0 5 q2.5 -3 5 0 t5 0", stroke: "#ffffff", "stroke-width": 0.9, fill: "none" } }]],
  "dense-waves": [6, [{ tag: "path", attrs: { d: "M0 3 q1.5 -2 3 0 t3 0", stroke: "#ffffff", "stroke-width": 0.9, fill: "none" } }]],
  unknown: [8, [{ tag: "path", attrs: { d: "M0 0 L8 8 M8 0 L0 8", stroke: "#cc0000", "stroke-width": 0.6 } }]],
};

/** The id of a terrain's pattern (ids are shared document-wide, hence the prefix). */
export function patternId(terrain, prefix = "pg") {
  return `${prefix}-terrain-${terrain in TERRAIN_STYLE ? terrain : "unknown"}`;
}

/** The <pattern> elements for every terrain (goes in <defs>). */
export function patternDefs(prefix = "pg") {
  const styles = { ...TERRAIN_STYLE, unknown: UNKNOWN_TERRAIN };
  return Object.entries(styles).map(([terrain, style]) => {
    const [tile, shapes] = MOTIFS[style.motif] ?? [8, []];
    return {
      key: patternId(terrain, prefix),
      tag: "pattern",
      attrs: { id: patternId(terrain, prefix), width: tile, height: tile, patternUnits: "userSpaceOnUse" },
      children: [
        { tag: "rect", attrs: { width: tile, height: tile, fill: style.fill } },
        ...shapes,
      ],
    };
  });
}

/** The <defs> entries of the counter looks `unitItems` collected in `faces`. */
export function faceDefs(faces) {
  return [...faces].map(([id, children]) => ({ key: id, tag: "g", attrs: { id }, children }));
}

/** One group per hex: its terrain polygon, its printed number and its elevation if above 0. */
export function terrainItems(map, size = HEX_SIZE, prefix = "pg") {
  return map.hexes.map((h) => {
    const c = center(h, size);
    const children = [
      { tag: "polygon", attrs: { class: "hex", points: hexPoints(h, size), fill: `url(#${patternId(h.terrain, prefix)})`, stroke: "#8a8470", "stroke-width": 0.6 } },
      { tag: "text", attrs: { class: "hex-label", x: c.x, y: round1(c.y - size * 0.62), "text-anchor": "middle", "font-size": round1(size * 0.22), fill: "#555555" }, text: h.hex.replace(/^[A-Za-z]+/, "") },
    ];
    if (h.elevation > 0) {
      children.splice(1, 0, {
        tag: "polygon",
        attrs: { class: `relief elev-${h.elevation}`, points: hexPoints(h, size), fill: "#6b4a1f", "fill-opacity": Math.min(0.1 * h.elevation, 0.4) },
      });
      children.push({ tag: "text", attrs: { class: "elevation", x: round1(c.x - size * 0.55), y: round1(c.y + size * 0.1), "font-size": round1(size * 0.3), "font-weight": "bold", fill: "#5a3e1b" }, text: String(h.elevation) });
    }
    return {
      key: h.hex,
      tag: "g",
      attrs: { class: `terrain terrain-${h.terrain}`, "data-hex": h.hex },
      children,
    };
  });
}

const round1 = (n) => Math.round(n * 10) / 10 + 0;

/** One group per hexside with features: a stream line, a ford's dashes, a bridge's span. */
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
    const key = [side.a, side.b].sort().join("|");
    items.push({ key, tag: "g", attrs: { class: `hexside ${features.join(" ")}`, "data-hexside": key }, children });
  }
  return items;
}

/**
 * A hachured line on every hexside between hexes of different elevation: the slopes, drawn
 * from the map's elevations (the rules read the same data; here it is only drawn).
 */
export function slopeItems(map, index, size = HEX_SIZE) {
  const byAxial = new Map(map.hexes.map((h) => [`${h.q},${h.r}`, h]));
  const items = [];
  for (const a of map.hexes) {
    // Three directions per hex (N, NE, SE) meet every hexside once.
    for (const [dq, dr] of [[0, -1], [1, -1], [1, 0]]) {
      const b = byAxial.get(`${a.q + dq},${a.r + dr}`);
      if (!b || (a.elevation ?? 0) === (b.elevation ?? 0)) continue;
      const edge = sharedEdge(a, b, size);
      if (!edge) continue;
      const [p, q] = edge;
      const key = [a.hex, b.hex].sort().join("|");
      items.push({ key: `slope-${key}`, tag: "line", attrs: { class: "slope", x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: "#7a4e22", "stroke-width": 2.4, "stroke-dasharray": "1.5 1.5" } });
    }
  }
  return items;
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

/** The counters on the map by hex, bottom of each stack first (leaders on top). */
export function stacks(units) {
  const byHex = new Map();
  for (const u of listUnits(units)) {
    if (!u.hex || u.eliminated || u.exited || u.carried_by) continue;
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  for (const stack of byHex.values()) {
    stack.sort((m, n) => Number(Boolean(m.leader)) - Number(Boolean(n.leader)) || (m.id < n.id ? -1 : m.id > n.id ? 1 : 0));
  }
  return byHex;
}

/** The units of a view as a list, whether the view keys them by id or lists them. */
export function listUnits(units) {
  if (Array.isArray(units)) return units;
  return units && typeof units === "object" ? Object.values(units) : [];
}

/**
 * One group per counter on the map, keyed by unit id so a counter that moves is the same
 * element. Carried units ride inside their transport and are not drawn (the unit panel lists
 * them); units off the map are not drawn either. The stack in hex `spread` is laid out side
 * by side so every counter in it can be read and picked.
 */
export function unitItems(units, index, { size = HEX_SIZE, selected = null, types = {}, spread = null, faces = null, looks = null, picked = null, marked = null, partners = null } = {}) {
  const items = [];
  const side = Math.round(size * 1.05);
  const step = Math.max(2, Math.round(size * 0.1));
  const font = { "font-size": round1(size * 0.2), fill: INK };
  for (const [label, stack] of stacks(units)) {
    const h = index.get(label);
    if (!h) continue;
    const c = center(h, size);
    const fanned = label === spread && stack.length > 1;
    const gap = side + 3;
    const perRow = Math.min(stack.length, 4);
    stack.forEach((u, i) => {
      let x = round1(c.x - side / 2 + i * step);
      let y = round1(c.y - side / 2 - i * step);
      if (fanned) {
        const row = Math.floor(i / perRow);
        const col = i % perRow;
        x = round1(c.x - (perRow * gap) / 2 + col * gap + 1.5);
        y = round1(c.y - side / 2 - row * gap);
      }
      const classes = ["unit", `side-${u.side}`, u.own ? "own" : "enemy"];
      if (u.leader) classes.push("leader");
      if (u.status && u.status !== "good") classes.push(u.status);
      if (u.moved_fired) classes.push("moved-fired");
      if (u.id === selected) classes.push("selected");
      if (fanned) classes.push("spread");
      if (u.detail && u.detail !== "exact") classes.push(`detail-${u.detail}`);
      // With `faces` (a Map to fill), each look is drawn once in <defs> and counters <use> it:
      // a 300-counter board then builds a tenth of the elements.
      let children;
      const isSelected = u.id === selected || Boolean(picked?.has(u.id));
      const partner = Boolean(partners?.has(u.id));
      if (partner) classes.push("partner");
      if (faces) {
        const face = counterFace(u, types[u.type], { side, selected: isSelected, faces: looks, partner });
        faces.set(face.id, face.children);
        children = [{ tag: "use", attrs: { href: `#${face.id}` } }, counterTitle(u, types[u.type], { side, faces: looks })];
      } else {
        children = [...counterChildren(u, types[u.type], { side, selected: isSelected, faces: looks, partner })];
      }
      if (marked?.has(u.id)) {
        // A unit the player may use now (opportunity fire): a bright ring around the counter.
        children.push({ tag: "rect", attrs: { class: "may-act-ring", x: -3, y: -3, width: side + 6, height: side + 6, rx: 4, fill: "none", stroke: "#ff7a00", "stroke-width": 2.5, "pointer-events": "none" } });
        classes.push("marked");
      }
      if (i === stack.length - 1 && stack.length > 1 && !fanned) {
        children.push({ tag: "text", attrs: { ...font, class: "stack-count", x: side, y: -2, "text-anchor": "end" }, text: `×${stack.length}` });
      }
      items.push({
        key: `unit-${u.id}`,
        tag: "g",
        attrs: { class: classes.join(" "), transform: `translate(${x} ${y})`, "data-unit": u.id, "data-hex": label },
        children,
      });
    });
  }
  if (spread) {
    // The fanned stack is drawn last, over its neighbours.
    const mine = items.filter((i) => i.attrs["data-hex"] === spread);
    return [...items.filter((i) => i.attrs["data-hex"] !== spread), ...mine];
  }
  return items;
}
