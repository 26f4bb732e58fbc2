// Hex geometry for the browser: the twin of games/rules/hexgrid.py.
// Flat-topped hexes, axial {q, r}; odd-q offset (odd columns shoved down) for labels.
// Both implementations are checked against tests/data/hex_cases.json.

export const DIRECTION_NAMES = Object.freeze(["N", "NE", "SE", "S", "SW", "NW"]);
export const DIRECTIONS = Object.freeze([
  Object.freeze({ q: 0, r: -1 }),
  Object.freeze({ q: 1, r: -1 }),
  Object.freeze({ q: 1, r: 0 }),
  Object.freeze({ q: 0, r: 1 }),
  Object.freeze({ q: -1, r: 1 }),
  Object.freeze({ q: -1, r: 0 }),
]);

export function hex(q, r) {
  return { q, r };
}

export function hexKey(h) {
  return `${h.q},${h.r}`;
}

export function distance(a, b) {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function neighbor(h, direction) {
  const d = DIRECTIONS[direction];
  return { q: h.q + d.q, r: h.r + d.r };
}

export function neighbors(h) {
  return DIRECTIONS.map((d) => ({ q: h.q + d.q, r: h.r + d.r }));
}

// Same nudge and rounding as hexgrid.py so both draw identical lines.
const EPS_Q = 1e-6;
const EPS_R = 2e-6;
const EPS_S = -3e-6;

function cubeRound(fq, fr, fs) {
  let q = Math.floor(fq + 0.5);
  let r = Math.floor(fr + 0.5);
  const s = Math.floor(fs + 0.5);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  // `0 - x - y` rather than `-x - y`: never produce -0.
  if (dq > dr && dq > ds) q = 0 - r - s;
  else if (dr > ds) r = 0 - q - s;
  return { q, r };
}

function lineOffsets(dq, dr, sign) {
  const n = (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  if (n === 0) return [{ q: 0, r: 0 }];
  const ds = -dq - dr;
  const eq = sign * EPS_Q;
  const er = sign * EPS_R;
  const es = sign * EPS_S;
  const out = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(cubeRound(dq * t + eq, dr * t + er, ds * t + es));
  }
  return out;
}

// Two lines from a to b, nudged +eps and -eps; they differ only along hexsides.
export function line(a, b) {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  const shift = (o) => ({ q: a.q + o.q, r: a.r + o.r });
  return [lineOffsets(dq, dr, 1).map(shift), lineOffsets(dq, dr, -1).map(shift)];
}

export function offsetToAxial(col, row) {
  return { q: col, r: row - (col - (col & 1)) / 2 };
}

export function axialToOffset(h) {
  return { col: h.q, row: h.r + (h.q - (h.q & 1)) / 2 };
}

function pad2(n) {
  return String(n).padStart(2, "0");
}

// layout: {columns, rows, boards: {A: [x, y], ...}} (board size and grid positions).
export function formatLabel(h, layout) {
  const { col, row } = axialToOffset(h);
  const x = Math.floor(col / layout.columns);
  const y = Math.floor(row / layout.rows);
  const board = Object.keys(layout.boards).find(
    (k) => layout.boards[k][0] === x && layout.boards[k][1] === y,
  );
  if (board === undefined || col < 0 || row < 0) return null;
  return `${board}${pad2((col % layout.columns) + 1)}${pad2((row % layout.rows) + 1)}`;
}

export function parseLabel(text, layout) {
  const m = /^([A-Za-z]+)(\d{2})(\d{2})$/.exec(text);
  if (!m || !(m[1] in layout.boards)) return null;
  const col = Number(m[2]);
  const row = Number(m[3]);
  if (col < 1 || col > layout.columns || row < 1 || row > layout.rows) return null;
  const [x, y] = layout.boards[m[1]];
  return offsetToAxial(x * layout.columns + col - 1, y * layout.rows + row - 1);
}

const SQRT3 = Math.sqrt(3);

// Centre of a hex in pixels for flat-topped hexes of circumradius `size`.
export function hexToPixel(h, size, origin = { x: 0, y: 0 }) {
  return {
    x: origin.x + size * 1.5 * h.q,
    y: origin.y + size * SQRT3 * (h.r + h.q / 2),
  };
}

export function pixelToHex(p, size, origin = { x: 0, y: 0 }) {
  const x = (p.x - origin.x) / size;
  const y = (p.y - origin.y) / size;
  const fq = (2 / 3) * x;
  const fr = -x / 3 + (SQRT3 / 3) * y;
  return cubeRound(fq, fr, -fq - fr);
}

// Corner points of a flat-topped hex, for SVG polygons.
export function hexCorners(h, size, origin = { x: 0, y: 0 }) {
  const c = hexToPixel(h, size, origin);
  const out = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 3) * i;
    out.push({ x: c.x + size * Math.cos(angle), y: c.y + size * Math.sin(angle) });
  }
  return out;
}
