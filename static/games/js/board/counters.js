// Counters as element descriptions: a NATO symbol, the printed values of the side showing,
// leaders with rank, morale and modifiers, and state written as text (D, DM, M/F, DI).
//
// Pure: the counter types ({type id: printed values}) come with the page; nothing here
// decides a rule, it only writes what the counter says.

import { sideColours, unitShort } from "./faces.js";

const INK = "#2b2b2b";
const round1 = (n) => Math.round(n * 10) / 10 + 0;

/** Which face a unit shows: "reduced" once it has lost its first step and has a reduced side. */
export function faceOf(unit, type) {
  if (!type || type.leader) return null;
  if (type.reduced && unit.steps !== undefined && unit.steps < type.steps) return type.reduced;
  return type.full;
}


const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : "0");

/** The printed values as the counter shows them, on one line: "7-6 [8-20] (2-4) A3 4". */
export function printedValues(unit, type) {
  const v = counterValues(unit, type);
  return [v.fire, v.move].filter(Boolean).join(" ");
}

/** Every value spelled out, for the unit panel and the text view. */
export function valuesInWords(unit, type) {
  if (!type) return [];
  // A ruleset that spells its values out ([[name, value]], e.g. Panzer Leader's) is read as is.
  if (Array.isArray(type.details)) return type.details.map(([k, v]) => [String(k), String(v)]);
  if (type.leader) {
    return [
      ["rank", String(type.rank).replace(/_/g, " ")],
      ["morale", String(type.morale)],
      ["combat modifier", signed(type.combat_modifier)],
      ["morale modifier", signed(type.morale_modifier)],
      ["movement", String(type.movement)],
    ];
  }
  const face = faceOf(unit, type);
  const out = [["side showing", face === type.full ? "full strength" : "reduced"]];
  const fire = (v) => (v ? `${v[0]}, range ${v[1]}` : "none");
  out.push(["direct fire", fire(face.direct_fire)]);
  if (face.bombardment) out.push(["bombardment", fire(face.bombardment)]);
  out.push(["anti-tank", fire(face.anti_tank)]);
  out.push(["armor", face.armor === null || face.armor === undefined ? "unarmored" : String(face.armor)]);
  out.push(["movement", `${face.movement} (${String(type.movement_class).replace(/_/g, " ")})`]);
  return out;
}

/** Kinds drawn with another kind's symbol (a ruleset's words for the same thing). */
export const KIND_SYMBOL = Object.freeze({ halftrack: "apc", carrier: "apc", mg: "hmg", howitzer: "artillery" });

/** The symbol a counter type carries: its `kind` (or its face's symbol), in the board's words. */
export function symbolOf(type, faceType = null) {
  const kind = type?.kind ?? faceType?.symbol ?? null;
  return KIND_SYMBOL[kind] ?? kind;
}

/** Whether a type brings its own printed lines (`fire`, `move`): the board prints them as they are. */
export function hasPrintLines(type) {
  return Boolean(type) && (typeof type.fire === "string" || typeof type.move === "string");
}

/** The NATO symbol of a kind, inside a w×h box at (x, y): frame plus branch marks. */
export function natoSymbol(kind, x, y, w, h, ink = INK) {
  const line = (x1, y1, x2, y2) => ({ tag: "line", attrs: { x1: round1(x1), y1: round1(y1), x2: round1(x2), y2: round1(y2) } });
  const frame = { tag: "rect", attrs: { x: round1(x), y: round1(y), width: round1(w), height: round1(h), fill: "none" } };
  const cross = [line(x, y, x + w, y + h), line(x, y + h, x + w, y)];
  const slash = [line(x, y + h, x + w, y)];
  const oval = { tag: "ellipse", attrs: { cx: round1(x + w / 2), cy: round1(y + h / 2), rx: round1(w * 0.32), ry: round1(h * 0.28), fill: "none" } };
  const dot = (cx, cy) => ({ tag: "circle", attrs: { cx: round1(cx), cy: round1(cy), r: round1(h * 0.1), fill: ink } });
  const marks = {
    infantry: () => cross,
    engineer: () => [line(x + w * 0.25, y + h * 0.65, x + w * 0.25, y + h * 0.35), line(x + w * 0.25, y + h * 0.35, x + w * 0.75, y + h * 0.35), line(x + w * 0.5, y + h * 0.35, x + w * 0.5, y + h * 0.65), line(x + w * 0.75, y + h * 0.35, x + w * 0.75, y + h * 0.65)],
    recon: () => slash,
    cavalry: () => slash,
    hmg: () => [...cross, line(x + w * 0.5, y + h * 0.15, x + w * 0.5, y + h * 0.85)],
    mortar: () => [line(x + w / 2, y + h * 0.8, x + w / 2, y + h * 0.25), line(x + w * 0.38, y + h * 0.38, x + w / 2, y + h * 0.22), line(x + w * 0.62, y + h * 0.38, x + w / 2, y + h * 0.22)],
    artillery: () => [dot(x + w / 2, y + h / 2)],
    infantry_gun: () => [...cross, dot(x + w / 2, y + h * 0.8)],
    at_gun: () => [line(x, y + h, x + w / 2, y), line(x + w / 2, y, x + w, y + h)],
    aa_gun: () => [{ tag: "path", attrs: { d: `M${round1(x + w * 0.15)} ${round1(y + h)} Q${round1(x + w / 2)} ${round1(y + h * 0.2)} ${round1(x + w * 0.85)} ${round1(y + h)}`, fill: "none" } }],
    tank: () => [oval],
    tank_destroyer: () => [oval, line(x, y + h, x + w / 2, y), line(x + w / 2, y, x + w, y + h)],
    assault_gun: () => [oval, dot(x + w / 2, y + h / 2)],
    spa: () => [oval, dot(x + w / 2, y + h / 2), line(x + w * 0.2, y + h * 0.88, x + w * 0.8, y + h * 0.88)],
    motorcycle: () => [...slash, dot(x + w * 0.3, y + h * 0.8), dot(x + w * 0.7, y + h * 0.8)],
    armored_car: () => [oval, ...slash],
    apc: () => [oval, ...cross],
    truck: () => [dot(x + w * 0.3, y + h * 0.8), dot(x + w * 0.7, y + h * 0.8), line(x + w * 0.15, y + h * 0.6, x + w * 0.85, y + h * 0.6)],
    prime_mover: () => [oval, dot(x + w * 0.3, y + h * 0.8), dot(x + w * 0.7, y + h * 0.8)],
    wagon: () => [dot(x + w * 0.3, y + h * 0.8), dot(x + w * 0.7, y + h * 0.8)],
  };
  return { tag: "g", attrs: { class: `nato nato-${kind}`, stroke: ink, "stroke-width": 1 }, children: [frame, ...(marks[kind]?.() ?? [])] };
}

/**
 * A symbol from natoSymbol as at most two paths under its group: every frame, line, oval and
 * curve in one stroked path, every dot in one filled path. The same drawing with a third of
 * the elements: each counter on the board is a copy of its face, so this is what a 300-counter
 * board lays out and paints.
 */
export function compactSymbol(symbol, ink = INK) {
  const strokes = [];
  const fills = [];
  const arc = (cx, cy, rx, ry) => `M${round1(cx - rx)} ${round1(cy)}a${rx} ${ry} 0 1 0 ${round1(2 * rx)} 0a${rx} ${ry} 0 1 0 ${round1(-2 * rx)} 0z`;
  for (const c of symbol.children) {
    const a = c.attrs;
    if (c.tag === "rect") strokes.push(`M${a.x} ${a.y}h${a.width}v${a.height}h${round1(-a.width)}z`);
    else if (c.tag === "line") strokes.push(`M${a.x1} ${a.y1}L${a.x2} ${a.y2}`);
    else if (c.tag === "ellipse") strokes.push(arc(a.cx, a.cy, a.rx, a.ry));
    else if (c.tag === "path") strokes.push(a.d);
    else if (c.tag === "circle") fills.push(arc(a.cx, a.cy, a.r, a.r));
  }
  const children = [{ tag: "path", attrs: { d: strokes.join(""), fill: "none" } }];
  if (fills.length) children.push({ tag: "path", attrs: { d: fills.join(""), fill: ink, stroke: "none" } });
  return { ...symbol, children };
}

/** The leader star: a small filled star in the symbol box. */
function leaderStar(x, y, w, h, ink = INK) {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = h * 0.5;
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${round1(cx + rr * Math.cos(a))},${round1(cy + rr * Math.sin(a))}`);
  }
  return { tag: "polygon", attrs: { class: "leader-star", points: pts.join(" "), fill: ink } };
}

/**
 * The variant's generic markers (18.12) as NATO frames with no values: what a side knows of
 * an enemy counter it sees from afar, or remembers where it was last seen.
 */
export const GENERIC_MARKERS = Object.freeze({
  infantry: { label: "Infantry", symbol: "infantry" },
  armor: { label: "Armor", symbol: "tank" },
  weapons: { label: "Weapons", symbol: "hmg" },
  armored_car: { label: "Arm. car", symbol: "armored_car" },
  armored_transport: { label: "Arm. trsp", symbol: "apc" },
  unarmored_transport: { label: "Transport", symbol: "truck" },
  leader: { label: "Leader", symbol: null },
});

/** A counter's name cut to fit: at most 8 characters, an ellipsis if cut. */
export function shortName(name) {
  const text = String(name ?? "");
  return text.length <= 8 ? text : `${text.slice(0, 7)}…`;
}

const drawnCounters = new Map(); // what a counter looks like -> its children (pure data)

/**
 * The children of one counter of side `side` (a square at 0,0). Counters that look alike
 * share one description (treat it as read-only): 300 counters are mostly a few dozen faces.
 */
export function counterChildren(unit, type, options) {
  return [...counterFace(unit, type, options).children, counterTitle(unit, type, options)];
}

/**
 * The designation printed at the top of a counter ("Gren 2", a leader's surname): drawn on
 * the counter itself, outside the shared face, so counters that differ only by name still
 * share one face (a 300-counter board stays a few dozen faces).
 */
export function counterTitle(unit, type, { side, faces = null }) {
  const ink = sideColours(faces, unit.side).ink ?? INK;
  const known = !unit.detail || unit.detail === "exact";
  const generic = known ? null : GENERIC_MARKERS[unit.leader ? "leader" : unit.marker] ?? null;
  const title = known ? unitShort(unit, faces) ?? (unit.hidden && !unit.type ? "face down" : shortName(unit.name ?? unit.type)) : generic ? generic.label : "?";
  const size = round1(side * 0.24);
  return { tag: "text", attrs: { class: "unit-name", x: round1(side / 2), y: round1(side * 0.29), "font-size": size, fill: ink, "text-anchor": "middle", "font-weight": "600", "font-family": "system-ui, sans-serif", ...fitted(title, size, side * 0.92) }, text: title };
}

/** A counter's look as {id, children}: counters with the same look share the same id. */
export function counterFace(unit, type, { side, selected = false, faces = null, partner = false }) {
  const colours = sideColours(faces, unit.side);
  const key = JSON.stringify([unit.type, colours.fill, unit.steps, unit.status, unit.moved_fired, unit.dug_in, unit.own, unit.leader, unit.detail, unit.marker, unit.turn, unit.stack, unit.revealed, unit.mired, unit.chips, unit.hidden, side, selected, partner]);
  let face = drawnCounters.get(key);
  if (!face) {
    if (drawnCounters.size > 5000) drawnCounters.clear();
    face = Object.freeze({ id: `pg-face-${faceSerial++}`, children: Object.freeze(buildCounter(unit, type, { side, selected, colours, partner, looks: faces })) });
    drawnCounters.set(key, face);
  }
  return face;
}
let faceSerial = 1;

/** The counter's two printed lines: fire values ("5-8 (6-8) A4") and movement ("8"), as the
 * server's counter types give them (a Panzer Leader type's `fire`/`move`; a Panzer Grenadier
 * leader's `lines`, or the `lines` of the face the unit shows). */
export function counterValues(unit, type) {
  if (!type) return { fire: "", move: "" };
  if (hasPrintLines(type)) return { fire: type.fire ?? "", move: type.move ?? "" };
  const lines = type.leader ? type.lines : faceOf(unit, type)?.lines;
  return { fire: lines?.fire ?? "", move: lines?.move ?? "" };
}

// A chip's colours by its severity alone ([text, fill]): which state is how grave is the
// ruleset's to say (each view gives a counter its `chips`: {kind, label, title, severity}).
const CHIP_COLOURS = {
  info: ["#ffffff", "#5a5a5a"], spent: ["#ffffff", "#3d4f7a"], good: ["#ffffff", "#6b4a1f"],
  warning: ["#1a1a1a", "#f2b233"], danger: ["#ffffff", "#b01c1c"],
};

/** The labels of the chips a counter wears, as the view gives them ("D", "M/F", ...). */
export function counterChips(unit) {
  return chipLooks(unit).map((c) => c.text);
}

/** Each chip the view gives a counter as {kind, text, title, fg, bg}: drawn as sent. */
export function chipLooks(unit) {
  return (Array.isArray(unit.chips) ? unit.chips : []).map((c) => {
    const [fg, bg] = CHIP_COLOURS[c.severity] ?? CHIP_COLOURS.info;
    return { kind: c.kind, text: c.label, title: c.title, fg, bg };
  });
}

// Text that would run past the counter's edge is set smaller to fit, never cut. (A smaller
// font, not SVG textLength: squeezing glyphs made bench/board.py's 300-counter board about
// three times slower to paint.)
const fitted = (text, fontSize, width) => ({ "font-size": round1(Math.min(fontSize, width / (Math.max(1, text.length) * 0.6))) });

function buildCounter(unit, type, { side, selected, colours, partner = false, looks = null }) {
  const ink = colours.ink ?? INK;
  const text = (k, attrs, value) => ({ tag: "text", attrs: { "font-size": round1(side * k), fill: ink, "text-anchor": "middle", "font-family": "system-ui, sans-serif", ...fitted(value, side * k, side * 0.92), ...attrs }, text: value });
  const reduced = type && !type.leader && !hasPrintLines(type) && faceOf(unit, type) !== type.full;
  const known = !unit.detail || unit.detail === "exact";
  const ghost = unit.detail === "last_known";
  // Two printed lines (a ruleset's `fire` and `move`): the symbol sits higher, the lines under it.
  const lines = known && hasPrintLines(type);
  const children = [
    // Faces live in <defs> and are <use>d, so page CSS cannot reach them: all style is here.
    // The fill is the side's colour for every viewer; "mine" is a gold outline, an enemy's
    // edge is its side's dark edge colour; a team partner's, blue; the selected one, red.
    { tag: "rect", attrs: { class: "counter", width: side, height: side, rx: 2.5, fill: colours.fill, "fill-opacity": ghost ? 0.4 : 1, stroke: selected ? "#e0001b" : partner ? "#2f7fd0" : unit.own ? "#f0c419" : colours.edge ?? INK, "stroke-width": selected ? 3 : unit.own ? 2.2 : 1, "stroke-dasharray": ghost ? "3 1.5" : "none" } },
  ];
  if (unit.moved_fired) children.push({ tag: "rect", attrs: { class: "spent-veil", width: side, height: side, rx: 2.5, fill: "#ffffff", "fill-opacity": 0.28 } });
  if (reduced) {
    // The reduced side: a band across the top, so it reads without colour.
    children.push({ tag: "rect", attrs: { class: "reduced-band", x: 1, y: 1, width: side - 2, height: round1(side * 0.08), fill: ink, "fill-opacity": 0.55 } });
  }
  const generic = known ? null : GENERIC_MARKERS[unit.leader ? "leader" : unit.marker] ?? null;
  const bx = lines ? side * 0.3 : side * 0.2;
  const by = lines ? side * 0.33 : side * 0.36;
  const bw = lines ? side * 0.4 : side * 0.46;
  const bh = lines ? side * 0.22 : side * 0.28;
  if (unit.leader) children.push(leaderStar(bx, by, bw, bh, ink));
  else if (type && known) children.push(compactSymbol(natoSymbol(symbolOf(type, looks?.types?.[unit.type]), bx, by, bw, bh, ink), ink));
  else if (!type && known) children.push(text(0.34, { class: "unit-marker face-down", x: round1(side / 2), y: round1(side * 0.66), "font-weight": "700" }, "?"));
  else if (generic?.symbol) {
    const symbol = compactSymbol(natoSymbol(generic.symbol, bx, by, bw, bh, ink), ink);
    children.push({ ...symbol, attrs: { ...symbol.attrs, class: `${symbol.attrs.class} generic` } });
  }
  else if (!known) children.push(text(0.3, { class: "unit-marker", x: round1(side / 2), y: round1(side * 0.6) }, "?"));
  const values = known ? counterValues(unit, type) : { fire: ghost ? `seen T${unit.turn ?? "?"}` : "", move: "" };
  if (lines) {
    if (values.fire) children.push(text(0.25, { class: "unit-values", x: round1(side / 2), y: round1(side * 0.74), "font-weight": "700" }, values.fire));
    if (values.move) children.push(text(0.25, { class: "unit-move", x: round1(side / 2), y: round1(side * 0.96), "font-weight": "700" }, values.move));
  } else {
    if (values.move) children.push(text(0.24, { class: "unit-move", x: round1(side * 0.86), y: round1(side * 0.6), "font-weight": "600" }, values.move));
    if (values.fire) children.push(text(0.24, { class: "unit-values", x: round1(side / 2), y: round1(side * 0.92), "font-weight": "600" }, values.fire));
  }
  if (Number(unit.stack) > 1) {
    // Limited intelligence (17.9): only the top counter shows, with how many are under it.
    children.push({ tag: "circle", attrs: { class: "stack-badge", cx: round1(side * 0.9), cy: round1(side * 0.1), r: round1(side * 0.16), fill: INK } });
    children.push({ tag: "text", attrs: { "font-size": round1(side * 0.2), class: "stack-size", fill: "#ffffff", x: round1(side * 0.9), y: round1(side * 0.17), "text-anchor": "middle" }, text: String(unit.stack) });
  }
  const chips = chipLooks(unit);
  if (chips.length) {
    // Chips sit on the counter's top edge, left to right, like markers laid on it.
    const h = round1(side * 0.26);
    let x = -side * 0.06;
    const group = [];
    for (const chip of chips) {
      const w = round1(chip.text.length * side * 0.13 + side * 0.1);
      group.push({ tag: "rect", attrs: { x: round1(x), y: round1(-h * 0.6), width: w, height: h, rx: round1(h / 2), fill: chip.bg, stroke: "#ffffff", "stroke-width": 0.6 } });
      group.push({ tag: "text", attrs: { x: round1(x + w / 2), y: round1(h * 0.25), "font-size": round1(side * 0.19), "font-weight": "700", fill: chip.fg, "text-anchor": "middle", "font-family": "system-ui, sans-serif" }, text: chip.text });
      x += w + 1;
    }
    children.push({ tag: "g", attrs: { class: "unit-chips", "data-chips": chips.map((c) => c.text).join(" "), "data-chip-kinds": chips.map((c) => c.kind).join(" ") }, children: group });
  }
  return children;
}
