// The rules reference on the game page (templates/games/pl_reference.html): which of its rows
// an odds line or a why-not reason cites, a link to that row, and opening the reference at
// it. Which rule is in which chart is the server's (the page's `pl-reference-cites` JSON,
// from games/rules/panzer_leader/reference.py); which row a line cites is read from the
// words the server wrote (an odds column, a weapon class, a terrain). A page without the
// reference links nothing.

import { el } from "./dom.js";

let cites = null;

/** The server's map of rule numbers to the reference rows and charts that give them. */
function citedCharts() {
  if (cites === null) {
    const node = typeof document !== "undefined" ? document.getElementById("pl-reference-cites") : null;
    try {
      cites = node ? JSON.parse(node.textContent) : {};
    } catch {
      cites = {};
    }
  }
  return cites;
}

const onPage = (id) => (id && typeof document !== "undefined" && document.getElementById(id) ? id : null);

/**
 * The reference row an odds line cites, if the page has one: the odds column's CRT row, the
 * first weapon class of the attack strength's WEC row, a terrain's die modifier.
 */
export function referenceRow(key, value) {
  const text = String(value);
  const column = key === "column" ? /^(\d+-\d+)/.exec(text) : null;
  const weapon = key === "attack strength" ? /\bclass (AP|A|HI|H|I|M)\b/.exec(text) : null;
  const terrain = key === "note" ? /^(woods|town) /.exec(text) : null;
  const id = column ? `pl-crt-${column[1]}`
    : weapon ? `pl-wec-${weapon[1] === "HI" ? "h-indirect" : weapon[1].toLowerCase()}`
      : terrain ? `pl-drm-${terrain[1]}` : null;
  return onPage(id);
}

/** The reference row or chart a rule number ("8.3", "20.6") is given in, if the page has it. */
export function referenceForRule(rule) {
  return onPage(citedCharts()[String(rule ?? "").trim()] ?? null);
}

/** Open the rules reference at one row (or chart) and mark it. */
export function openReference(id) {
  const box = document.getElementById("rules-reference");
  const row = document.getElementById(id);
  if (!box || !row) return;
  box.open = true;
  for (const old of box.querySelectorAll(".cited")) old.classList.remove("cited");
  row.classList.add("cited");
  row.scrollIntoView({ block: "center" });
}

/** `text` as a link that opens the reference at `id` (the same words, underlined). */
export function referenceLink(id, text) {
  return el("a", { href: `#${id}`, class: "reference-link", "data-reference": id, onclick: (ev) => {
    ev.preventDefault();
    openReference(id);
  } }, text);
}
