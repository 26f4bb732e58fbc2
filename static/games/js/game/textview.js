// The board as text, for screen readers and the keyboard: every hex with counters in words,
// and for a seat the same legal actions the board offers, as buttons that propose the same
// commands (then Confirm, as on the board). The text is rebuilt only when it changes, and a
// rebuild gives the focus back to the same button (or its unit, or its hex): a reader's
// place is never lost to a redraw.

import { stacks, listUnits } from "../board/layers.js";
import { chipLooks, valuesInWords } from "../board/counters.js";
import { el, fill } from "./dom.js";
import { focusChain, keepOpen, keepingFocus } from "./focus.js";
import { actingUnits, actors, commandKey, describeCommand, isGlobal } from "./legal.js";

const GENERIC_NAMES = {
  infantry: "infantry", armor: "armor", weapons: "weapons", armored_car: "armored car",
  armored_transport: "armored transport", unarmored_transport: "unarmored transport", leader: "leader",
};

/** A generic marker's type in words (double-blind 18.12). */
export function genericName(marker) {
  return GENERIC_NAMES[marker] ?? "unit";
}

/** A counter in words: side, name (or what is known of it), steps, status, marks, values. */
export function unitWords(u, types, sideName, nameOf, looks = null) {
  const t = types[u.type];
  const marks = chipLooks(u).map((c) => c.title.toLowerCase());
  const values = t && !t.leader && valuesInWords(u, t).filter(([k]) => k !== "side showing").map(([k, v]) => `${k} ${v}`).join(", ");
  const leader = t?.leader ? `leader, ${valuesInWords(u, t).map(([k, v]) => `${k} ${v}`).join(", ")}` : "";
  const known = !u.detail || u.detail === "exact";
  const what = known ? nameOf(u.id)
    : u.detail === "leader" ? "a leader"
    : u.detail === "last_known" ? `${genericName(u.marker)} last seen turn ${u.turn ?? "?"}`
    : `${genericName(u.marker)}${Number(u.stack) > 1 ? ` (stack of ${u.stack})` : ""}`;
  const status = u.status && !["good", "ok"].includes(u.status) && !(u.chips ?? []).some((c) => c.kind === u.status) ? `, ${u.status}` : "";
  const shown = u.hidden && !u.type ? "a face-down counter" : what;
  return `${sideName(u.side)}: ${shown}${u.steps !== undefined && !u.leader ? `, ${u.steps} step${u.steps === 1 ? "" : "s"}` : ""}${status}${marks.length ? `, ${marks.join(", ")}` : ""}${values ? `; ${values}` : ""}${leader ? `; ${leader}` : ""}`;
}

/**
 * The seat's legal commands placed where a reader meets them: `global` (pass, end the
 * activation, initiative, decline, opportunity fire...), `byHex` (a stack's activation) and
 * `byUnit` (each command under the first unit acting in it). Pure.
 */
export function placeCommands(groups) {
  const global = [];
  const byHex = new Map();
  const byUnit = new Map();
  const put = (map, key, cmd) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(cmd);
  };
  for (const cmd of Object.values(groups ?? {}).flat()) {
    if (isGlobal(cmd) || ["opportunity_fire", "anti_aircraft"].includes(cmd.type)) global.push(cmd);
    else if (cmd.type === "activate" && cmd.kind === "stack") put(byHex, cmd.hex, cmd);
    else {
      const first = cmd.type === "load" ? cmd.unit ?? actors(cmd)[0] : actingUnits(cmd)[0] ?? actors(cmd)[0];
      if (first) put(byUnit, first, cmd);
      else global.push(cmd);
    }
  }
  return { global, byHex, byUnit };
}

function actionButton(cmd, actions, focusParent) {
  const odds = actions.labelOf(cmd);
  return el("button", {
    type: "button", class: `cmd text-act cmd-${cmd.type}`, "data-command": cmd.type, "data-focus-key": commandKey(cmd),
    "data-focus-parent": focusParent, onclick: () => actions.onCommand(cmd),
  }, actions.describe(cmd), odds ? ` — ${odds}` : "");
}

/** A unit's commands: one button each, and its moves folded under "Move … to…". */
function unitActions(unitId, cmds, actions) {
  const moves = cmds.filter((c) => c.type === "move");
  const others = cmds.filter((c) => c.type !== "move");
  const parent = `unit:${unitId}`;
  const byGroup = new Map();
  for (const m of moves) {
    const who = actingUnits(m).join(",");
    if (!byGroup.has(who)) byGroup.set(who, []);
    byGroup.get(who).push(m);
  }
  const folds = [...byGroup.entries()].map(([who, list]) => {
    const key = `moves:${who}`;
    const details = el("details", { class: "text-moves", open: actions.open.has(key), "data-focus-key": key },
      el("summary", { "data-focus-key": `summary:${key}`, "data-focus-parent": parent }, `Move ${who.split(",").map(actions.nameOf).join(", ")} to… (${list.length} hex${list.length === 1 ? "" : "es"})`),
      el("ul", {}, list.map((m) => el("li", {}, actionButton(m, actions, `summary:${key}`)))));
    return el("li", {}, details);
  });
  if (!others.length && !folds.length) return null;
  return el("ul", { class: "text-acts", "aria-label": `What ${actions.nameOf(unitId)} can do` },
    others.map((c) => el("li", {}, actionButton(c, actions, parent))), folds);
}

/**
 * The game as text: the seat's commands that need no unit, then each hex with counters and,
 * under each own counter, what it may do now; what is off the map. `actions` (a seat's
 * page only): {groups, describe(cmd), labelOf(cmd), onCommand(cmd), nameOf, open: Set}.
 */
export function textViewContent(view, types, sideName, terrainOf, nameOf = (id) => id, actions = null, looks = null) {
  const byHex = stacks(view.units ?? []);
  const labels = [...byHex.keys()].sort();
  const placed = actions ? placeCommands(actions.groups) : { global: [], byHex: new Map(), byUnit: new Map() };
  const line = (u) => el("li", { class: "text-unit", tabindex: "-1", "data-focus-key": `unit:${u.id}`, "data-unit": u.id },
    unitWords(u, types, sideName, nameOf, looks),
    actions && placed.byUnit.has(u.id) ? unitActions(u.id, placed.byUnit.get(u.id), actions) : null);
  const off = listUnits(view.units).filter((u) => !u.hex && !u.eliminated && !u.exited && !u.carried_by);
  const offActs = off.filter((u) => placed.byUnit.has(u.id));
  return [
    actions ? el("div", { class: "text-commands", "data-focus-key": "text-commands", tabindex: "-1" },
      el("h3", {}, placed.global.length ? "Your commands now" : "Nothing to do now: it is not your move."),
      placed.global.length ? el("ul", { class: "text-acts" }, placed.global.map((c) => el("li", {}, actionButton(c, actions, "text-commands")))) : null) : null,
    el("p", {}, `${labels.length} hexes hold counters.`),
    el("ul", { class: "text-hexes" }, labels.map((label) =>
      el("li", { class: "text-hex", tabindex: "-1", "data-focus-key": `hex:${label}`, "data-hex": label },
        el("strong", {}, `${label} (${terrainOf(label)})`),
        placed.byHex.has(label) ? el("ul", { class: "text-acts" }, placed.byHex.get(label).map((c) => el("li", {}, actionButton(c, actions, `hex:${label}`)))) : null,
        el("ul", {}, byHex.get(label).map(line))))),
    off.length ? el("p", {}, `Off the map: ${off.map((u) => `${nameOf(u.id)} (turn ${u.entry_turn ?? "?"})`).join(", ")}.`) : null,
    offActs.length ? el("ul", { class: "text-hexes" }, offActs.map(line)) : null,
  ];
}

const drawnText = new WeakMap(); // root -> the markup it shows, to skip rebuilding the same text

/**
 * Draw the text view into `root`; nothing changes when the text is the same as shown. When
 * it changed, the focused button (or its unit, its hex) is focused again after the rebuild.
 */
export function renderTextView(root, view, types, sideName, terrainOf, nameOf = (id) => id, actions = null, looks = null) {
  if (!view) return;
  if (actions) keepOpen(root, actions.open);
  const box = root.ownerDocument.createElement("div");
  fill(box, textViewContent(view, types, sideName, terrainOf, nameOf, actions, looks));
  const markup = box.innerHTML;
  if (drawnText.get(root) === markup) return;
  drawnText.set(root, markup);
  keepingFocus(root.ownerDocument, () => root.replaceChildren(...box.childNodes));
}

/**
 * The game page's text view: `drawSoon()` redraws it a moment after the board (at most once
 * per 200 ms). Its buttons do what the board does: the command's units are picked (their
 * options drawn, their odds asked for) and the command proposed, waiting for Confirm.
 * `page`: {ui, board, view(), groups(), unitById(id), setPicks(ids), propose(cmd, from), previewLabelOf(cmd),
 * drawPending()}.
 */
export function textViewDrawer({ root, boot, sideName, terrainOf, nameOf, formationName, page }) {
  let asked = false;
  const onCommand = (cmd) => {
    const from = focusChain(root.ownerDocument.activeElement);
    const unit = actingUnits(cmd)[0] ?? actors(cmd)[0];
    const u = unit ? page.unitById(unit) : null;
    if (u?.own && !isGlobal(cmd)) {
      page.ui.selected = unit;
      page.board.select(unit);
      page.setPicks(actingUnits(cmd).length ? actingUnits(cmd) : [unit]);
      if (u.hex) page.board.centerOn(u.hex);
    }
    page.propose(cmd, from);
  };
  return () => {
    if (asked) return;
    asked = true;
    setTimeout(() => {
      asked = false;
      // Never ahead of the panels: a state they have not drawn yet would move the focus by
      // key to their stale copy of a button (the action bar's Roll, say), which their own
      // redraw then takes away. Their redraw asks for the text again.
      if (page.drawPending()) return;
      renderTextView(root, page.view(), boot.types, sideName, terrainOf, nameOf, boot.seat ? {
        groups: page.groups(),
        describe: (cmd) => describeCommand(cmd, nameOf, { formationName }),
        labelOf: page.previewLabelOf,
        nameOf,
        open: page.ui.openFolds,
        onCommand,
      } : null, boot.faces);
    }, 200);
  };
}
