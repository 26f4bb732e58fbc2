// Where things go on the board: hex centres, outlines, shared hexsides, road paths, bounds.
//
// Pure functions over the map payload ({boards, hexes, hexsides, roads}; hexes carry their
// axial q, r) and a hex size in SVG units (the circumradius of a flat-topped hex). No DOM.

import { hexCorners, hexToPixel } from "../hex.js";

export const HEX_SIZE = 30;

const round2 = (n) => Math.round(n * 100) / 100 + 0; // + 0 turns -0 into 0

/** Hexes of the map payload by label ("A0305" -> {hex, q, r, terrain, elevation}). */
export function indexHexes(map) {
  return new Map(map.hexes.map((h) => [h.hex, h]));
}

/** The layout hex.js uses for labels: {columns, rows, boards: {A: [x, y]}}. */
export function labelLayout(map) {
  const [first] = map.boards;
  return {
    columns: first.columns,
    rows: first.rows,
    boards: Object.fromEntries(map.boards.map((b) => [b.label, b.at])),
  };
}

/** The centre of a hex, rounded to 1/100 of a unit so SVG text stays stable. */
export function center(h, size = HEX_SIZE) {
  const p = hexToPixel(h, size);
  return { x: round2(p.x), y: round2(p.y) };
}

/** The `points` attribute of a hex's polygon. */
export function hexPoints(h, size = HEX_SIZE) {
  return hexCorners(h, size).map((c) => `${round2(c.x)},${round2(c.y)}`).join(" ");
}

// The first corner (0 east, clockwise on screen) of the edge facing each neighbour.
const EDGE_OF = { "1,0": 0, "0,1": 1, "-1,1": 2, "-1,0": 3, "0,-1": 4, "1,-1": 5 };

/** The two ends of the hexside between adjacent hexes a and b, or null if not adjacent. */
export function sharedEdge(a, b, size = HEX_SIZE) {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  if ((Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2 !== 1) return null;
  // Corners i and i+1 of a (at 60° steps from east) face the neighbour in direction i.
  const side = EDGE_OF[`${dq},${dr}`];
  const c = hexToPixel(a, size);
  const corner = (k) => {
    const angle = (Math.PI / 3) * (k % 6);
    return { x: round2(c.x + size * Math.cos(angle)), y: round2(c.y + size * Math.sin(angle)) };
  };
  const ends = [corner(side), corner(side + 1)];
  // Order the ends so the same hexside gives the same segment from either side.
  ends.sort((m, n) => m.x - n.x || m.y - n.y);
  return ends;
}

/**
 * A hex's outline as path data from its first corner, with relative steps the same for every
 * hex ("M x y l … z"): cheap to build for a map of a thousand hexes and more.
 */
export function hexOutline(h, size = HEX_SIZE) {
  const c = center(h, size);
  return `M${round2(c.x + size)} ${round2(c.y)}${relativeSteps(size)}`;
}

const stepsBySize = new Map();
function relativeSteps(size) {
  let text = stepsBySize.get(size);
  if (!text) {
    const h = round2((size * Math.sqrt(3)) / 2);
    const half = round2(size / 2);
    text = `l${-half} ${h}l${-size} 0l${-half} ${-h}l${half} ${-h}l${size} 0z`;
    stepsBySize.set(size, text);
  }
  return text;
}

/** An SVG path through the given points ("M x y L x y ..."). */
export function pathThrough(points) {
  return points.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" ");
}

/** The box holding every hex of the map, with a margin: {x, y, width, height}. */
export function mapBounds(map, size = HEX_SIZE, margin = size / 2) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of map.hexes) {
    const { x, y } = hexToPixel(h, size);
    minX = Math.min(minX, x - size);
    maxX = Math.max(maxX, x + size);
    minY = Math.min(minY, y - (size * Math.sqrt(3)) / 2);
    maxY = Math.max(maxY, y + (size * Math.sqrt(3)) / 2);
  }
  if (minX === Infinity) return { x: 0, y: 0, width: 0, height: 0 };
  return {
    x: round2(minX - margin),
    y: round2(minY - margin),
    width: round2(maxX - minX + 2 * margin),
    height: round2(maxY - minY + 2 * margin),
  };
}
