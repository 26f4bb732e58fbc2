// A side's drawings as SVG descriptions (svg.js): arrows from hex to hex, circles, hex
// highlights and short labels, each in its drawer's colour. Pure: drawings in, items out.
// The layer takes no pointer events (game.css), so the map underneath is still clicked.

import { HEX_SIZE, center, hexPoints } from "./geometry.js";

const round1 = (x) => Math.round(x * 10) / 10;

/** Items for `drawings` ({id, kind, hexes, text, colour}) on a map indexed by label. */
export function drawingItems(drawings = [], index, size = HEX_SIZE) {
  const items = [];
  for (const d of drawings) {
    const hexes = (d.hexes ?? []).map((label) => index.get(label));
    if (!hexes.length || hexes.some((h) => !h)) continue;
    const colour = /^#[0-9a-fA-F]{6}$/.test(d.colour ?? "") ? d.colour : "#e4572e";
    const attrs = { class: `drawing drawing-${d.kind}`, "data-drawing": d.id, "data-hexes": d.hexes.join(" ") };
    const c = center(hexes[0], size);
    let children = [];
    if (d.kind === "arrow" && hexes.length === 2) children = arrow(c, center(hexes[1], size), colour, size);
    else if (d.kind === "circle") children = [{ tag: "circle", attrs: { cx: c.x, cy: c.y, r: round1(size * 0.85), fill: "none", stroke: colour, "stroke-width": round1(size * 0.09) } }];
    else if (d.kind === "hex") children = [{ tag: "polygon", attrs: { points: hexPoints(hexes[0], size), fill: colour, "fill-opacity": 0.3, stroke: colour, "stroke-width": round1(size * 0.07) } }];
    else if (d.kind === "label") {
      children = [
        { tag: "text", attrs: { x: c.x, y: round1(c.y - size * 0.5), "text-anchor": "middle", "font-size": round1(size * 0.34), "font-weight": "bold", fill: colour, stroke: "#ffffff", "stroke-width": round1(size * 0.06), "paint-order": "stroke" }, text: String(d.text ?? "").slice(0, 40) },
      ];
    }
    if (children.length) items.push({ key: `drawing-${d.id}`, tag: "g", attrs, children });
  }
  return items;
}

/** A shaft from one hex centre to the other and a head at the second. */
function arrow(a, b, colour, size) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const head = size * 0.45;
  const tip = { x: b.x - ux * size * 0.2, y: b.y - uy * size * 0.2 };
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  const wing = (s) => `${round1(base.x - uy * head * 0.55 * s)},${round1(base.y + ux * head * 0.55 * s)}`;
  return [
    { tag: "line", attrs: { x1: round1(a.x), y1: round1(a.y), x2: round1(base.x), y2: round1(base.y), stroke: colour, "stroke-width": round1(size * 0.14), "stroke-linecap": "round" } },
    { tag: "polygon", attrs: { points: `${round1(tip.x)},${round1(tip.y)} ${wing(1)} ${wing(-1)}`, fill: colour } },
  ];
}
