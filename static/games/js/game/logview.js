// The log on the page: one collapsible group per activation, each edged in its side's colour.
// The whole log the viewer may read is kept (a spectator who arrives late reads it all), and
// drawn lazily: the latest activations first (older ones behind "Show earlier"), a folded
// group's lines only when it is opened, and a patch appends its lines to the groups already
// drawn instead of redrawing the log, so a long game stays quick and a screen reader hears
// only what is new.

import { el, fill } from "./dom.js";
import { groupHeading, groupLines, groupLog } from "./logbook.js";

const OPEN_LATEST = 3; // the newest groups start open, older ones folded
export const GROUPS_PER_PAGE = 150; // groups drawn at first; "Show earlier" draws as many more

function lineOf({ v, event }, describe) {
  return el("li", { class: `ev ev-${event.type}${event.kind ? ` ev-${event.type}-${event.kind}` : ""}`, "data-v": v, "data-side": event.side ?? "" }, describe(event));
}


/**
 * Draws the log into an <ol>, keeping the element of each group it drew (by the group's key)
 * and what it showed, so the next draw touches only new groups and new lines.
 */
export class LogView {
  #root;
  #opts;
  #shown = GROUPS_PER_PAGE;
  #drawn = new Map(); // group key -> {li, details, body, count, filled, open}
  #more = null;

  /** `opts`: {toggled: Set of keys folded or opened against the default, describe(event), colourOf(side), sideName(side)}. */
  constructor(root, opts) {
    this.#root = root;
    this.#opts = opts;
  }

  /** How many groups are drawn (the latest ones). */
  get shown() {
    return this.#shown;
  }

  /** Draw `entries` ({v, event}), the whole log. */
  draw(entries) {
    const { toggled, colourOf, sideName, describe } = this.#opts;
    const groups = groupLog(entries);
    const start = Math.max(0, groups.length - this.#shown);
    const atBottom = this.#root.scrollHeight - this.#root.scrollTop - this.#root.clientHeight < 24;
    const nodes = [];
    const keep = new Set();
    groups.slice(start).forEach((g, offset) => {
      const i = start + offset;
      const byDefault = i >= groups.length - OPEN_LATEST;
      const open = toggled.has(g.key) ? !byDefault : byDefault;
      const lines = groupLines(g);
      let drawn = this.#drawn.get(g.key);
      if (!drawn) {
        const colour = colourOf(g.side);
        const body = el("ol", {});
        const heading = groupHeading(g, describe, sideName);
        const details = el("details", { class: "log-group", "data-side": g.side ?? "", style: `--side-fill: ${colour.fill}; --side-edge: ${colour.edge}` },
          el("summary", {}, el("span", { class: "log-side" }, heading.tag), heading.text),
          body);
        drawn = { li: el("li", { class: "log-entry", "data-group": g.key }, details), details, body, count: 0, filled: false, byDefault };
        details.addEventListener("toggle", () => {
          if (details.open === drawn.byDefault) toggled.delete(g.key);
          else toggled.add(g.key);
          if (details.open) this.#fill(drawn);
        });
        this.#drawn.set(g.key, drawn);
      }
      drawn.byDefault = byDefault;
      drawn.lines = lines;
      if (drawn.details.open !== open) drawn.details.open = open;
      // A folded group's lines are written when it is opened (the toggle listener).
      if (open) this.#fill(drawn);
      keep.add(g.key);
      nodes.push(drawn.li);
    });
    for (const key of [...this.#drawn.keys()]) if (!keep.has(key)) this.#drawn.delete(key);
    const earlier = start;
    if (earlier) {
      this.#more ??= el("li", { class: "log-more" });
      fill(this.#more, el("button", { type: "button", class: "log-earlier", onclick: () => this.showEarlier(entries) },
        `Show ${Math.min(earlier, GROUPS_PER_PAGE)} earlier of ${earlier} activation${earlier === 1 ? "" : "s"}`));
      nodes.unshift(this.#more);
    }
    // The same elements in the same order are left alone; new groups are added at the end.
    const current = [...this.#root.children];
    if (current.length !== nodes.length || nodes.some((n, i) => current[i] !== n)) {
      const same = current.length <= nodes.length && current.every((n, i) => nodes[i] === n);
      if (same) this.#root.append(...nodes.slice(current.length));
      else this.#root.replaceChildren(...nodes);
    }
    if (atBottom) this.#root.scrollTop = this.#root.scrollHeight;
  }

  /** Draw as many more of the earlier groups. */
  showEarlier(entries) {
    const top = this.#root.scrollHeight - this.#root.scrollTop;
    this.#shown += GROUPS_PER_PAGE;
    this.draw(entries);
    this.#root.scrollTop = this.#root.scrollHeight - top; // the reader stays where he was
  }

  #fill(drawn) {
    const lines = drawn.lines ?? [];
    const sig = (e) => (e ? `${e.v}:${JSON.stringify(e.event)}` : "");
    if (drawn.count > lines.length) {
      fill(drawn.body);
      drawn.count = 0;
    }
    // A move that goes on is merged into the group's last line (logbook.mergeMoves): redraw it.
    if (drawn.count && sig(lines[drawn.count - 1]) !== drawn.lastSig) {
      drawn.body.lastElementChild?.replaceWith(lineOf(lines[drawn.count - 1], this.#opts.describe));
    }
    if (drawn.count < lines.length) {
      drawn.body.append(...lines.slice(drawn.count).map((e) => lineOf(e, this.#opts.describe)));
      drawn.count = lines.length;
    }
    drawn.lastSig = sig(lines[drawn.count - 1]);
  }
}

/**
 * The page's log: the whole log the viewer may read comes from the server once (GET
 * .../log?upto=), then grows with each patch; lines of versions already shown are never
 * added twice, and patches that arrive before the answer wait for it. Every line is kept.
 */
export class Logbook {
  #entries = [];
  #upTo = 0;
  #loaded = false;
  #pending = [];
  #draw;

  /** `draw(entries)` draws the log. */
  constructor({ draw }) {
    this.#draw = draw;
  }

  /** Every line the page holds, in version order. */
  get entries() {
    return this.#entries;
  }

  /** Take the log up to `version` as the server sent it (`lines`: [{v, event}]). */
  loaded(lines, version) {
    this.#loaded = true;
    const later = this.#pending.filter((e) => e.v > version || e.event.type === "clock");
    this.#entries = [...lines, ...later].sort((a, b) => a.v - b.v);
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
    this.#entries.push(...fresh);
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
    const at = this.#entries.findLastIndex((e) => e.v <= v);
    this.#entries.splice(at + 1, 0, entry);
    this.redraw();
  }

  redraw() {
    this.#draw(this.#entries);
  }
}
