// The board: an SVG map with terrain, roads, hexsides and counters, and no rules in it.
//
// A small facade in chessground's manner (STYLE.md 10): the host gives it the map once and
// the view whenever it changes; it redraws from that state, idempotently and at most once a
// frame, and turns pointer gestures into intents ({kind: "hex", hex} or {kind: "unit", unit,
// hex}) for the host to act on. What the layers hold is decided by the pure layers.js.

import { pixelToHex } from "../hex.js";
import { HEX_SIZE, center, indexHexes, mapBounds, sharedEdge } from "./geometry.js";
import { drawingItems } from "./drawings.js";
import { bridgeItems, boardMarkItems, counterSide, faceDefs, hexLabelItems, hexsideItems, patternDefs, railwayItems, roadItems, slopeItems, terrainItems, listUnits, unitItems } from "./layers.js";
import { areaItems, assaultMarkerItems, fogItems, losItems, markerItems, opItems, overlayItems, overlayLabelItems } from "./overlays.js";
import { SVG_NS, reconcile } from "./svg.js";
import { boxAt, busiestCentre, centredOn, clampViewBox, clientToMap, panBy, viewBoxText, zoomAt } from "./viewbox.js";

/** Layers bottom to top. The overlay's words (costs, odds) and its assault markers lie over
 * the counters, where a counter in the hex cannot hide them; its hex shading stays under them.
 * The words take no pointer; the markers, small and at a hex's corner, take it. */
export const LAYERS = Object.freeze(["terrain", "roads", "hexsides", "labels", "boards", "fog", "markers", "overlays", "units", "overlay-labels", "assault-markers", "drawings"]);
/** The layers that never change during a game: drawn once, in their own SVG when it can be. */
const MAP_LAYERS = new Set(["terrain", "roads", "hexsides", "labels", "boards"]);

/** Below this viewBox width per hex radius the map is "zoomed in": hex numbers show. */
const LABELS_BELOW_HEXES = 28;

// A box no hex is in: no numbers drawn while zoomed out (CSS would hide them).
const NOWHERE = Object.freeze({ x: 0, y: 0, width: -1, height: -1 });

const CLICK_SLOP_PX = 5; // a pointer that moved less than this clicked; more, it panned

export class Board {
  #svg;
  #doc;
  #size;
  #index;
  #bounds;
  #viewBox;
  #layers = {};
  #faces;
  #mapSvg = null;
  #byAxial;
  #units = [];
  #markers = [];
  #fog = [];
  #areas = [];
  #ops = [];
  #overlay = {};
  #drawings = [];
  #types;
  #spread = null;
  #selected = null;
  #picked = new Set();
  #marked = new Set();
  #partners = new Set();
  #looks;
  #onIntent;
  #requestFrame;
  #frameAsked = false;
  #drag = null;
  #listeners = [];
  #map;
  #labelsWanted = false; // the hex numbers come after the first paint
  #resized = null; // the ResizeObserver that numbers the hexes a grown board shows
  #sideName;

  /**
   * `svg`: an empty <svg> element in the page. Options: `map` (the map payload), `size` (hex
   * radius in map units), `onIntent(intent)`, `requestFrame` (requestAnimationFrame).
   */
  constructor(svg, { map, size = HEX_SIZE, types = {}, faces = null, sideName = (id) => id, onIntent = () => {}, requestFrame = null, deferLabels = Boolean(globalThis.setTimeout && svg.parentNode) }) {
    this.#types = types;
    this.#looks = faces;
    this.#sideName = sideName;
    this.#svg = svg;
    this.#doc = svg.ownerDocument;
    this.#size = size;
    this.#onIntent = onIntent;
    this.#requestFrame = requestFrame ?? ((fn) => globalThis.requestAnimationFrame(fn));

    svg.classList.add("pg-board");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    // In a page, the map goes in its own <svg> under this one: a counter that changes then
    // repaints only the pieces, never the 1,440 patterned hexes under them.
    const parent = svg.parentNode;
    let mapSvg = svg;
    if (parent && this.#doc.createElement) {
      const stack = this.#doc.createElement("div");
      stack.className = "pg-board-stack";
      parent.insertBefore(stack, svg);
      mapSvg = this.#doc.createElementNS(SVG_NS, "svg");
      mapSvg.setAttribute("class", "pg-board-map");
      mapSvg.setAttribute("preserveAspectRatio", "xMidYMid meet");
      mapSvg.setAttribute("aria-hidden", "true");
      stack.append(mapSvg, svg);
      this.#mapSvg = mapSvg;
    }
    const defs = this.#doc.createElementNS(SVG_NS, "defs");
    mapSvg.appendChild(defs);
    reconcile(this.#doc, defs, patternDefs());
    this.#faces = this.#doc.createElementNS(SVG_NS, "defs");
    this.#faces.setAttribute("class", "counter-faces");
    svg.appendChild(this.#faces);
    for (const name of LAYERS) {
      const g = this.#doc.createElementNS(SVG_NS, "g");
      g.setAttribute("class", `layer layer-${name}`);
      (MAP_LAYERS.has(name) ? mapSvg : svg).appendChild(g);
      this.#layers[name] = g;
    }
    // A game's map never changes: drawn once (the designer lays new ones with setMap).
    this.#drawMap(map);
    this.#viewBox = { ...this.#bounds };
    // Hex numbers are many small texts: they come after the first paint, which they would slow.
    if (deferLabels) afterFirstPaint(() => this.drawLabels());
    else this.drawLabels();
    this.#applyViewBox();
    this.#listen();
    // A board that grows shows more of the map: number the hexes it now shows.
    if (globalThis.ResizeObserver && parent) {
      this.#resized = new globalThis.ResizeObserver(() => this.#labelsInView());
      this.#resized.observe(svg);
    }
  }

  #drawMap(map) {
    const size = this.#size;
    this.#map = map;
    this.#index = indexHexes(map);
    this.#bounds = mapBounds(map, size);
    this.#byAxial = new Map(map.hexes.map((h) => [`${h.q},${h.r}`, h.hex]));
    reconcile(this.#doc, this.#layers.terrain, terrainItems(map, size));
    reconcile(this.#doc, this.#layers.roads, [...railwayItems(map, this.#index, size), ...roadItems(map, this.#index, size), ...bridgeItems(map, this.#index, size)]);
    reconcile(this.#doc, this.#layers.hexsides, [...slopeItems(map, this.#index, size), ...hexsideItems(map, this.#index, size)]);
    reconcile(this.#doc, this.#layers.boards, boardMarkItems(map, size));
  }

  /**
   * Lay a new map under the counters: the designer's map changes with its document (a game's
   * never does). The same board goes on, so a press under way still clicks and the view stays
   * where the player left it while the map keeps its extent; a map of a new extent (a board
   * joined or taken away) is shown whole, as a new board would be.
   */
  setMap(map) {
    const before = this.#bounds;
    this.#drawMap(map);
    const b = this.#bounds;
    if (b.x !== before.x || b.y !== before.y || b.width !== before.width || b.height !== before.height) {
      this.#viewBox = { ...b };
    }
    this.#applyViewBox();
    this.#schedule(); // counters, markers and overlays stand on the new map's hexes
  }

  /** The counter types and their looks (the designer's change with the ruleset and sides). */
  setLooks(types, faces) {
    this.#types = types;
    this.#looks = faces;
    this.#schedule();
  }

  /** Draw the hex numbers now if they are not drawn yet (they come after the first paint). */
  drawLabels() {
    this.#labelsWanted = true;
    this.#labelsInView();
  }

  /**
   * Number the hexes on screen, and only those: Chromium lays out every SVG text again at
   * each move of the viewBox, so 1,440 numbers made each pan and zoom of a big map cost
   * several times what the map itself did. `rect`: the board's client rect, if at hand.
   */
  #labelsInView(rect = this.#svg.getBoundingClientRect?.()) {
    if (!this.#labelsWanted) return;
    const vb = this.#viewBox;
    const [group] = hexLabelItems(this.#map, this.#size, vb.width < LABELS_BELOW_HEXES * this.#size ? this.#shown(vb, rect) : NOWHERE);
    reconcile(this.#doc, this.#layers.labels, [{ ...group, children: [] }]);
    reconcile(this.#doc, this.#layers.labels.children[0], group.children);
  }

  /** The part of the map a viewBox shows in an element of `rect`'s shape ("meet" widens the
   * box along one side), with a hex's margin: a number of a hex just off screen shows in part. */
  #shown(vb, rect) {
    const scale = rect?.width && rect?.height ? Math.max(vb.width / rect.width, vb.height / rect.height) : 0;
    const width = scale ? rect.width * scale : vb.width;
    const height = scale ? rect.height * scale : vb.height;
    const m = this.#size * 1.5;
    return { x: vb.x - (width - vb.width) / 2 - m, y: vb.y - (height - vb.height) / 2 - m, width: width + 2 * m, height: height + 2 * m };
  }

  /** The point on screen (client pixels) at the centre of a hex, or null off the map. */
  hexOnScreen(label) {
    const h = this.#index.get(label);
    const rect = this.#svg.getBoundingClientRect?.();
    if (!h || !rect?.width) return null;
    const c = center(h, this.#size);
    const vb = this.#viewBox;
    const scale = Math.min(rect.width / vb.width, rect.height / vb.height);
    const x0 = rect.left + (rect.width - vb.width * scale) / 2;
    const y0 = rect.top + (rect.height - vb.height * scale) / 2;
    return { x: x0 + (c.x - vb.x) * scale, y: y0 + (c.y - vb.y) * scale };
  }

  /** Show a new view (the store's); counters are redrawn on the next frame. */
  setView(view) {
    this.#markers = Array.isArray(view?.markers) ? view.markers : [];
    this.#units = listUnits(view?.units ?? []); // each counter wears the chips its view gives it
    this.#schedule();
  }

  /** Lay reach ({hex, cost}), a path, and targets ({hex, label, kind}) over the map. */
  setOverlay(overlay) {
    this.#overlay = overlay ?? {};
    this.#schedule();
  }

  /** The side's drawings ({id, kind, hexes, text, colour}) over the counters. */
  setDrawings(drawings) {
    this.#drawings = Array.isArray(drawings) ? drawings : [];
    this.#schedule();
  }

  /** Shade these hexes (labels) as not seen; mark the side's own observation points. */
  setFog(hexes, ops = []) {
    this.#fog = hexes ?? [];
    this.#ops = ops ?? [];
    this.#schedule();
  }

  /** Shade the set-up areas (hex labels) the side may place its units in (D-SETUP-1). */
  setAreas(hexes) {
    this.#areas = Array.isArray(hexes) ? hexes : [];
    this.#schedule();
  }

  /** Fan out the stack in one hex (or none with null) so each counter can be read. */
  spread(label) {
    if (this.#spread === label) return;
    this.#spread = label;
    this.#schedule();
  }

  get spreadHex() {
    return this.#spread;
  }

  /** Centre the view on a hex. */
  centerOn(label) {
    const h = this.#index.get(label);
    if (!h) return;
    const vb = this.#viewBox;
    this.#viewBox = centredOn(center(h, this.#size), vb.width, vb.height, this.#bounds);
    this.#applyViewBox();
  }

  /** Frame these hexes (labels), showing at least `minHexes` hex widths across. */
  frame(labels, minHexes = 16) {
    const points = labels.map((l) => this.#index.get(l)).filter(Boolean).map((h) => center(h, this.#size));
    if (!points.length) return;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const margin = this.#size * 2;
    const minWidth = minHexes * this.#size * 1.5;
    let width = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * margin, minWidth);
    let height = Math.max(Math.max(...ys) - Math.min(...ys) + 2 * margin, minWidth * 0.6);
    const aspect = this.#viewBox.height / this.#viewBox.width;
    if (height / width > aspect) width = height / aspect;
    else height = width * aspect;
    // Centred on the hexes, but never showing beyond the map's edge where the map is bigger.
    const b = this.#bounds;
    const inside = (c, half, lo, size) => (2 * half >= size ? lo + size / 2 : Math.min(Math.max(c, lo + half), lo + size - half));
    const cx = inside((Math.max(...xs) + Math.min(...xs)) / 2, width / 2, b.x, b.width);
    const cy = inside((Math.max(...ys) + Math.min(...ys)) / 2, height / 2, b.y, b.height);
    this.#viewBox = clampViewBox({ x: cx - width / 2, y: cy - height / 2, width, height }, this.#bounds);
    this.#applyViewBox();
  }

  /**
   * Open on the busiest group of these hexes (labels) at the zoom where a counter is
   * `counterPx` CSS pixels wide; the whole map when it is smaller than that.
   */
  openOn(labels, counterPx) {
    const rect = this.#svg.getBoundingClientRect?.();
    if (!rect?.width || !rect?.height) return;
    const pxPerUnit = counterPx / counterSide(this.#size);
    const b = this.#bounds;
    if (b.width * pxPerUnit <= rect.width && b.height * pxPerUnit <= rect.height) return;
    const points = labels.map((l) => this.#index.get(l)).filter(Boolean).map((h) => center(h, this.#size));
    const at = busiestCentre(points, rect.width / pxPerUnit, rect.height / pxPerUnit) ?? { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    this.#viewBox = boxAt(at, rect, pxPerUnit, b);
    this.#applyViewBox();
  }

  /** Zoom by a factor about the centre of the view (keys + and -). */
  zoom(factor) {
    const vb = this.#viewBox;
    this.#viewBox = zoomAt(vb, factor, { x: vb.x + vb.width / 2, y: vb.y + vb.height / 2 }, this.#bounds);
    this.#applyViewBox();
  }

  /** Highlight one unit (or none with null). */
  select(unitId) {
    this.#selected = unitId;
    this.#schedule();
  }

  /** Outline these units as chosen to act together (the stack panel's picks). */
  pick(unitIds) {
    this.#picked = new Set(unitIds ?? []);
    this.#schedule();
  }

  /** Ring these units as able to act now (opportunity fire's possible firers). */
  mark(unitIds) {
    this.#marked = new Set(unitIds ?? []);
    this.#schedule();
  }

  /** Outline these own-side units as a team partner's, not the viewer's. */
  setPartners(unitIds) {
    this.#partners = new Set(unitIds ?? []);
    this.#schedule();
  }

  /** Draw now: counters from the last view. Calling it twice changes nothing. */
  redraw() {
    this.#frameAsked = false;
    const size = this.#size;
    const faces = new Map();
    const items = unitItems(this.#units, this.#index, {
      size, selected: this.#selected, types: this.#types, spread: this.#spread, faces, looks: this.#looks, picked: this.#picked, marked: this.#marked, partners: this.#partners,
    });
    reconcile(this.#doc, this.#faces, faceDefs(faces));
    reconcile(this.#doc, this.#layers.units, items);
    reconcile(this.#doc, this.#layers.markers, markerItems(this.#markers, this.#index, size, { sideName: this.#sideName, looks: this.#looks }));
    const edge = (hexside) => {
      const ends = String(hexside).split(/[|/,\s]+/);
      const [a, b] = ends.map((l) => this.#index.get(l));
      return a && b ? sharedEdge(a, b, size) : null;
    };
    reconcile(this.#doc, this.#layers.overlays, [...overlayItems(this.#overlay, this.#index, size), ...losItems(this.#overlay.los, this.#index, size, edge)]);
    reconcile(this.#doc, this.#layers["overlay-labels"], overlayLabelItems(this.#overlay, this.#index, size));
    // The fanned stack's counters, as just laid out, for the assault marker to keep clear of.
    const fanned = this.#spread ? { hex: this.#spread, count: items.filter((i) => i.attrs["data-hex"] === this.#spread).length } : null;
    reconcile(this.#doc, this.#layers["assault-markers"], assaultMarkerItems(this.#overlay, this.#index, size, { fanned }));
    reconcile(this.#doc, this.#layers.fog, [...areaItems(this.#areas, this.#index, size), ...fogItems(this.#fog, this.#index, size), ...opItems(this.#ops, this.#index, size)]);
    reconcile(this.#doc, this.#layers.drawings, drawingItems(this.#drawings, this.#index, size));
  }

  get viewBox() {
    return { ...this.#viewBox };
  }

  /** Stop listening to the page; the SVG stays as drawn. */
  destroy() {
    for (const [type, fn] of this.#listeners) this.#svg.removeEventListener(type, fn);
    this.#listeners = [];
    this.#resized?.disconnect();
  }

  #schedule() {
    if (this.#frameAsked) return;
    this.#frameAsked = true;
    this.#requestFrame(() => this.redraw());
  }

  #applyViewBox() {
    // The element's box, for the numbers on screen: read before the viewBox is written, as a
    // read after it would lay the whole map out once more within the same frame.
    const rect = this.#labelsWanted ? this.#svg.getBoundingClientRect?.() : null;
    const text = viewBoxText(this.#viewBox);
    // Hex numbers only when zoomed in far enough to read them (CSS hides them otherwise).
    const zoomed = this.#viewBox.width < LABELS_BELOW_HEXES * this.#size;
    for (const svg of [this.#svg, this.#mapSvg]) {
      if (!svg) continue;
      svg.setAttribute("viewBox", text);
      svg.classList?.toggle?.("zoomed-in", zoomed);
    }
    this.#labelsInView(rect);
  }

  /** The label of the hex under a pointer, or null off the map. */
  hexAt(clientX, clientY) {
    const rect = this.#svg.getBoundingClientRect();
    const p = clientToMap(this.#viewBox, rect, clientX, clientY);
    const h = pixelToHex(p, this.#size);
    return this.#byAxial.get(`${h.q},${h.r}`) ?? null;
  }

  #on(type, fn, options) {
    this.#svg.addEventListener(type, fn, options);
    this.#listeners.push([type, fn]);
  }

  // One delegated set of pointer listeners on the SVG root, never one per hex or counter.
  #listen() {
    const pointers = new Map(); // touch points for pinch zoom
    this.#on("pointerdown", (e) => {
      if (e.button !== 0) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2) {
        const [p, q] = [...pointers.values()];
        this.#drag = { pinch: Math.hypot(p.x - q.x, p.y - q.y), vb: this.#viewBox, panning: true };
        return;
      }
      this.#drag = { id: e.pointerId, x: e.clientX, y: e.clientY, vb: this.#viewBox, panning: false };
    });
    let collapse = null; // a fanned stack folds back a moment after the pointer leaves it
    this.#on("pointerover", (e) => {
      if (e.pointerType === "touch") return;
      const unit = e.target?.closest?.("[data-unit]");
      globalThis.clearTimeout?.(collapse);
      if (unit) this.spread(unit.getAttribute("data-hex"));
      else if (this.#spread) collapse = globalThis.setTimeout?.(() => this.spread(null), 400);
    });
    this.#on("pointerleave", () => {
      pointers.clear();
      this.spread(null);
    });
    this.#on("pointermove", (e) => {
      if (pointers.has(e.pointerId)) pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const drag = this.#drag;
      if (drag?.pinch && pointers.size === 2) {
        const [p, q] = [...pointers.values()];
        const rect = this.#svg.getBoundingClientRect();
        const mid = clientToMap(drag.vb, rect, (p.x + q.x) / 2, (p.y + q.y) / 2);
        this.#viewBox = zoomAt(drag.vb, Math.hypot(p.x - q.x, p.y - q.y) / drag.pinch, mid, this.#bounds);
        this.#applyViewBox();
        return;
      }
      if (!drag || drag.id !== e.pointerId) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.panning && Math.hypot(dx, dy) < CLICK_SLOP_PX) return;
      if (!drag.panning) this.#svg.setPointerCapture?.(e.pointerId);
      drag.panning = true;
      const rect = this.#svg.getBoundingClientRect();
      const scale = Math.max(drag.vb.width / rect.width, drag.vb.height / rect.height);
      this.#viewBox = panBy(drag.vb, -dx * scale, -dy * scale, this.#bounds);
      this.#applyViewBox();
    });
    this.#on("pointerup", (e) => {
      pointers.delete(e.pointerId);
      const drag = this.#drag;
      this.#drag = null;
      if (!drag || drag.id !== e.pointerId || drag.panning) return;
      // Over the map (drawn in the SVG underneath, a path per terrain) the pointer's position
      // names the hex.
      let intent = intentAt(e.target);
      if (!intent) {
        const hex = this.hexAt(e.clientX, e.clientY);
        if (hex) intent = { kind: "hex", hex };
      }
      // Whether the player saw this counter on its own (its stack fanned out) when picking it.
      if (intent?.kind === "unit") intent.spread = this.#spread === intent.hex;
      // A tap on a stack first fans it out (touch has no hover), then picks.
      if (intent?.kind === "unit" && e.pointerType === "touch" && this.#spread !== intent.hex) {
        this.spread(intent.hex);
      }
      if (intent) this.#onIntent(intent);
    });
    this.#on("pointercancel", (e) => {
      pointers.delete(e.pointerId);
      this.#drag = null;
    });
    this.#on("wheel", (e) => {
      e.preventDefault();
      const rect = this.#svg.getBoundingClientRect();
      const at = clientToMap(this.#viewBox, rect, e.clientX, e.clientY);
      this.#viewBox = zoomAt(this.#viewBox, Math.exp(-e.deltaY * 0.0015), at, this.#bounds);
      this.#applyViewBox();
    }, { passive: false });
  }
}

/** Run `fn` once the browser has painted the next frame and is idle (or soon after). */
function afterFirstPaint(fn) {
  const g = globalThis;
  const later = () => (g.requestIdleCallback ? g.requestIdleCallback(fn, { timeout: 500 }) : g.setTimeout(fn, 50));
  if (g.requestAnimationFrame) g.requestAnimationFrame(() => g.setTimeout(later, 0));
  else later();
}

/** The intent of a pointer on `target`: a counter, else a hex, else nothing. */
export function intentAt(target) {
  const assault = target?.closest?.("[data-assault]");
  if (assault) return { kind: "assault", hex: assault.getAttribute("data-assault") };
  const unit = target?.closest?.("[data-unit]");
  if (unit) return { kind: "unit", unit: unit.getAttribute("data-unit"), hex: unit.getAttribute("data-hex") };
  const hex = target?.closest?.("[data-hex]");
  if (hex) return { kind: "hex", hex: hex.getAttribute("data-hex") };
  return null;
}
