// What each SVG layer holds, as plain descriptions: {key, tag, attrs, text?, children?}.
//
// Pure functions from the map payload and the view to element descriptions; svg.js turns
// them into elements, reusing each by its key (chessground's habit), so these functions can
// be tested in node and the DOM code stays thin. Terrain is a fill plus a pattern, and
// elevation and unit state are written as text, so the board reads without colour.

import { HEX_SIZE, center, hexOutline } from "./geometry.js";
import { counterChildren, counterFace, counterTitle, shortName } from "./counters.js";

export { shortName };
// The map's lines (hexsides, slopes, roads, railways, bridges) are drawn by edges.js.
export { bridgeItems, hexsideItems, railwayItems, roadItems, slopeItems } from "./edges.js";

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
  // Panzer Leader's terrain (games/rules/panzer_leader/core/board.py): woods, stream, beach, sea.
  woods: { fill: "#93b266", motif: "woods" },
  stream: { fill: "#a9cfe6", motif: "ripples" },
  beach: { fill: "#eedfa6", motif: "sand" },
  sea: { fill: "#5f93c2", motif: "swell" },
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
  woods: [10, [
    { tag: "circle", attrs: { cx: 3, cy: 3, r: 2.4, fill: "#2f5a1c", "fill-opacity": 0.42 } },
    { tag: "circle", attrs: { cx: 8, cy: 7.5, r: 1.8, fill: "#2f5a1c", "fill-opacity": 0.42 } },
  ]],
  ripples: [8, [{ tag: "path", attrs: { d: "M0 4 q2 -2.2 4 0 t4 0", stroke: "#2f6fa8", "stroke-opacity": 0.7, "stroke-width": 0.8, fill: "none" } }]],
  swell: [12, [{ tag: "path", attrs: { d: "M0 6 q3 -3 6 0 t6 0 M0 11 q3 -3 6 0 t6 0", stroke: "#dbe9f5", "stroke-width": 0.8, fill: "none" } }]],
  sand: [9, [
    { tag: "circle", attrs: { cx: 2, cy: 2, r: 0.7, fill: "#9a7b3a", "fill-opacity": 0.55 } },
    { tag: "circle", attrs: { cx: 6.5, cy: 6, r: 0.7, fill: "#9a7b3a", "fill-opacity": 0.55 } },
  ]],
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

/**
 * The terrain as few elements as the map allows: one path per terrain holding every hex of
 * it (filled with the terrain's pattern, outlined), one path per elevation shading the
 * relief, and each elevation written as a number so hills read without colour. 1,440 hexes
 * are then a dozen shapes for the browser to lay out and paint, not 1,440 groups.
 */
export function terrainItems(map, size = HEX_SIZE, prefix = "pg") {
  const byTerrain = new Map();
  const byElevation = new Map();
  const heights = [];
  for (const h of map.hexes) {
    const d = hexOutline(h, size);
    if (!byTerrain.has(h.terrain)) byTerrain.set(h.terrain, []);
    byTerrain.get(h.terrain).push(d);
    if (h.elevation > 0) {
      if (!byElevation.has(h.elevation)) byElevation.set(h.elevation, []);
      byElevation.get(h.elevation).push(d);
      const c = center(h, size);
      heights.push({ tag: "text", attrs: { class: "elevation", "data-hex": h.hex, x: round1(c.x - size * 0.55), y: round1(c.y + size * 0.1) }, text: String(h.elevation) });
    }
  }
  const items = [...byTerrain.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([terrain, ds]) => ({
    key: `terrain-${terrain}`,
    tag: "path",
    attrs: { class: `terrain terrain-${terrain}`, "data-terrain": terrain, d: ds.join(""), fill: `url(#${patternId(terrain, prefix)})`, stroke: "#8a8470", "stroke-width": 0.6 },
  }));
  for (const [level, ds] of [...byElevation.entries()].sort(([a], [b]) => a - b)) {
    items.push({ key: `relief-${level}`, tag: "path", attrs: { class: `relief elev-${level}`, d: ds.join(""), fill: "#7a4e1c", "fill-opacity": round1(Math.min(0.13 * level, 0.42)) } });
  }
  if (heights.length) {
    items.push({ key: "elevations", tag: "g", attrs: { class: "elevations", "font-size": round1(size * 0.3), "font-weight": "bold", fill: "#5a3e1b" }, children: heights });
  }
  return items;
}

/** Whether hex labels need their board's letter: on a map of several boards each number is printed on every board. */
export function labelsNeedBoard(map) {
  return (map.boards?.length ?? 1) > 1;
}

/**
 * The printed numbers of the hexes in one group: "1002" on a one-board map, "B1002" where
 * several boards each have a 1002 (the log and the referee write "B1002" too). `within`: a
 * box of the map ({x, y, width, height}) to number only the hexes whose centre lies in it,
 * or null for every hex. Each number is keyed by its hex, so a board that moves its box keeps
 * the numbers still in it.
 */
export function hexLabelItems(map, size = HEX_SIZE, within = null) {
  const withBoard = labelsNeedBoard(map);
  const inside = within
    ? (c) => c.x >= within.x && c.x <= within.x + within.width && c.y >= within.y && c.y <= within.y + within.height
    : () => true;
  const children = [];
  for (const h of map.hexes) {
    const c = center(h, size);
    if (!inside(c)) continue;
    children.push({ key: h.hex, tag: "text", attrs: { x: c.x, y: round1(c.y - size * 0.62) }, text: withBoard ? h.hex : printedNumber(h.hex) });
  }
  return [{ key: "hex-labels", tag: "g", attrs: { class: "hex-label", "text-anchor": "middle", "font-size": round1(size * 0.22), fill: "#555555", "pointer-events": "none" }, children }];
}

/**
 * A hex's number as printed on a one-board map: "A0305" -> "0305"; a label that is more than
 * a board letter and a number ("A-C-5": board, column, row) reads whole.
 */
export function printedNumber(label) {
  return /^[A-Za-z]+\d+$/.test(label) ? label.replace(/^[A-Za-z]+/, "") : label;
}

/**
 * A letter per board where the map has several, in the board's top-left corner: "B", as the
 * printed boards are lettered, so "B1002" can be found at a glance.
 */
export function boardMarkItems(map, size = HEX_SIZE) {
  if (!labelsNeedBoard(map)) return [];
  const corners = new Map();
  for (const h of map.hexes) {
    const letter = /^[A-Za-z]+/.exec(h.hex)?.[0];
    if (!letter) continue;
    const c = center(h, size);
    const at = corners.get(letter);
    if (!at) corners.set(letter, { x: c.x, y: c.y });
    else corners.set(letter, { x: Math.min(at.x, c.x), y: Math.min(at.y, c.y) });
  }
  return [...corners.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([letter, at]) => ({
    key: `board-${letter}`,
    tag: "g",
    attrs: { class: "board-mark", "data-board": letter, "pointer-events": "none" },
    children: [
      { tag: "rect", attrs: { x: round1(at.x - size * 0.55), y: round1(at.y - size * 0.55), width: round1(size * 1.1), height: round1(size * 1.1), rx: round1(size * 0.2), fill: "#ffffff", "fill-opacity": 0.8, stroke: "#3b3b3b", "stroke-width": 1.2 } },
      { tag: "text", attrs: { x: at.x, y: round1(at.y + size * 0.33), "text-anchor": "middle", "font-size": round1(size * 0.95), "font-weight": "bold", fill: "#2b2b2b" }, text: letter },
    ],
  }));
}

const round1 = (n) => Math.round(n * 10) / 10 + 0;

const FAN_ROW = 4; // counters in a row of a fanned stack
const FAN_GAP = 3; // between two counters of a fanned stack

/** A counter's width and height on the map, for hexes of `size`. */
export function counterSide(size = HEX_SIZE) {
  return Math.round(size * 1.05);
}

/**
 * The left edge of a fanned stack of `count` counters in the hex centred at `cx`: its rows
 * are centred on the hex (unitItems), and what must stay clear of them (the assault marker,
 * overlays.js) reads it here.
 */
export function fanLeft(count, cx, size = HEX_SIZE) {
  const perRow = Math.min(count, FAN_ROW);
  return cx - (perRow * (counterSide(size) + FAN_GAP)) / 2 + 1.5;
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
  const side = counterSide(size);
  const step = Math.max(2, Math.round(size * 0.1));
  const font = { "font-size": round1(size * 0.2), fill: INK };
  for (const [label, stack] of stacks(units)) {
    const h = index.get(label);
    if (!h) continue;
    const c = center(h, size);
    const fanned = label === spread && stack.length > 1;
    const gap = side + FAN_GAP;
    const perRow = Math.min(stack.length, FAN_ROW);
    stack.forEach((u, i) => {
      let x = round1(c.x - side / 2 + i * step);
      let y = round1(c.y - side / 2 - i * step);
      if (fanned) {
        const row = Math.floor(i / perRow);
        const col = i % perRow;
        x = round1(fanLeft(stack.length, c.x, size) + col * gap);
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
