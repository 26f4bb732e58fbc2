// The action panel's parts, drawn from the page's state (`ctx`, built by main.js): the
// opportunity-fire prompt, the stack panel, the seat's commands and the confirmation. Every
// command listed is one the server sent as legal; every number is the server's preview.

import { counterChips, counterValues } from "../board/counters.js";
import { renderOpfire, renderStackPanel } from "./boardpanels.js";
import { el, fill } from "./dom.js";
import { endingChoices } from "./endings.js";
import { keepOpen } from "./focus.js";
import { fillKept } from "../ui/keyed.js";
import { moverWords } from "../ui/order_answers.js";
import { ATTACK_TYPES, SHORTCUTS, actsWith, allCommands, commandKey, describeCommand, globalCommands, hasGroupMoves, joinsFromElsewhere, pickTogether, stillToAct } from "./legal.js";
import { formationUnitsRow } from "./formationroll.js";
import { explainPreview, previewLabel } from "./odds.js";
import { referenceLink, referenceRow } from "./reference.js";
import { movesMayBeUndone } from "./vocabulary.js";

// The commands of a window the other side opened: fire at the mover, or at the aircraft overhead.
function opfireCommands(ctx) {
  return [...(ctx.groups().opportunity_fire ?? []), ...(ctx.groups().anti_aircraft ?? [])];
}

/**
 * The window the prompt is about, {mover, hex, aircraft}: the view's `opfire` (the mover in
 * its hex), or its `pending` window (the unit moving, or the aircraft overhead).
 */
export function openWindow(view, unitById = () => null) {
  if (view?.opfire) return view.opfire;
  const p = view?.pending;
  if (!p) return null;
  if (p.aircraft?.length) {
    const plane = (view.aircraft ?? []).find((a) => p.aircraft.includes(a.id));
    return { aircraft: p.aircraft, hex: plane?.hex ?? null };
  }
  return { mover: p.mover, hex: unitById(p.mover)?.hex ?? null };
}

/** The opportunity-fire prompt, with every unit that may fire ringed on the map. */
export function drawOpfire(ctx) {
  const { board, nameOf, previewFor, loadPreviews, propose, view } = ctx;
  const cmds = opfireCommands(ctx);
  const firers = [...new Set(cmds.flatMap((c) => c.firers ?? c.units ?? []))];
  board.mark(firers);
  for (const id of firers) loadPreviews(id);
  for (const c of cmds) if (!(c.firers ?? c.units ?? []).length) ctx.loadPreviewOf?.(c);
  const of = openWindow(view(), ctx.unitById);
  // A new prompt brings the mover into view, where the ringed firers around it can be seen.
  const key = cmds.length && of?.hex ? `${of.hex}:${of.mover}` : null;
  if (key && key !== ctx.ui.opfireKey) board.centerOn(of.hex);
  ctx.ui.opfireKey = key;
  // A window with no shot (hidden information: the side is asked whenever it sees the mover)
  // is prompted too, so the player reads why the game waits and how to stop being asked.
  const asked = cmds.length || (of && (ctx.groups().decline ?? []).length);
  const noShot = !cmds.length;
  renderOpfire(document.getElementById("opfire"), asked ? {
    // The mover as the side's board has it (under double-blind, only the detail it has).
    mover: of?.aircraft ? of.aircraft.map(nameOf).join(", ") : moverWords(of?.mover ? ctx.unitById(of.mover) : null, ctx.boot?.faces),
    antiAircraft: Boolean(of?.aircraft),
    hex: of?.hex ?? "",
    items: cmds.map((cmd) => ({ type: cmd.type, key: commandKey(cmd), label: describeCommand(cmd, nameOf, ctx).replace(/^Opportunity fire: /, ""), odds: previewLabel(previewFor(cmd)), onPick: () => propose(cmd) })),
    mayOrder: Boolean(ctx.openOrders),
    onOrders: () => ctx.openOrders?.(noShot ? "no_shot" : "opportunity_fire"),
  } : null);
}

/** The stack panel of the hex the player opened, if any. */
export function drawStack(ctx) {
  const { ui, board, boot, nameOf, stackAt, options, pickedCommands, canAct, setPicks, openStack, togglePick, render } = ctx;
  const hex = ui.stackHex;
  const here = stackAt(hex);
  if (hex && !here.length) ui.stackHex = null;
  const opts = options();
  const what = [];
  if (opts.moves.size) what.push(`move to ${opts.moves.size} hex${opts.moves.size === 1 ? "" : "es"}`);
  if (opts.targets.size) what.push(`attack ${opts.targets.size} hex${opts.targets.size === 1 ? "" : "es"}`);
  const others = pickedCommands().filter((c) => !["move", ...ATTACK_TYPES].includes(c.type)).length;
  // "Together" only of several counters: one picked alone is named.
  const who = ui.picked.length > 1 ? "Together they can" : `${nameOf(ui.picked[0])} can`;
  const summary = !ui.picked.length ? (here.some((x) => x.own) ? "Tick the counters that act together." : null)
    : what.length ? `${who} ${what.join(" and ")}: pick a hex on the map.`
      : others ? "See the actions below." : "Nothing these counters can do together now; point at a hex to ask why.";
  renderStackPanel(document.getElementById("stack-panel"), {
    hex: ui.stackHex,
    rows: [...here].reverse().map((x) => {
      const t = boot.types[x.type];
      const values = counterValues(x, t);
      return {
        id: x.id, name: nameOf(x.id), own: Boolean(x.own), canAct: Boolean(x.own) && canAct(x.id), picked: ui.picked.includes(x.id), focused: x.id === ui.selected,
        values: t?.fire !== undefined ? [values.fire, values.move].filter(Boolean).join(" ") : [values.fire, values.move && `MP ${values.move}`].filter(Boolean).join(" · "),
        chips: counterChips(x).join(" "),
      };
    }),
    summary,
    onToggle: togglePick,
    onFocus: (id) => { ui.selected = id; board.select(id); render(); },
    // Read when pressed: a button kept through redraws must not pick an earlier stack.
    onAll: () => setPicks(stackAt(ui.stackHex).filter((x) => x.own && canAct(x.id)).map((x) => x.id)),
    onNone: () => setPicks([]),
    onClose: () => openStack(null),
  });
}

function commandButton(ctx, cmd, label = describeCommand(cmd, ctx.nameOf, ctx)) {
  const { propose } = ctx;
  const key = Object.entries(SHORTCUTS).find(([t]) => t === cmd.type)?.[1];
  return el("button", { type: "button", class: `cmd cmd-${cmd.type}`, "data-command": cmd.type, "data-focus-key": commandKey(cmd), onclick: () => propose(cmd) },
    label, key ? el("kbd", {}, key) : null);
}

/** The seat's commands: always-available ones, then what the picked units can do. */
export function drawActions(ctx, commands) {
  const { ui, boot, groups, view, options, previewFor, nameOf, terrainOf, propose, render, mayAssaultOnCollision } = ctx;
  // Lists the reader opened stay open through the redraw (read from the page: see keepOpen).
  for (const id of ["global-actions", "unit-actions"]) keepOpen(document.getElementById(id), ui.openFolds);
  const g = groups();
  // What ending the phase eliminates is asked for before the player presses it: the bar's
  // button and the confirm both say it (Panzer Leader's reinforcements due, 4.7).
  for (const c of g.end_phase ?? []) ctx.loadPreviewOf?.(c);
  const windowCmds = opfireCommands(ctx);
  const bar = globalCommands(g).filter((c) => (c.type !== "decline" || !windowCmds.length) && !windowCmds.includes(c));
  const buttons = foldedByType(ctx, bar);
  if (windowCmds.length) buttons.unshift(...(g.decline ?? []).map((c) => commandButton(ctx, c)));
  // Resigning is open to any seat at any time (D-RESIGN-1), so it is not in the legal list;
  // the engine still referees it, and the confirmation says it cannot be taken back.
  fillKept(document.getElementById("global-actions"), buttons);
  // It sits apart from the routine actions (above the seats) and looks unlike them; it still asks to confirm.
  const resign = boot.seat && view() && !view().result;
  const row = document.getElementById("resign-row");
  // Draws and aborts by agreement sit beside it (endings.js; games/services/endings.py).
  const endings = resign ? endingChoices({ offers: ui.offers, seat: boot.seat, side: boot.side, version: ctx.version(), sideName: ctx.sideName, abortRefused: boot.abort_refused }) : [];
  fillKept(row, [
    resign ? commandButton(ctx, { type: "resign" }, "Resign the game…") : null,
    ...endings.map((line) => el("p", { class: "ending-line", "data-focus-key": `ending:${line.commands.map((c) => c.cmd.type).join(",")}` },
      line.text ? el("span", { class: "ending-text" }, line.text) : null,
      line.commands.map(({ cmd, label }) => commandButton(ctx, cmd, label)))),
  ]);
  row.hidden = !resign;
  const list = [...activatedUnits(ctx)];
  if (ui.picked.length) {
    const reach = options().moves;
    if (reach.size) {
      list.push(el("p", { class: "hint" }, `${reach.size} hex${reach.size === 1 ? "" : "es"} in reach: pick one on the map.`));
      // The same destinations as buttons, for the keyboard and screen readers.
      list.push(el("details", { class: "move-list", "data-focus-key": "move-list", open: ui.openFolds.has("move-list") },
        el("summary", { "data-focus-key": "move-list-summary" }, `Move to… (${reach.size})`),
        [...reach.entries()].map(([hex, cmd]) => {
          const p = previewFor(cmd);
          const label = previewLabel(p);
          return el("button", { type: "button", class: "cmd cmd-move", "data-command": "move", "data-hex": hex, "data-focus-key": commandKey(cmd), onclick: () => propose(cmd) },
            `${hex} (${terrainOf(hex)})${label ? ` — ${label}` : ""}`);
        })));
      if (mayAssaultOnCollision()) {
        list.push(el("label", { class: "collision-assault" },
          el("input", { type: "checkbox", "data-field": "assault-on-collision", checked: ui.assaultOnCollision, onchange: (e) => { ui.assaultOnCollision = e.target.checked; render(); } }),
          " assault any hidden enemy we run into (leader-led, 18.7)"));
      }
    }
    for (const c of commands) {
      if (c.type === "move" || c.type === "opportunity_fire") continue;
      // Moves, fire and assaults with exactly the picked units; other commands (activate,
      // recover, load...) for any of them.
      if (["exit", ...ATTACK_TYPES].includes(c.type) && !actsWith(c, ui.picked) && !joinsFromElsewhere(c, ui.picked, ctx.hexOf)) continue;
      const p = previewFor(c);
      const label = describeCommand(c, nameOf, ctx) + (p && previewLabel(p) ? ` — ${previewLabel(p)}` : "");
      list.push(commandButton(ctx, c, label));
    }
    if (hasGroupMoves(commands, ui.picked[0]) && ui.picked.length === 1) {
      list.push(el("p", { class: "hint" }, "Open the stack (click it, or t) to move or fire with several counters."));
    }
  }
  // The units still to place or to enter stay in sight while others are picked: a unit due
  // this turn is lost if the phase ends before it enters (D-SETUP-1; 4.7).
  list.push(...waitingUnits(ctx));
  fillKept(document.getElementById("unit-actions"), list);
  const toggle = document.getElementById("sheet-toggle");
  if (toggle) setSheetOpen(toggle.getAttribute("aria-expanded") === "true"); // the bar's count
}

const FOLD_OVER = 4; // more commands of one type than this on the bar fold into a list

/** The bar's commands, those of a type with many (an aircraft's strikes, naval gunfire) folded under one summary. */
function foldedByType(ctx, cmds) {
  const byType = new Map();
  for (const c of cmds) byType.set(c.type, [...(byType.get(c.type) ?? []), c]);
  return [...byType.entries()].flatMap(([type, list]) => {
    const label = (c) => {
      const p = ctx.previewFor(c);
      return describeCommand(c, ctx.nameOf, ctx) + (p && previewLabel(p) ? ` — ${previewLabel(p)}` : "");
    };
    if (list.length <= FOLD_OVER) return list.map((c) => commandButton(ctx, c, label(c)));
    const key = `fold:${type}`;
    return [el("details", { class: "bar-fold", "data-focus-key": key, open: ctx.ui.openFolds.has(key) },
      el("summary", { "data-focus-key": `summary:${key}` }, `${describeCommand(list[0], ctx.nameOf, ctx).split(/[:(]/)[0].trim()}… (${list.length})`),
      list.map((c) => commandButton(ctx, c, label(c))))];
  });
}

/**
 * The acting seat's open activation: every counter it activated that still has something to
 * do, by hex, each hex a button picking its counters that move together. Those not picked
 * stay in sight, so none loses its activation unseen (3.1).
 */
function activatedUnits(ctx) {
  const { ui, view, groups, nameOf, setPicks, hexOf } = ctx;
  const a = view()?.activation;
  if (!a || a.seat !== ui.acting || (a.units ?? []).length < 2) return [];
  const commands = allCommands(groups());
  const open = stillToAct(a, commands, hexOf);
  if (!open.length) return [];
  const picked = (units) => units.length && units.every((id) => ui.picked.includes(id));
  return [el("p", { class: "hint" }, "Activated, still to act:"),
    ...open.map(({ hex, units }) => {
      const picks = pickTogether(units, commands, units.includes(a.leader) ? a.leader : units[0]);
      return el("button", { type: "button", class: "cmd cmd-activated", "data-hex": hex, "data-focus-key": `activated:${hex}`, "aria-pressed": picked(picks) ? "true" : "false", onclick: () => setPicks(picks) },
        `${units.map(nameOf).join(", ")}${hex ? ` (${hex})` : ""}`);
    })];
}

/** Own units off the map with something to do (reinforcements due to enter): a button picks one. */
function waitingUnits(ctx) {
  const { view, canAct, nameOf, setPicks } = ctx;
  const off = Object.values(view()?.units ?? {}).filter((u) => u.own && !u.hex && !u.carried_by && !u.eliminated && !u.exited && canAct(u.id));
  if (!off.length) return [];
  const areas = view()?.setup_areas;
  if (Array.isArray(areas)) { // the set-up (D-SETUP-1): the tray of units still to place
    const areaOf = (id) => areas.find((a) => (a.units ?? []).includes(id))?.name ?? "";
    return [el("p", { class: "hint" }, "To place: pick one, then a shaded hex of its set-up area."),
      el("div", { class: "setup-tray", "data-tray": "setup" }, off.map((u) => el("button", { type: "button", class: "cmd cmd-place", "data-unit": u.id, "data-focus-key": `place:${u.id}`, onclick: () => setPicks([u.id]) }, `${nameOf(u.id)}${areaOf(u.id) ? ` (${areaOf(u.id)})` : ""}`)))];
  }
  const lost = lostOnEnding(ctx);
  return [el("p", { class: "hint" }, "Waiting to enter: pick one, then a lit entry hex."),
    ...off.map((u) => el("button", { type: "button", class: `cmd cmd-enter${lost.has(u.id) ? " cmd-due" : ""}`, "data-unit": u.id, "data-focus-key": `enter:${u.id}`, onclick: () => setPicks([u.id]) },
      `${nameOf(u.id)} (enters turn ${u.entry_turn ?? "?"}${lost.has(u.id) ? ": eliminated if the phase ends before it enters" : ""})`))];
}

/** The units the server says ending the phase now eliminates (its end-phase preview). */
function lostOnEnding(ctx) {
  const end = ctx.groups().end_phase?.[0];
  const p = end ? ctx.previewFor(end) : null;
  return new Set((p?.eliminates ?? []).flatMap((x) => x.units));
}

/**
 * The phone's bottom sheet folds to one bar so the whole map shows; it opens by itself when
 * there is something to confirm. On a wide screen the bar is not shown and nothing folds.
 */
export function setSheetOpen(open) {
  const panel = document.querySelector(".action-panel");
  const toggle = document.getElementById("sheet-toggle");
  if (!panel || !toggle) return;
  panel.classList.toggle("sheet-folded", !open);
  toggle.setAttribute("aria-expanded", String(open));
  toggle.textContent = open ? "Hide the actions ▾" : `Show the actions ▴${sheetCount()}`;
}

function sheetCount() {
  const n = document.querySelectorAll("#sheet-body button.cmd").length;
  return n ? ` (${n})` : "";
}

/** An odds line's value, linked to the reference row it cites (the same words either way). */
function oddsValue(key, value) {
  const id = referenceRow(key, value);
  return id ? referenceLink(id, value) : value;
}

function oddsBlock(rows, chances, caption) {
  return [
    rows.length ? el("dl", { class: "odds-rows" }, rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, oddsValue(k, v))])) : null,
    chances.length ? el("table", { class: "odds-table" },
      el("caption", {}, caption),
      el("tbody", {}, chances.map(([r, pc]) => el("tr", {}, el("th", { scope: "row" }, r), el("td", {}, pc))))) : null,
  ];
}

// What confirming does, for the commands that are not moves of the game.
const HINTS = {
  resign: "Your side loses the game at once. This cannot be taken back.",
  offer_draw: "Every seat of your side agrees first; then the other side may accept.",
  accept_draw: "The game is drawn once every player has said yes.",
  decline_draw: "The offer is gone for everyone who saw it.",
  abort: "The game ends now, with no winner and no rating change.",
};

/** What the confirm says of taking the command back: a move that shows nothing new may be undone (D-UNDO-1). */
export function takingBack(type, ruleset) {
  if (HINTS[type]) return HINTS[type];
  if (type === "move" && movesMayBeUndone(ruleset)) return "If the move shows you nothing new, Undo last move takes it back; otherwise it stands.";
  return "This cannot be taken back.";
}

/** The proposed command with the server's odds, waiting for Confirm. */
export function drawConfirm(ctx) {
  const { ui, nameOf, previewFor } = ctx;
  const box = document.getElementById("confirm");
  const p = ui.proposal;
  // A new proposal (the box was closed, or held another command) takes the focus.
  const key = p ? commandKey(p.command) : "";
  const opening = Boolean(p) && (box.hidden || box.dataset.proposal !== key);
  box.dataset.proposal = key;
  box.hidden = !p;
  box.classList.toggle("confirm-resign", p?.command?.type === "resign");
  if (!p) return;
  // A folded phone sheet opens for a proposal: the confirm is always in reach.
  if (opening) setSheetOpen(true);
  // Enter confirms from anywhere; focus on the button also serves the keyboard and readers.
  if (opening) {
    box.querySelector(".btn-confirm")?.focus({ preventScroll: true });
    box.scrollIntoView?.({ block: "nearest" });
  }
  box.querySelector('[data-field="text"]').textContent = describeCommand(p.command, nameOf, ctx);
  const preview = previewFor(p.command);
  const { rows, chances, sections } = explainPreview(preview, nameOf, ctx.sideName);
  fill(
    box.querySelector('[data-field="odds"]'),
    oddsBlock(rows, chances, "Chance of each result"),
    // A formation's counters after its roll's chance: a long list does not push it out of sight.
    oddsBlock(formationUnitsRow(p.command, nameOf), [], ""),
    sections.map((s) => el("div", { class: "odds-section" }, el("h4", {}, s.title), oddsBlock(s.rows, s.chances, "Chance of each result"))),
    !preview && ["fire", "bombard", "assault", "opportunity_fire", "air_strike"].includes(p.command.type) ? el("p", { class: "hint" }, "Odds loading…") : null,
    !preview && p.command.type === "move" ? el("p", { class: "hint" }, "Cost loading…") : null,
    !preview && p.command.type === "end_phase" && (ctx.view()?.previewed ?? []).includes("end_phase") ? el("p", { class: "hint" }, "Checking what ending the phase does…") : null,
    !preview && p.command.kind === "formation" && (ctx.view()?.previewed ?? []).includes("activate") ? el("p", { class: "hint" }, "Working out the roll…") : null,
    el("p", { class: "hint" }, takingBack(p.command.type, ctx.boot?.ruleset)),
  );
}

