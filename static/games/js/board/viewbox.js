// Pan and zoom as arithmetic on the SVG viewBox: no transforms, no DOM.
//
// A viewBox is {x, y, width, height} in map units. Zooming keeps the map point under the
// pointer where it is; both operations keep the box within limits so the map cannot be
// lost off screen or zoomed to a speck.

/** The viewBox attribute text. */
export function viewBoxText(vb) {
  return `${vb.x} ${vb.y} ${vb.width} ${vb.height}`;
}

/** The map point under a pointer at (clientX, clientY) in an element's client rect. */
export function clientToMap(vb, rect, clientX, clientY) {
  // preserveAspectRatio="xMidYMid meet": one scale for both axes, the box centred.
  const scale = Math.max(vb.width / rect.width, vb.height / rect.height);
  const padX = (rect.width * scale - vb.width) / 2;
  const padY = (rect.height * scale - vb.height) / 2;
  return {
    x: vb.x - padX + (clientX - rect.left) * scale,
    y: vb.y - padY + (clientY - rect.top) * scale,
  };
}

/**
 * Keep a box inside sensible limits: at most `maxFactor` times the map's size, at least
 * `minWidth` wide, the same aspect ratio, and its centre over the map (`bounds`).
 */
export function clampViewBox(vb, bounds, { minWidth = 120, maxFactor = 1.5 } = {}) {
  const aspect = vb.height / vb.width;
  const maxWidth = Math.max(bounds.width, bounds.height / aspect) * maxFactor;
  const width = Math.min(Math.max(vb.width, minWidth), maxWidth);
  const height = width * aspect;
  const cx = Math.min(Math.max(vb.x + vb.width / 2, bounds.x), bounds.x + bounds.width);
  const cy = Math.min(Math.max(vb.y + vb.height / 2, bounds.y), bounds.y + bounds.height);
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** Zoom by `factor` (> 1 zooms in) keeping map point `at` fixed on screen, then clamp. */
export function zoomAt(vb, factor, at, bounds, limits) {
  const width = vb.width / factor;
  const height = vb.height / factor;
  const zoomed = {
    x: at.x - ((at.x - vb.x) * width) / vb.width,
    y: at.y - ((at.y - vb.y) * height) / vb.height,
    width,
    height,
  };
  return clampViewBox(zoomed, bounds, limits);
}

/** Move the box by (dx, dy) map units, then clamp. */
export function panBy(vb, dx, dy, bounds, limits) {
  return clampViewBox({ ...vb, x: vb.x + dx, y: vb.y + dy }, bounds, limits);
}

/**
 * The point to open the view on: among `points`, the one whose `width`×`height` box around
 * it holds the most others, moved to the mean of those (a busy front, not an empty middle).
 */
export function busiestCentre(points, width, height) {
  let best = null;
  for (const p of points) {
    const near = points.filter((q) => Math.abs(q.x - p.x) <= width / 2 && Math.abs(q.y - p.y) <= height / 2);
    if (!best || near.length > best.length) best = near;
  }
  if (!best?.length) return null;
  return { x: best.reduce((s, q) => s + q.x, 0) / best.length, y: best.reduce((s, q) => s + q.y, 0) / best.length };
}

/** A box of the element's shape (`rect` in CSS px) at `pxPerUnit`, centred on `at`, clamped. */
export function boxAt(at, rect, pxPerUnit, bounds) {
  return centredOn(at, rect.width / pxPerUnit, rect.height / pxPerUnit, bounds);
}

/**
 * A width×height box centred on `at`; where the map is bigger than the box, moved to stay on
 * the map, so no empty margin shows beside it.
 */
export function centredOn(at, width, height, bounds) {
  const inside = (c, half, lo, size) => (2 * half >= size ? lo + size / 2 : Math.min(Math.max(c, lo + half), lo + size - half));
  const cx = inside(at.x, width / 2, bounds.x, bounds.width);
  const cy = inside(at.y, height / 2, bounds.y, bounds.height);
  return clampViewBox({ x: cx - width / 2, y: cy - height / 2, width, height }, bounds, { minWidth: 60 });
}
