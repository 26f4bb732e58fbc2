// The board: an SVG map with terrain, roads, hexsides and counters, and no rules in it.
//
// A small facade in chessground's manner (STYLE.md 10): the host gives it the map once and
// the view whenever it changes; it redraws from that state, idempotently and at most once a
// frame, and turns pointer gestures into intents ({kind: "hex", hex} or {kind: "unit", unit,
// hex}) for the host to act on. What the layers hold is decided by the pure layers.js.

import { HEX_SIZE, indexHexes, mapBounds } from "./geometry.js";
import { hexsideItems, patternDefs, roadItems, terrainItems, unitItems } from "./layers.js";
import { SVG_NS, reconcile } from "./svg.js";
import { clientToMap, panBy, viewBoxText, zoomAt } from "./viewbox.js";

/** Layers bottom to top; overlays (reach, targets) and fog are filled by later issues. */
export const LAYERS = Object.freeze(["terrain", "roads", "hexsides", "overlays", "units", "fog"]);

const CLICK_SLOP_PX = 5; // a pointer that moved less than this clicked; more, it panned

export class Board {
  #svg;
  #doc;
  #size;
  #index;
  #bounds;
  #viewBox;
  #layers = {};
  #units = [];
  #selected = null;
  #onIntent;
  #requestFrame;
  #frameAsked = false;
  #drag = null;
  #listeners = [];

  /**
   * `svg`: an empty <svg> element in the page. Options: `map` (the map payload), `size` (hex
   * radius in map units), `onIntent(intent)`, `requestFrame` (requestAnimationFrame).
   */
  constructor(svg, { map, size = HEX_SIZE, onIntent = () => {}, requestFrame = null }) {
    this.#svg = svg;
    this.#doc = svg.ownerDocument;
    this.#size = size;
    this.#index = indexHexes(map);
    this.#bounds = mapBounds(map, size);
    this.#viewBox = { ...this.#bounds };
    this.#onIntent = onIntent;
    this.#requestFrame = requestFrame ?? ((fn) => globalThis.requestAnimationFrame(fn));

    svg.classList.add("pg-board");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    const defs = this.#doc.createElementNS(SVG_NS, "defs");
    svg.appendChild(defs);
    reconcile(this.#doc, defs, patternDefs());
    for (const name of LAYERS) {
      const g = this.#doc.createElementNS(SVG_NS, "g");
      g.setAttribute("class", `layer layer-${name}`);
      svg.appendChild(g);
      this.#layers[name] = g;
    }
    // The map does not change during a game: draw it once.
    reconcile(this.#doc, this.#layers.terrain, terrainItems(map, size));
    reconcile(this.#doc, this.#layers.roads, roadItems(map, this.#index, size));
    reconcile(this.#doc, this.#layers.hexsides, hexsideItems(map, this.#index, size));
    this.#applyViewBox();
    this.#listen();
  }

  /** Show a new view (the store's); counters are redrawn on the next frame. */
  setView(view) {
    this.#units = Array.isArray(view?.units) ? view.units : [];
    this.#schedule();
  }

  /** Highlight one unit (or none with null). */
  select(unitId) {
    this.#selected = unitId;
    this.#schedule();
  }

  /** Draw now: counters from the last view. Calling it twice changes nothing. */
  redraw() {
    this.#frameAsked = false;
    const items = unitItems(this.#units, this.#index, { size: this.#size, selected: this.#selected });
    reconcile(this.#doc, this.#layers.units, items);
  }

  get viewBox() {
    return { ...this.#viewBox };
  }

  /** Stop listening to the page; the SVG stays as drawn. */
  destroy() {
    for (const [type, fn] of this.#listeners) this.#svg.removeEventListener(type, fn);
    this.#listeners = [];
  }

  #schedule() {
    if (this.#frameAsked) return;
    this.#frameAsked = true;
    this.#requestFrame(() => this.redraw());
  }

  #applyViewBox() {
    this.#svg.setAttribute("viewBox", viewBoxText(this.#viewBox));
  }

  #on(type, fn, options) {
    this.#svg.addEventListener(type, fn, options);
    this.#listeners.push([type, fn]);
  }

  // One delegated set of pointer listeners on the SVG root, never one per hex or counter.
  #listen() {
    this.#on("pointerdown", (e) => {
      if (e.button !== 0) return;
      this.#drag = { id: e.pointerId, x: e.clientX, y: e.clientY, vb: this.#viewBox, panning: false };
    });
    this.#on("pointermove", (e) => {
      const drag = this.#drag;
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
      const drag = this.#drag;
      this.#drag = null;
      if (!drag || drag.id !== e.pointerId || drag.panning) return;
      const intent = intentAt(e.target);
      if (intent) this.#onIntent(intent);
    });
    this.#on("pointercancel", () => {
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

/** The intent of a pointer on `target`: a counter, else a hex, else nothing. */
export function intentAt(target) {
  const unit = target?.closest?.("[data-unit]");
  if (unit) return { kind: "unit", unit: unit.getAttribute("data-unit"), hex: unit.getAttribute("data-hex") };
  const hex = target?.closest?.("[data-hex]");
  if (hex) return { kind: "hex", hex: hex.getAttribute("data-hex") };
  return null;
}
