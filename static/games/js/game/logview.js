// The log on the page: one collapsible group per activation, each line edged in its side's
// colour. Redrawn whole from the entries (a few hundred lines), keeping what the reader
// opened or closed.

import { el, fill } from "./dom.js";
import { groupLog, opensGroup } from "./logbook.js";

const OPEN_LATEST = 3; // the newest groups start open, older ones folded

/**
 * Draw `entries` ({v, event}) into the <ol> `root`. `toggled`: a Set of group keys the reader
 * folded or opened against the default; `describe(event)` writes a line, `colourOf(side)`
 * gives a side's colours, `sideName(side)` its name.
 */
export function renderLog(root, entries, { toggled, describe, colourOf, sideName }) {
  const groups = groupLog(entries);
  fill(root, groups.map((g, i) => {
    const byDefault = i >= groups.length - OPEN_LATEST;
    const open = toggled.has(g.key) ? !byDefault : byDefault;
    const colour = colourOf(g.side);
    const details = el("details", { class: "log-group", open, "data-side": g.side ?? "", style: `--side-fill: ${colour.fill}; --side-edge: ${colour.edge}` },
      el("summary", {}, el("span", { class: "log-side" }, g.side ? sideName(g.side) : "Game"), " ", describe(g.title.event)),
      el("ol", {}, g.entries.filter((e) => e !== g.title || !opensGroup(e.event)).map(({ v, event }) => el("li", { class: `ev ev-${event.type}${event.kind ? ` ev-${event.type}-${event.kind}` : ""}`, "data-v": v, "data-side": event.side ?? "" }, describe(event)))));
    details.addEventListener("toggle", () => {
      if (details.open === byDefault) toggled.delete(g.key);
      else toggled.add(g.key);
    });
    return el("li", { class: "log-entry" }, details);
  }));
  root.scrollTop = root.scrollHeight;
}

/**
 * The page's log: the whole log the viewer may read comes from the server once (GET
 * .../log?upto=), then grows with each patch; lines of versions already shown are never
 * added twice, and patches that arrive before the answer wait for it.
 */
export class Logbook {
  #entries = [];
  #upTo = 0;
  #loaded = false;
  #pending = [];
  #toggled = new Set();
  #keep;
  #draw;

  /** `draw(entries, toggled)` redraws the log. */
  constructor({ keep = 1500, draw }) {
    this.#keep = keep;
    this.#draw = draw;
  }

  /** Take the log up to `version` as the server sent it (`lines`: [{v, event}]). */
  loaded(lines, version) {
    this.#loaded = true;
    const later = this.#pending.filter((e) => e.v > version || e.event.type === "clock");
    this.#entries = [...lines, ...later].sort((a, b) => a.v - b.v).slice(-this.#keep);
    this.#upTo = Math.max(version, ...this.#entries.map((e) => e.v));
    this.#pending = [];
    this.redraw();
  }

  /** A patch's lines, for `version`. */
  add(entries, version) {
    if (!this.#loaded) {
      this.#pending.push(...entries);
      return;
    }
    const fresh = entries.filter((e) => e.v > this.#upTo);
    if (!fresh.length) return;
    this.#entries = [...this.#entries, ...fresh].slice(-this.#keep);
    this.#upTo = Math.max(this.#upTo, version);
    this.redraw();
  }

  /** A clock line (a side ran out of time, more time, a take-over: games/clocks), which
   * happens between versions: it joins the log after version `v`. */
  between(v, kind, text) {
    const entry = { v, event: { type: "clock", kind, text } };
    if (!this.#loaded) {
      this.#pending.push(entry);
      return;
    }
    this.#entries = [...this.#entries, entry].sort((a, b) => a.v - b.v).slice(-this.#keep);
    this.redraw();
  }

  redraw() {
    this.#draw(this.#entries, this.#toggled);
  }
}
