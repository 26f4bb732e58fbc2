// Edits of a scenario document, in each ruleset's documented format (docs/designer.md).
//
// The designer is a mode of the board: the board draws, this module turns a click with the
// chosen tool into a new document, and the server checks it. Nothing here knows a rule
// (stacking, terrain costs, victory): it knows only where each format keeps a hex's terrain,
// a counter and an objective. Every function returns a new document and leaves its input be.

import { DIRECTION_NAMES, DIRECTIONS, offsetToAxial } from "../hex.js";

const PG = "panzer_grenadier";

/** The terrain a brush may paint: [{char, name}] (a board's legend, or Panzer Leader's letters). */
export const PL_TERRAIN = Object.freeze([
  { char: ".", name: "clear" }, { char: "w", name: "woods" }, { char: "t", name: "town" },
  { char: "x", name: "swamp" }, { char: "~", name: "stream" }, { char: "b", name: "beach" },
  { char: "=", name: "sea" },
]);

export const clone = (doc) => JSON.parse(JSON.stringify(doc));

export function terrainChoices(ruleset, doc) {
  if (ruleset !== PG) return PL_TERRAIN;
  const board = Object.values(doc.boards ?? {})[0];
  return Object.entries(board?.legend ?? { ".": "clear" }).map(([char, name]) => ({ char, name }));
}

/** The board cell a printed hex label names: {boardId, col, row} (0-based), or null. */
export function cellOf(ruleset, doc, label) {
  if (ruleset === PG) {
    const m = /^([A-Z]+)(\d\d)(\d\d)$/.exec(label ?? "");
    if (!m) return null;
    const entry = (doc.map?.boards ?? []).find((b) => b.label === m[1]);
    return entry ? { boardId: entry.board, col: Number(m[2]) - 1, row: Number(m[3]) - 1 } : null;
  }
  // Column letters run A … Z, then AA, BB … (a full-size board's 33 columns).
  const m = /^([A-Za-z0-9]+)-([A-Z]|([A-Z])\3)-(\d+)$/.exec(label ?? "");
  if (!m) return null;
  const entry = (doc.map ?? []).find((b) => (b.label ?? b.board) === m[1]);
  const col = m[2].charCodeAt(0) - 65 + (m[2].length === 2 ? 26 : 0);
  return entry ? { boardId: entry.board, col, row: Number(m[4]) - 1 } : null;
}

/** Paint one hex's terrain; a board the document does not draw itself is left as it is. */
export function paintTerrain(ruleset, doc, label, char) {
  const cell = cellOf(ruleset, doc, label);
  const out = clone(doc);
  const board = cell && out.boards?.[cell.boardId];
  if (!board || !board.terrain?.[cell.row]) return out;
  const row = board.terrain[cell.row];
  board.terrain[cell.row] = row.slice(0, cell.col) + char + row.slice(cell.col + 1);
  return out;
}

/** The levels a hex may have: a digit a level in Panzer Grenadier (its board's elevation
 * rows), ground, slope and hilltop in Panzer Leader (2.3). */
export function elevationChoices(ruleset) {
  if (ruleset === PG) return [...Array(10).keys()].map((n) => ({ level: String(n), name: String(n) }));
  return ["ground", "slope", "hilltop"].map((name, n) => ({ level: String(n), name: `${n} ${name}` }));
}

/** Set one hex's elevation (a digit: 0-9 in Panzer Grenadier, 0 ground, 1 slope, 2 hilltop in
 * Panzer Leader). */
export function paintElevation(ruleset, doc, label, digit) {
  const cell = cellOf(ruleset, doc, label);
  const out = clone(doc);
  const board = cell && out.boards?.[cell.boardId];
  if (!board || !board.elevation?.[cell.row]) return out;
  const row = board.elevation[cell.row];
  board.elevation[cell.row] = row.slice(0, cell.col) + String(digit) + row.slice(cell.col + 1);
  return out;
}

export function nextId(doc, side, type) {
  const taken = new Set((doc.units ?? []).map((u) => u.id));
  const stem = `${side}-${type}`.replace(/[^a-z0-9_-]/g, "-");
  let n = 1;
  while (taken.has(`${stem}-${n}`)) n += 1;
  return `${stem}-${n}`;
}

/** What a Panzer Grenadier counter may carry besides its type and side: the formation (the
 * seat that commands it in team play) and a leader's name. Empty choices are left out. */
export function unitExtras({ formation = "", name = "" } = {}) {
  return { ...(formation ? { formation } : {}), ...(name.trim() ? { name: name.trim() } : {}) };
}

/** Place one counter of a type for a side on a hex (Panzer Grenadier: in a formation, named). */
export function placeUnit(ruleset, doc, label, type, side, extras = {}) {
  const out = clone(doc);
  if (ruleset === PG) {
    out.units = [...(out.units ?? []), { id: nextId(out, side, type), type, side, hex: label, ...unitExtras(extras) }];
  } else {
    out.forces = [...(out.forces ?? []), { side, type, at: [label], count: 1 }];
  }
  return out;
}

/** Take every counter set up on a hex, or entering there, off the map. */
export function removeUnitsAt(ruleset, doc, label) {
  const out = clone(doc);
  if (ruleset === PG) {
    const gone = new Set((out.units ?? []).filter((u) => u.hex === label || u.entry_hex === label).map((u) => u.id));
    out.units = (out.units ?? []).filter((u) => !gone.has(u.id) && !gone.has(u.carried_by));
    return out;
  }
  out.forces = [];
  const kept = [];
  (doc.forces ?? []).forEach((f, i) => {
    if (f.entry_turn && f.entry?.includes(label)) {
      const entry = f.entry.filter((h) => h !== label);
      if (entry.length) { out.forces.push({ ...clone(f), entry }); kept.push(i); }
      return;
    }
    if (!f.at?.includes(label)) { out.forces.push(clone(f)); kept.push(i); return; }
    const at = f.at.filter((h) => h !== label);
    if (at.length) { out.forces.push({ ...clone(f), at, count: at.length }); kept.push(i); }
  });
  return renumbered(doc, out, kept);
}

/** The ids a Panzer Leader situation gives its units, force by force: `<side>-<type>-<n>`,
 * numbered on through every force of one side and type, as the game numbers them (its
 * `loaded` and set-up areas name units by these ids). */
export function plUnitIds(doc) {
  const counts = new Map();
  return (doc.forces ?? []).map((f) => {
    const n = f.count ?? (f.at?.length || 1);
    const type = String(f.type);
    const stem = `${String(f.side).slice(0, 2)}-${type.slice(type.indexOf("_") + 1)}`;
    const key = `${f.side} ${type}`;
    const ids = [];
    for (let k = 0; k < n; k += 1) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      ids.push(`${stem}-${counts.get(key)}`);
    }
    return ids;
  });
}

/** A Panzer Leader situation whose forces changed (`kept[i]`: the index in `before.forces`
 * of `after.forces[i]`), with the set-up areas, `loaded` and `engineer_vehicles` naming its
 * units by their new ids: a force taken away, or made smaller, changes the numbers of the
 * forces of its side and type after it. References to units that are gone go with them. */
export function renumbered(before, after, kept) {
  const old = plUnitIds(before);
  const now = plUnitIds(after);
  const rename = new Map();
  kept.forEach((from, i) => {
    if (from === null || from === undefined) return;
    old[from].forEach((id, k) => { if (k < now[i].length) rename.set(id, now[i][k]); });
  });
  const out = after;
  for (const s of out.sides ?? []) {
    for (const a of s.setup_areas ?? []) a.units = a.units.filter((u) => rename.has(u)).map((u) => rename.get(u));
  }
  if (out.loaded) {
    out.loaded = out.loaded.filter((p) => rename.has(p.carrier) && rename.has(p.passenger))
      .map((p) => ({ carrier: rename.get(p.carrier), passenger: rename.get(p.passenger) }));
  }
  if (out.engineer_vehicles) {
    out.engineer_vehicles = Object.fromEntries(Object.entries(out.engineer_vehicles)
      .filter(([e, v]) => rename.has(e) && rename.has(v)).map(([e, v]) => [rename.get(e), rename.get(v)]));
  }
  return out;
}

/** Make a hex an objective, or no longer one (the points a Panzer Grenadier hex is worth). */
export function toggleObjective(ruleset, doc, label, points = 2) {
  const out = clone(doc);
  out.victory = out.victory ?? {};
  if (ruleset === PG) {
    const hexes = out.victory.hexes ?? [];
    out.victory.hexes = hexes.some((o) => o.hex === label)
      ? hexes.filter((o) => o.hex !== label)
      : [...hexes, { hex: label, points, holder: null }];
    return out;
  }
  const objectives = out.victory.objectives ?? [];
  out.victory.objectives = objectives.includes(label) ? objectives.filter((h) => h !== label) : [...objectives, label];
  return out;
}

/** The counters set up on the map, as the board draws a view's units: each named as the
 * document names it, or by its type's name in the counter catalogue (`counters`), never by
 * the type's id. */
export function unitsOf(ruleset, doc, counters = {}) {
  const named = (u) => ({ ...u, name: u.name ?? counters[u.type]?.name ?? u.type });
  if (ruleset === PG) {
    return (doc.units ?? []).filter((u) => u.hex).map((u) => named({ id: u.id, type: u.type, side: u.side, hex: u.hex, own: true, ...(u.name ? { name: u.name } : {}) }));
  }
  const out = [];
  (doc.forces ?? []).forEach((f, i) => {
    if (f.entry_turn || !f.at) return;
    const count = f.count ?? f.at.length;
    for (let k = 0; k < count; k += 1) {
      out.push(named({ id: `f${i}-${k}`, type: f.type, side: f.side, hex: f.at[k % f.at.length], own: true }));
    }
  });
  return out;
}

/** Objective hexes, as the board draws markers laid on hexes. */
export function objectiveMarkers(ruleset, doc) {
  const hexes = ruleset === PG ? (doc.victory?.hexes ?? []).map((o) => o.hex) : (doc.victory?.objectives ?? []);
  return hexes.map((hex) => ({ hex, markers: ["objective"] }));
}

/** The sides of a document: [{id, name}]. */
export function sidesOf(doc) {
  return (doc.sides ?? []).map((s) => ({ id: s.id, name: s.name ?? s.id }));
}

// Fields a battle may leave out: emptied, they go (the schemas know no empty date or front).
const OPTIONAL_FIELDS = new Set(["date", "front"]);

/** Set the words of a battle: title, turns, date, front, the description (a side's words are
 * sides.js's). */
export function setField(doc, field, value) {
  const out = clone(doc);
  if (OPTIONAL_FIELDS.has(field) && value === "") {
    delete out[field];
  } else if (field === "turns") {
    const n = Number.parseInt(value, 10);
    out.turns = Number.isFinite(n) ? n : value;
  } else {
    out[field] = value;
  }
  return out;
}

/** The map hexes a problem stands on. A Panzer Grenadier board's own problem (a hexside off
 * the board, say) names the hex as the board prints it ("0101"): it is on the map wherever
 * the document lays that board ("A0101"). */
export function problemHexes(ruleset, doc, problem) {
  const hex = problem?.hex;
  if (!hex) return [];
  const board = /^boards\.([^.[]+)/.exec(problem.field ?? "")?.[1];
  if (ruleset !== PG || !board || !/^\d{4}$/.test(hex)) return [hex];
  return (doc?.map?.boards ?? []).filter((b) => b.board === board).map((b) => `${b.label}${hex}`);
}

/** The problems the server found that stand on a hex, as the board's target marks. */
export function problemMarks(problems, ruleset = null, doc = null) {
  const byHex = new Map();
  for (const p of problems ?? []) {
    for (const hex of problemHexes(ruleset, doc, p)) byHex.set(hex, [...(byHex.get(hex) ?? []), p]);
  }
  return [...byHex.entries()].map(([hex, list]) => ({ hex, label: `⚠ ${list.length}`, kind: "problem" }));
}

/** The battle's first board of its own as a board to keep for other battles, under an id
 * made of its name (Panzer Grenadier ids: lower-case letters, digits, '-' and '_'; Panzer
 * Leader's: letters and digits) and named as each format names a board. Null when the battle
 * draws no board itself. */
export function boardToKeep(ruleset, doc, name) {
  const drawing = Object.values(doc.boards ?? {})[0];
  const words = String(name ?? "").trim();
  if (!drawing || !words) return null;
  const out = clone(drawing);
  if (ruleset === PG) {
    out.id = words.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "board";
    out.name = words;
  } else {
    out.id = words.replace(/[^A-Za-z0-9]+/g, "").slice(0, 40) || "Board";
    out.title = words;
  }
  return out;
}

/** A clear board of the same size as the battle's first one, under an unused id. */
function blankLike(ruleset, doc) {
  const first = Object.values(doc.boards ?? {})[0];
  if (!first) return null;
  const taken = new Set(Object.keys(doc.boards ?? {}));
  const stem = ruleset === PG ? "board" : "N";
  let n = 2;
  while (taken.has(`${stem}${n}`)) n += 1;
  const out = { id: `${stem}${n}`, columns: first.columns, rows: first.rows,
    terrain: first.terrain.map((row) => ".".repeat(row.length)),
    elevation: first.elevation.map((row) => "0".repeat(row.length)) };
  if (ruleset === PG) Object.assign(out, { name: `Board ${n}`, legend: clone(first.legend ?? { ".": "clear" }) });
  return out;
}

/** Join one more board to the map, east of the boards laid or south of them, as each game
 * lays boards: Panzer Grenadier's in a grid of whole boards, each with the next letter
 * (A, B …) its hexes are labelled by; Panzer Leader's whole hex to whole hex, labelled by
 * the board's id. The board is `drawing` (a kept one), or else a clear board the size of the
 * first, drawn in the document. */
export function addBoard(ruleset, doc, direction, drawing = null) {
  const board = drawing ? clone(drawing) : blankLike(ruleset, doc);
  const out = clone(doc);
  if (!board || (out.boards ?? {})[board.id] !== undefined) return out;
  out.boards = { ...(out.boards ?? {}), [board.id]: board };
  const east = direction === "east";
  if (ruleset === PG) {
    const laid = out.map?.boards ?? [];
    const used = new Set(laid.map((b) => b.label));
    const label = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].find((l) => !used.has(l));
    if (!label) return clone(doc);
    const x = east ? Math.max(-1, ...laid.map((b) => b.at[0])) + 1 : 0;
    const y = east ? 0 : Math.max(-1, ...laid.map((b) => b.at[1])) + 1;
    out.map = { ...(out.map ?? {}), boards: [...laid, { board: board.id, label, at: [x, y] }] };
    return out;
  }
  const laid = out.map ?? [];
  const size = (entry) => out.boards[entry.board] ?? { columns: 0, rows: 0 };
  const x = east ? Math.max(0, ...laid.map((b) => b.at[0] + size(b).columns)) : 0;
  const y = east ? 0 : Math.max(0, ...laid.map((b) => b.at[1] + size(b).rows));
  out.map = [...laid, { board: board.id, at: [x, y] }];
  return out;
}

/** Lay the battle on a kept board instead of its blank one (a bundled board, or one of the
 * designer's own): the drawing is copied into the document, so the battle stands alone. */
export function withBoard(ruleset, doc, drawing) {
  const out = clone(doc);
  const id = drawing.id;
  out.boards = { [id]: clone(drawing) };
  if (ruleset === PG) out.map = { boards: [{ board: id, label: "A", at: [0, 0] }] };
  else out.map = [{ board: id, at: [0, 0] }];
  return out;
}

/** The map edge a board cell lies on (W, E, N, S), or "W" when the board is not drawn in the
 * document or the cell is inside it: the server's check names an entry hex off its edge. */
function edgeOf(doc, cell) {
  const board = doc.boards?.[cell.boardId];
  if (!board) return "W";
  if (cell.col === 0) return "W";
  if (cell.col === board.columns - 1) return "E";
  if (cell.row === 0) return "N";
  if (cell.row === board.rows - 1) return "S";
  return "W";
}

/** A counter entering on a turn at a hex (a reinforcement: 16.5 in Panzer Grenadier, the
 * situation's entry hexes in Panzer Leader). */
export function placeReinforcement(ruleset, doc, label, type, side, turn, extras = {}) {
  const out = clone(doc);
  const entryTurn = Math.max(1, Number.parseInt(turn, 10) || 1);
  if (ruleset === PG) {
    const cell = cellOf(ruleset, doc, label);
    if (!cell) return out;
    out.units = [...(out.units ?? []), { id: nextId(out, side, type), type, side, entry_turn: entryTurn, entry_edge: edgeOf(doc, cell), entry_hex: label, ...unitExtras(extras) }];
  } else {
    out.forces = [...(out.forces ?? []), { side, type, count: 1, entry_turn: entryTurn, entry: [label] }];
  }
  return out;
}

/** Where reinforcements enter, as markers on their hexes. */
export function entryMarkers(ruleset, doc) {
  const hexes = ruleset === PG
    ? (doc.units ?? []).filter((u) => u.entry_hex).map((u) => u.entry_hex)
    : (doc.forces ?? []).filter((f) => f.entry_turn).flatMap((f) => f.entry ?? []);
  return [...new Set(hexes)].map((hex) => ({ hex, markers: ["entry"] }));
}

/** The hexside features a board may draw, by each format's terrain chart: Panzer Grenadier's
 * streams, fords and bridges (board.schema.json `hexsides`); Panzer Leader's symbols the
 * levels and woods do not imply (a cliff, a brown slope run, a ridge: the board file's
 * `hexsides`, 2.3). */
export const HEXSIDE_FEATURES = Object.freeze({
  panzer_grenadier: Object.freeze([
    { id: "stream", name: "stream" }, { id: "ford", name: "ford" }, { id: "bridge", name: "bridge" },
  ]),
  panzer_leader: Object.freeze([
    { id: "cliff", name: "cliff" }, { id: "brown", name: "slope" }, { id: "ridge", name: "ridge" },
  ]),
});

/** The hex-to-hex links a board may draw, by each game's terrain chart: Panzer Grenadier's
 * roads and trails (its chart has no railway, D-TEC-RAIL), Panzer Leader's roads and
 * railways (PL-E28; a board file's `roads` and `railways`). */
export const ROAD_KINDS = Object.freeze({
  panzer_grenadier: Object.freeze([{ id: "road", name: "road" }, { id: "trail", name: "trail" }]),
  panzer_leader: Object.freeze([{ id: "road", name: "road" }, { id: "railway", name: "railway" }]),
});

const pad2 = (n) => String(n).padStart(2, "0");

/** Two printed labels as one board's neighbouring cells: {boardId, a, b, side} (`side`: the
 * direction from a to b, N..NW), or null when they are not neighbours on a board the
 * document draws itself (a link never crosses from one board to another). */
export function linkOf(ruleset, doc, labelA, labelB) {
  const a = cellOf(ruleset, doc, labelA);
  const b = cellOf(ruleset, doc, labelB);
  if (!a || !b || a.boardId !== b.boardId || !doc.boards?.[a.boardId]) return null;
  const ha = offsetToAxial(a.col, a.row);
  const hb = offsetToAxial(b.col, b.row);
  const i = DIRECTIONS.findIndex((d) => ha.q + d.q === hb.q && ha.r + d.r === hb.r);
  return i < 0 ? null : { boardId: a.boardId, a, b, side: DIRECTION_NAMES[i] };
}

const OPPOSITE = { N: "S", NE: "SW", SE: "NW", S: "N", SW: "NE", NW: "SE" };
const pgHex = (cell) => `${pad2(cell.col + 1)}${pad2(cell.row + 1)}`;
const sameCell = (p, cell) => p[0] === cell.col && p[1] === cell.row;

/** Draw a feature on the hexside between two neighbouring hexes, or take it away when it is
 * there (from either hex's side). Hexes that are not neighbours leave the document as it is. */
export function toggleHexside(ruleset, doc, labelA, labelB, feature) {
  const link = linkOf(ruleset, doc, labelA, labelB);
  const out = clone(doc);
  if (!link) return out;
  const board = out.boards[link.boardId];
  const sides = board.hexsides ?? [];
  if (ruleset === PG) {
    const a = pgHex(link.a);
    const b = pgHex(link.b);
    const here = (s) => s.feature === feature
      && ((s.hex === a && s.side === link.side) || (s.hex === b && s.side === OPPOSITE[link.side]));
    board.hexsides = sides.some(here) ? sides.filter((s) => !here(s)) : [...sides, { hex: a, side: link.side, feature }];
    return out;
  }
  const between = (s) => (sameCell(s.a, link.a) && sameCell(s.b, link.b)) || (sameCell(s.a, link.b) && sameCell(s.b, link.a));
  const entry = sides.find(between);
  if (!entry) {
    board.hexsides = [...sides, { a: [link.a.col, link.a.row], b: [link.b.col, link.b.row], features: [feature] }];
  } else if (entry.features.includes(feature)) {
    entry.features = entry.features.filter((f) => f !== feature);
    board.hexsides = sides.filter((s) => s !== entry || s.features.length);
  } else {
    entry.features = [...entry.features, feature];
  }
  return out;
}

/** Split each path where `isStep(p, q)` says two of its points make the stretch taken out,
 * keeping the pieces of two points or more. */
function cutPaths(paths, isStep) {
  const kept = [];
  for (const path of paths) {
    let piece = [path[0]];
    for (let i = 1; i < path.length; i += 1) {
      if (isStep(path[i - 1], path[i])) {
        if (piece.length > 1) kept.push(piece);
        piece = [path[i]];
      } else {
        piece.push(path[i]);
      }
    }
    if (piece.length > 1) kept.push(piece);
  }
  return kept;
}

/** Draw a road (or trail, or railway) from one hex to its neighbour, or take that stretch away
 * when it is there: the links are the board's paths of hexes, cut where a stretch is taken
 * out. A kind the game's chart lacks (ROAD_KINDS) leaves the document as it is. */
export function toggleRoad(ruleset, doc, labelA, labelB, kind = "road") {
  const link = linkOf(ruleset, doc, labelA, labelB);
  const out = clone(doc);
  if (!link || !(ROAD_KINDS[ruleset] ?? []).some((k) => k.id === kind)) return out;
  const board = out.boards[link.boardId];
  if (ruleset === PG) {
    const a = pgHex(link.a);
    const b = pgHex(link.b);
    const isStep = (p, q) => (p === a && q === b) || (p === b && q === a);
    const roads = board.roads ?? [];
    const ofKind = roads.filter((r) => r.kind === kind);
    const there = ofKind.some((r) => r.hexes.some((h, i) => i > 0 && isStep(r.hexes[i - 1], h)));
    const others = roads.filter((r) => r.kind !== kind);
    board.roads = there
      ? [...others, ...cutPaths(ofKind.map((r) => r.hexes), isStep).map((hexes) => ({ kind, hexes }))]
      : [...roads, { kind, hexes: [a, b] }];
    return out;
  }
  const isStep = (p, q) => (sameCell(p, link.a) && sameCell(q, link.b)) || (sameCell(p, link.b) && sameCell(q, link.a));
  const key = kind === "railway" ? "railways" : "roads";
  const paths = board[key] ?? [];
  const there = paths.some((path) => path.some((p, i) => i > 0 && isStep(path[i - 1], p)));
  board[key] = there ? cutPaths(paths, isStep) : [...paths, [[link.a.col, link.a.row], [link.b.col, link.b.row]]];
  return out;
}
