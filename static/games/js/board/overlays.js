// What the board lays over the map for the player: reachable hexes with their cost, the path
// to the hex under the pointer, fire and assault targets with their column and chance (the
// words in a layer over the counters: overlayLabelItems; the assault marker in a clickable
// layer over them: assaultMarkerItems), hex markers (smoke, spotted,
// entrenchments, control) and shading over what is not seen.
//
// Pure descriptions, like layers.js. Every number written here came from the server (legal
// commands and their previews); nothing is computed from the rules.

import { aircraftItems, isAircraft } from "./aircraft.js";
import { HEX_SIZE, center, hexPoints, pathThrough } from "./geometry.js";
import { fanLeft } from "./layers.js";

const round1 = (n) => Math.round(n * 10) / 10 + 0;

/**
 * `reach`: [{hex, cost, label?}] hexes a selected unit or stack may move to; `path`: labels
 * from the start hex to the hovered destination; `targets`: [{hex, label, kind}] hexes it may
 * fire at or assault. Returns the overlay layer's items.
 */
export function overlayItems({ reach = [], path = [], targets = [], from = null } = {}, index, size = HEX_SIZE) {
  const items = [];
  for (const r of reach) {
    const h = index.get(r.hex);
    if (!h) continue;
    const children = [{ tag: "polygon", attrs: { class: "reach-hex", points: hexPoints(h, size), fill: "#1f6fd1", "fill-opacity": 0.18, stroke: "#1f6fd1", "stroke-width": 1.2 } }];
    items.push({ key: `reach-${r.hex}`, tag: "g", attrs: { class: `reach${r.assault ? " assault" : ""}`, "data-hex": r.hex, ...(r.cost !== null && r.cost !== undefined ? { "data-cost": r.cost } : {}) }, children });
  }
  for (const t of targets) {
    const h = index.get(t.hex);
    if (!h) continue;
    const children = [{ tag: "polygon", attrs: { class: "target-hex", points: hexPoints(h, size), fill: "#c81e1e", "fill-opacity": 0.12, stroke: "#c81e1e", "stroke-width": 2.2, "stroke-dasharray": t.kind === "assault" ? "5 3" : "none" } }];
    items.push({ key: `target-${t.hex}`, tag: "g", attrs: { class: `target target-${t.kind ?? "fire"}`, "data-hex": t.hex }, children });
  }
  const points = path.map((label) => index.get(label)).filter(Boolean).map((h) => center(h, size));
  if (from && index.get(from) && points.length) points.unshift(center(index.get(from), size));
  if (points.length > 1) {
    items.push({ key: "path", tag: "path", attrs: { class: "move-path", d: pathThrough(points), fill: "none", stroke: "#0b3c7a", "stroke-width": 3, "stroke-dasharray": "6 4", "stroke-linecap": "round", "pointer-events": "none" } });
  }
  return items;
}

/** What a reachable hex says: the preview's words, else its MP cost, else nothing. */
function reachText(r) {
  return r.label ?? (r.cost !== undefined && r.cost !== null ? `${r.cost} MP` : null);
}

/**
 * The overlay's words: each reachable hex's cost (or its assault's odds) and each target's
 * odds, in a layer of their own over the counters (board.js), so a counter in the hex never
 * hides them. They take no pointer (pointer-events none): a press on one reaches the counter
 * or the hex underneath. Each sits in the lower part of its hex, under
 * the counters' printed values, on a pale ground as wide as its words.
 */
export function overlayLabelItems({ reach = [], targets = [] } = {}, index, size = HEX_SIZE) {
  const items = [];
  const font = round1(size * 0.24);
  const height = round1(size * 0.3);
  // A cost is outlined in white; the odds, fewer and weightier, sit on a ground of their own.
  const label = (key, className, hex, text, ink, ground) => {
    const c = center(index.get(hex), size);
    const width = round1(Math.max(size * 0.9, text.length * size * 0.135 + size * 0.16));
    const y = round1(c.y + size * 0.54);
    const words = { tag: "text", attrs: { x: c.x, y: round1(y + height * 0.78), "text-anchor": "middle", "font-size": font, fill: ink, "font-weight": "bold", ...(ground ? {} : { stroke: "#ffffff", "stroke-width": round1(size * 0.07), "paint-order": "stroke" }) }, text };
    const children = ground
      ? [{ tag: "rect", attrs: { x: round1(c.x - width / 2), y, width, height, rx: round1(size * 0.08), fill: "#ffffff", "fill-opacity": 0.9, stroke: ink, "stroke-opacity": 0.4, "stroke-width": 0.6 } }, words]
      : [words];
    return { key, tag: "g", attrs: { class: className, "data-hex": hex, "pointer-events": "none" }, children };
  };
  for (const r of reach) {
    const text = reachText(r);
    if (text && index.get(r.hex)) items.push(label(`reach-${r.hex}`, `reach-cost${r.assault ? " assault" : ""}`, r.hex, text, "#0b3c7a", Boolean(r.assault)));
  }
  for (const t of targets) {
    if (t.label && index.get(t.hex)) items.push(label(`target-${t.hex}`, "target-label", t.hex, t.label, "#7a0b0b", true));
  }
  return items;
}

/**
 * The assault markers: on each target the picked units may assault, a "⚔ AS" tag that starts
 * the assault when pressed (board.js intentAt reads its data-assault). They lie in a layer
 * of their own over the counters, so a tall stack never covers them, and at the hex's west
 * corner, where no counter sits: a stack rises up and to the right of the centre, and the
 * other tags take the hex's top, right and bottom. When the target's stack is fanned out
 * (`fanned`: {hex, count}, the board's spread stack) the tag moves to the left of the fan's
 * first row, so it covers none of the counters the player fanned out to read. Only the tag
 * itself takes the pointer, so a counter anywhere else is pressed as before.
 */
export function assaultMarkerItems({ targets = [] } = {}, index, size = HEX_SIZE, { fanned = null } = {}) {
  const items = [];
  const width = round1(size * 0.6);
  const height = round1(size * 0.3);
  for (const t of targets) {
    if (!t.assault || !index.get(t.hex)) continue;
    const c = center(index.get(t.hex), size);
    // Its right end clear of the counters' left edge: the stack's, or the fan's.
    const left = fanned?.hex === t.hex && fanned.count > 1 ? fanLeft(fanned.count, c.x, size) - 2 : c.x - size * 0.54;
    const x = round1(left - width / 2);
    items.push({ key: `assault-${t.hex}`, tag: "g", attrs: { class: "assault-marker", "data-assault": t.hex, cursor: "pointer" }, children: [
      { tag: "title", text: `Assault ${t.hex}` },
      { tag: "rect", attrs: { x: round1(x - width / 2), y: round1(c.y - height / 2), width, height, rx: round1(height / 2), fill: "#7a0b0b", stroke: "#ffffff", "stroke-width": 1 } },
      { tag: "text", attrs: { x, y: round1(c.y + size * 0.065), "text-anchor": "middle", "font-size": round1(size * 0.18), fill: "#ffffff", "font-weight": "bold" }, text: "⚔ AS" },
    ] });
  }
  return items;
}

/** Short words for hex markers; unknown ones are written as sent. */
export const MARKER_TEXT = Object.freeze({
  smoke: "SMOKE", entrenchment: "ENTR", minefield: "MINES", wire: "WIRE", spotted: "SPOT",
  control: "CTRL", drumfire: "DRUM",
});

/**
 * One group per hex with markers: a tag per marker, written, above the hex's top edge. A
 * control marker names the side holding the hex ("held: German"), never its id.
 */
export function markerItems(markers = [], index, size = HEX_SIZE, { sideName = (id) => id, looks = null } = {}) {
  const items = [];
  const laid = new Map(); // hex -> markers described as {kind, hex, ...} (a ruleset's own looks)
  for (const entry of markers) {
    if (entry.kind !== undefined) {
      // A marker on a unit is among the chips its view gives it; an aircraft is a counter in
      // the air (aircraft.js); the rest lie on their hex.
      if (entry.unit === undefined && !isAircraft(entry) && index.get(entry.hex)) laid.set(entry.hex, [...(laid.get(entry.hex) ?? []), entry]);
      continue;
    }
    const h = index.get(entry.hex);
    if (!h || !entry.markers?.length) continue;
    const c = center(h, size);
    const words = entry.markers.map((m) => {
      const [name, arg] = String(m).split(":");
      const word = MARKER_TEXT[name] ?? name.toUpperCase();
      return name === "control" ? (arg ? `held: ${sideName(arg)}` : "held") : word;
    });
    const text = words.join(" ");
    const classes = entry.markers.map((m) => `marker-${String(m).split(":")[0]}`);
    items.push({
      key: `markers-${entry.hex}`,
      tag: "g",
      attrs: { class: `hex-markers ${classes.join(" ")}`, "pointer-events": "none" },
      children: [
        ...(entry.markers.some((m) => String(m).startsWith("smoke")) ? [{ tag: "polygon", attrs: { class: "smoke", points: hexPoints(h, size), fill: "#9a9a9a", "fill-opacity": 0.45 } }] : []),
        { tag: "text", attrs: { class: "marker-text", x: c.x, y: round1(c.y - size * 0.38), "text-anchor": "middle", "font-size": round1(size * 0.17), fill: "#3b2a10", "font-weight": "bold" }, text },
      ],
    });
  }
  for (const [label, list] of laid) items.push(laidMarkers(index.get(label), label, list, size, looks));
  items.push(...aircraftItems(markers, index, size, looks));
  return items;
}

/** What a laid marker says: its look's label, with the number it carries (a wreck count, a fort's defence). */
export function markerLabel(entry, looks = null) {
  const look = looks?.markers?.[entry.kind];
  // A marker may name itself; else its kind's look.
  const base = entry.label ?? look?.label ?? String(entry.kind).replace(/_/g, " ").slice(0, 3).toUpperCase();
  const number = entry.count ?? entry.defense;
  return Number.isFinite(number) && !(entry.count === 1 && entry.defense === undefined) ? `${base}${number}` : base;
}

/** The markers laid on one hex: smoke shades it, the others are tags down its right side. */
function laidMarkers(h, label, list, size, looks) {
  const c = center(h, size);
  const children = [];
  if (list.some((m) => m.kind === "smoke")) children.push({ tag: "polygon", attrs: { class: "smoke", points: hexPoints(h, size), fill: "#9a9a9a", "fill-opacity": 0.45 } });
  const tagH = round1(size * 0.27);
  const rows = list.length;
  list.forEach((m, i) => {
    const look = looks?.markers?.[m.kind];
    const text = markerLabel(m, looks);
    // Right of the counters (they cover the middle of the hex), reaching past its edge if need be.
    const w = round1(Math.max(size * 0.3, text.length * size * 0.12 + size * 0.1));
    const x = round1(c.x + size * 0.55);
    const y = round1(c.y - (rows * (tagH + 1)) / 2 + i * (tagH + 1));
    const pending = m.inverted || m.built === false;
    children.push({ tag: "g", attrs: { class: `laid-marker marker-${m.kind}`, "data-marker": m.kind }, children: [
      { tag: "title", text: `${m.title ?? look?.title ?? m.kind}${pending ? " (not finished)" : ""}` },
      { tag: "rect", attrs: { x, y, width: w, height: tagH, rx: round1(tagH * 0.3), fill: look?.color ?? "#3b2a10", "fill-opacity": pending ? 0.55 : 1, stroke: "#ffffff", "stroke-width": 0.8, "stroke-dasharray": pending ? "2 1.5" : "none" } },
      { tag: "text", attrs: { x: round1(x + w / 2), y: round1(y + tagH * 0.74), "text-anchor": "middle", "font-size": round1(size * 0.19), "font-weight": "bold", fill: "#ffffff", "font-family": "system-ui, sans-serif" }, text },
    ] });
  });
  return { key: `laid-${label}`, tag: "g", attrs: { class: "hex-markers laid", "data-hex": label, "pointer-events": "none" }, children };
}

/** Shading over hexes the audience cannot see (`hidden`: labels), when the view says which. */
export function fogItems(hidden = [], index, size = HEX_SIZE) {
  const items = [];
  for (const label of hidden) {
    const h = index.get(label);
    if (!h) continue;
    items.push({ key: `fog-${label}`, tag: "polygon", attrs: { class: "fog", points: hexPoints(h, size), fill: "#30343a", "fill-opacity": 0.35, "pointer-events": "none" } });
  }
  return items;
}

/** The set-up areas of the side placing its units (D-SETUP-1): the hexes it may place in. */
export function areaItems(hexes = [], index, size = HEX_SIZE) {
  const items = [];
  for (const label of new Set(hexes)) {
    const h = index.get(label);
    if (!h) continue;
    items.push({ key: `area-${label}`, tag: "polygon", attrs: { class: "setup-area", "data-area-hex": label, points: hexPoints(h, size), fill: "#f2c94c", "fill-opacity": 0.4, stroke: "#9a6b00", "stroke-width": 1.5, "pointer-events": "none" } });
  }
  return items;
}

/** The side's own observation points (double-blind 18.1): a small eye in each OP hex. */
export function opItems(ops = [], index, size = HEX_SIZE) {
  const items = [];
  for (const label of ops) {
    const h = index.get(label);
    if (!h) continue;
    const c = center(h, size);
    const r = Math.round(size * 0.12 * 10) / 10;
    items.push({ key: `op-${label}`, tag: "g", attrs: { class: "op", "data-op": label, "pointer-events": "none" }, children: [
      { tag: "ellipse", attrs: { cx: Math.round((c.x - size * 0.55) * 10) / 10, cy: Math.round((c.y + size * 0.55) * 10) / 10, rx: Math.round(r * 1.6 * 10) / 10, ry: r, fill: "#ffffff", stroke: "#1d4f91", "stroke-width": 1 } },
      { tag: "circle", attrs: { cx: Math.round((c.x - size * 0.55) * 10) / 10, cy: Math.round((c.y + size * 0.55) * 10) / 10, r: Math.round(r * 0.6 * 10) / 10, fill: "#1d4f91" } },
    ] });
  }
  return items;
}

/**
 * A line of sight as the server answered it (`los`: {from, to, seen, path, blocked_by}):
 * a green line when seen; when blocked, green to the block, red beyond it, the blocking hex
 * ringed or the blocking hexside drawn thick. `edge(a, b)` gives a hexside's two ends.
 */
export function losItems(los, index, size = HEX_SIZE, edge = () => null) {
  if (!los?.from || !index.get(los.from)) return [];
  const a = center(index.get(los.from), size);
  const items = [{ key: "los-from", tag: "circle", attrs: { class: "los-end", cx: a.x, cy: a.y, r: round1(size * 0.3), fill: "none", stroke: "#0a7a2f", "stroke-width": 3, "pointer-events": "none" } }];
  const to = los.to && index.get(los.to);
  if (!to) return items;
  const b = center(to, size);
  const line = (key, p, q, colour, dash) => ({ key, tag: "line", attrs: { class: key, x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: colour, "stroke-width": 3.5, "stroke-linecap": "round", "stroke-dasharray": dash, "pointer-events": "none" } });
  items.push({ key: "los-to", tag: "circle", attrs: { class: "los-end", cx: b.x, cy: b.y, r: round1(size * 0.3), fill: "none", stroke: los.seen ? "#0a7a2f" : "#c81e1e", "stroke-width": 3, "pointer-events": "none" } });
  if (los.seen) return [...items, line("los-line", a, b, "#0a7a2f", "none")];
  const block = los.blocked_by ?? {};
  const ends = block.hexside ? edge(block.hexside) : null;
  const hex = block.hex && index.get(block.hex);
  let at = null;
  if (ends) at = { x: round1((ends[0].x + ends[1].x) / 2), y: round1((ends[0].y + ends[1].y) / 2) };
  else if (hex) at = center(hex, size);
  if (!at) return [...items, line("los-line", a, b, "#c81e1e", "6 4")];
  items.push(line("los-line", a, at, "#0a7a2f", "none"), line("los-blocked", at, b, "#c81e1e", "6 4"));
  if (ends) items.push({ key: "los-hexside", tag: "line", attrs: { class: "los-block", x1: ends[0].x, y1: ends[0].y, x2: ends[1].x, y2: ends[1].y, stroke: "#c81e1e", "stroke-width": 6, "stroke-linecap": "round", "pointer-events": "none" } });
  else items.push({ key: "los-hex", tag: "polygon", attrs: { class: "los-block", points: hexPoints(hex, size), fill: "#c81e1e", "fill-opacity": 0.25, stroke: "#c81e1e", "stroke-width": 3, "pointer-events": "none" } });
  return items;
}
