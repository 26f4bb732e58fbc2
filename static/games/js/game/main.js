// The game page: store + socket + board + panels, and the player's choices between them.
//
// The page knows geometry and the legal commands the view carries; every rule's answer
// (what is legal, what it costs, the odds) comes from the server. A command is proposed,
// explained, confirmed, then sent; the view that comes back is the truth.

import { Board } from "../board/board.js";
import { listUnits } from "../board/layers.js";
import { gameSocketUrl } from "../protocol.js";
import { GameSocket, Status } from "../socket.js";
import { Store } from "../store.js";
import { chatChannels, createChat } from "./chat.js";
import { el, fill, getJson } from "./dom.js";
import {
  SHORTCUTS, boardOptions, describeCommand, globalCommands, hasGroupMoves, sameCommand, seatGroups, unitCommands,
  unitsWithCommands,
} from "./legal.js";
import { describeEvent, diceOf } from "./log.js";
import { explainPreview, previewLabel } from "./odds.js";
import { renderBanner, renderReports, renderSeats, renderTextView, renderUnitPanel, showDice } from "./panels.js";

const boot = JSON.parse(document.getElementById("pg-boot").textContent);
const $ = (id) => document.getElementById(id);

const hexIndex = new Map(boot.map.hexes.map((h) => [h.hex, h]));
const sideNames = Object.fromEntries(boot.sides.map((s) => [s.id, s.name]));
const sideName = (id) => sideNames[id] ?? id ?? "";
const terrainOf = (label) => {
  const h = hexIndex.get(label);
  return h ? `${h.terrain.replace(/_/g, " ")}${h.elevation ? `, elevation ${h.elevation}` : ""}` : "unknown";
};

const ui = {
  selected: null, // unit id
  together: false, // move the selected unit's hex together
  assaultOnCollision: false, // double-blind: a leader-led move assaults the enemy it runs into
  proposal: null, // {command, preview}
  previews: new Map(), // `${version}:${unit}` -> [{command, cost|odds}]
  hoverHex: null,
  moveListOpen: false,
  seats: [],
  presence: null,
};

const store = new Store();
// A coach watching one side (?side=) asks the socket for that side's view.
const coachSide = boot.seat ? null : new URLSearchParams(window.location.search).get("side");
const socket = new GameSocket({ url: gameSocketUrl(boot.game, window.location, null, { side: coachSide }), store });
const board = new Board($("board"), { map: boot.map, types: boot.types, onIntent });
window.pgweb = { store, socket, board, ui }; // for tests and the console

function view() {
  return store.view;
}

function units() {
  const v = view();
  return v?.units ?? {};
}

function unitById(id) {
  const all = units();
  return Array.isArray(all) ? all.find((u) => u.id === id) : all[id];
}

function nameOf(id) {
  const u = unitById(id);
  if (!u) return String(id);
  const n = /-(\d+)$/.exec(u.id);
  return u.name ? `${u.name}${n ? ` ${n[1]}` : ""}` : u.marker ?? String(id);
}

function groups() {
  return seatGroups(view(), boot.seat);
}

// -- selection, options, proposals ---------------------------------------------------------

function selectedCommands() {
  const u = ui.selected ? unitById(ui.selected) : null;
  return u && u.own ? unitCommands(groups(), u) : [];
}

function previewFor(command) {
  const list = ui.previews.get(`${store.version}:${ui.selected}`) ?? [];
  return list.find((p) => sameCommand(p.command, command)) ?? null;
}

async function loadPreviews(unitId) {
  const key = `${store.version}:${unitId}`;
  if (!boot.seat || ui.previews.has(key)) return;
  ui.previews.set(key, []);
  const answer = await getJson(`${boot.api}/preview?unit=${encodeURIComponent(unitId)}`);
  if (answer && answer.v === store.version) {
    ui.previews.set(key, answer.previews);
    if (ui.selected === unitId) render();
  } else {
    ui.previews.delete(key);
  }
}

function select(unitId) {
  ui.selected = unitId;
  ui.proposal = null;
  ui.together = false;
  board.select(unitId);
  const u = unitId ? unitById(unitId) : null;
  if (u?.own && selectedCommands().some((c) => ["move", "exit", "fire", "bombard", "assault", "opportunity_fire"].includes(c.type))) {
    loadPreviews(unitId);
  }
  render();
}

function propose(command) {
  ui.proposal = { command };
  render();
}

/** Double-blind and a leader in the activation: a move may assault what it collides with (18.7). */
function mayAssaultOnCollision() {
  const v = view();
  if (!v || !Array.isArray(v.ops)) return false;
  const a = v.activation;
  if (!a || a.seat !== boot.seat) return false;
  return [a.leader, ...(a.units ?? [])].some((id) => id && unitById(id)?.own && unitById(id)?.leader);
}

function confirm() {
  const p = ui.proposal;
  if (!p) return;
  ui.proposal = null;
  if (p.command.type === "move" && ui.assaultOnCollision && mayAssaultOnCollision()) {
    p.command = { ...p.command, assault_on_collision: true };
  }
  try {
    socket.sendCommand(p.command);
    notice(`Sent: ${describeCommand(p.command, nameOf)}`);
  } catch (error) {
    notice(`Not sent: ${error.message}`);
  }
  render();
}

function cancel() {
  if (ui.proposal) ui.proposal = null;
  else select(null);
  render();
}

function onIntent(intent) {
  const v = view();
  if (!v) return;
  const opts = options();
  if (intent.kind === "unit") {
    const u = unitById(intent.unit);
    // An enemy counter in a target hex of the selected unit is a target, not a selection.
    if (u && !u.own && ui.selected && opts.targets.has(intent.hex)) return onHex(intent.hex, opts);
    if (u && u.own && ui.selected && ui.selected !== u.id && opts.moves.has(intent.hex)) return onHex(intent.hex, opts);
    return select(intent.unit);
  }
  if (intent.kind === "hex") onHex(intent.hex, opts);
}

function onHex(hex, opts) {
  const move = opts.moves.get(hex);
  if (move) return propose(move);
  const fire = opts.targets.get(hex);
  if (fire?.length) return propose(fire[0]);
  const activate = globalHexActivation(hex);
  if (activate) return propose(activate);
  select(null);
}

function globalHexActivation(hex) {
  return (groups().activate ?? []).find((c) => c.kind === "stack" && c.hex === hex) ?? null;
}

function options() {
  if (!ui.selected) return { moves: new Map(), targets: new Map() };
  return boardOptions(selectedCommands(), ui.selected, { together: ui.together, hexOf: (id) => unitById(id)?.hex ?? null });
}

// -- drawing ---------------------------------------------------------------------------------

let frameAsked = false;
function render() {
  if (frameAsked) return;
  frameAsked = true;
  requestAnimationFrame(() => {
    frameAsked = false;
    draw();
  });
}

function draw() {
  const v = view();
  if (!v) return;
  renderBanner($("turn-banner"), v, boot.seat, sideName);
  $("banner-replay").hidden = !v.result;
  document.title = `${v.may_act?.includes(boot.seat) ? "● Your move — " : ""}pgweb — ${boot.scenario}`;
  const u = ui.selected ? unitById(ui.selected) : null;
  if (ui.selected && !u) ui.selected = null;
  const commands = selectedCommands();
  renderUnitPanel($("unit-panel"), u, u ? boot.types[u.type] : null, {
    sideName,
    carried: listUnits(units()).filter((x) => u && x.carried_by === u.id),
    commands: commands.length,
  });
  drawOverlay(u);
  drawActions(commands);
  drawConfirm();
  drawTextViewSoon();
}

function drawOverlay(u) {
  const opts = options();
  const reach = [...opts.moves.entries()].map(([hex, cmd]) => {
    const p = previewFor(cmd);
    return { hex, cost: p?.cost ?? null, label: p ? previewLabel(p) : `${cmd.path.length} hex${cmd.path.length === 1 ? "" : "es"}` };
  });
  const targets = [...opts.targets.entries()].map(([hex, cmds]) => {
    const p = previewFor(cmds[0]);
    return { hex, kind: cmds[0].type === "assault" ? "assault" : "fire", label: (p && previewLabel(p)) ?? (cmds[0].type === "assault" ? "assault" : "fire") };
  });
  const shown = ui.proposal?.command?.path ?? (ui.hoverHex && opts.moves.get(ui.hoverHex)?.path) ?? [];
  board.setOverlay({ reach, targets, path: shown, from: u?.hex ?? null });
}

function commandButton(cmd, label = describeCommand(cmd, nameOf)) {
  const key = Object.entries(SHORTCUTS).find(([t]) => t === cmd.type)?.[1];
  return el("button", { type: "button", class: `cmd cmd-${cmd.type}`, "data-command": cmd.type, onclick: () => propose(cmd) },
    label, key ? el("kbd", {}, key) : null);
}

function drawActions(commands) {
  const g = groups();
  const buttons = globalCommands(g).map((c) => commandButton(c));
  // Resigning is open to any seat at any time (D-RESIGN-1), so it is not in the legal list;
  // the engine still referees it, and the confirmation says it cannot be taken back.
  if (boot.seat && view() && !view().result) buttons.push(commandButton({ type: "resign" }));
  fill($("global-actions"), buttons);
  const list = [];
  const u = ui.selected ? unitById(ui.selected) : null;
  if (u?.own) {
    const moves = commands.filter((c) => c.type === "move");
    if (moves.length) {
      const reach = options().moves;
      list.push(el("p", { class: "hint" }, `${reach.size} hexes in reach: click one on the map.`));
      // The same destinations as buttons, for the keyboard and screen readers.
      list.push(el("details", { class: "move-list", open: ui.moveListOpen, ontoggle: (e) => { ui.moveListOpen = e.target.open; } },
        el("summary", {}, `Move to… (${reach.size})`),
        [...reach.entries()].map(([hex, cmd]) => {
          const p = previewFor(cmd);
          return el("button", { type: "button", class: "cmd cmd-move", "data-command": "move", "data-hex": hex, onclick: () => propose(cmd) },
            `${hex} (${terrainOf(hex)})${p?.cost ? ` — ${p.cost} MP` : ""}`);
        })));
      if (mayAssaultOnCollision()) {
        list.push(el("label", { class: "collision-assault" },
          el("input", { type: "checkbox", "data-field": "assault-on-collision", checked: ui.assaultOnCollision, onchange: (e) => { ui.assaultOnCollision = e.target.checked; render(); } }),
          " assault any hidden enemy we run into (leader-led, 18.7)"));
      }
      if (hasGroupMoves(commands, u.id)) {
        list.push(el("label", { class: "together" },
          el("input", { type: "checkbox", checked: ui.together, onchange: (e) => { ui.together = e.target.checked; ui.proposal = null; render(); } }),
          " move the whole stack together (t)"));
      }
    }
    for (const c of commands) {
      if (c.type === "move") continue;
      const p = previewFor(c);
      const label = describeCommand(c, nameOf) + (p && previewLabel(p) ? ` — ${previewLabel(p)}` : "");
      list.push(commandButton(c, label));
    }
  } else if (!u) {
    const activations = (g.activate ?? []).slice(0, 0);
    list.push(...activations);
  }
  fill($("unit-actions"), list);
}

function drawConfirm() {
  const box = $("confirm");
  const p = ui.proposal;
  const opening = box.hidden && Boolean(p);
  box.hidden = !p;
  if (!p) return;
  // Enter confirms from anywhere; focus on the button also serves the keyboard and readers.
  if (opening) box.querySelector(".btn-confirm")?.focus({ preventScroll: true });
  box.querySelector('[data-field="text"]').textContent = describeCommand(p.command, nameOf);
  const preview = previewFor(p.command);
  const { rows, chances } = explainPreview(preview);
  fill(
    box.querySelector('[data-field="odds"]'),
    rows.length ? el("dl", { class: "odds-rows" }, rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])) : null,
    chances.length ? el("table", { class: "odds-table" },
      el("caption", {}, "Chance of each result"),
      el("tbody", {}, chances.map(([r, pc]) => el("tr", {}, el("th", { scope: "row" }, r), el("td", {}, pc))))) : null,
    !preview && ["fire", "bombard", "assault", "opportunity_fire"].includes(p.command.type) ? el("p", { class: "hint" }, "Odds loading…") : null,
    el("p", { class: "hint" }, "This cannot be taken back."),
  );
}

let textAsked = false;
function drawTextViewSoon() {
  if (textAsked) return;
  textAsked = true;
  setTimeout(() => {
    textAsked = false;
    renderTextView($("text-view"), view(), boot.types, sideName, terrainOf);
  }, 200);
}

// -- log, dice, notices -------------------------------------------------------------------------

// The log of this game survives a reload of the page (the server sends a reload a snapshot,
// which carries no log); it is kept per game in the tab's session storage.
const LOG_KEY = `pgweb:log:${boot.game}`;
const KEEP = 400;

function savedLog() {
  try {
    return JSON.parse(sessionStorage.getItem(LOG_KEY) ?? "[]");
  } catch {
    return [];
  }
}

function saveLog(entries) {
  try {
    const kept = [...savedLog(), ...entries].slice(-KEEP);
    sessionStorage.setItem(LOG_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the log is only lost on reload.
  }
}

function appendLog(entries) {
  const log = $("log");
  for (const { v, event } of entries) {
    const text = describeEvent(event, { nameOf, sideName });
    log.append(el("li", { class: `ev ev-${event.type}`, "data-v": v }, text));
  }
  while (log.children.length > KEEP) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

function rollDice(entries) {
  const rolls = [];
  for (const { event } of entries) {
    const dice = diceOf(event);
    if (dice) rolls.push({ label: event.purpose ?? event.type.replace(/_/g, " "), dice });
  }
  showDice($("dice"), rolls);
}

let noticeTimer = null;
function notice(text) {
  $("notice").textContent = text;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => ($("notice").textContent = ""), 6000);
}

// -- chat, seats, connection -----------------------------------------------------------------

const chat = createChat({
  tabs: $("chat-tabs"), lines: $("chat-lines"), form: $("chat-form"),
  channels: chatChannels(Boolean(boot.seat)), send: (channel, text) => socket.sendChat(channel, text),
});

async function loadSeats() {
  const game = await getJson(boot.api);
  if (game) {
    ui.seats = game.seats ?? [];
    renderSeats($("seats"), ui.seats, ui.presence);
  }
}

socket.on("status", ({ status }) => {
  const banner = $("conn-banner");
  banner.hidden = status === Status.OPEN;
  banner.textContent = status === Status.CLOSED ? "Disconnected. Reload the page to try again." : status === Status.CONNECTING ? "Connecting…" : "Reconnecting…";
  document.body.classList.toggle("socket-open", status === Status.OPEN);
});
socket.on("reject", ({ code, message }) => notice(`Refused (${code}): ${message}`));
socket.on("ack", () => {});
socket.on("error", ({ code, message }) => notice(`Error (${code}): ${message}`));
socket.on("chat", (d) => chat.add(d));
socket.on("presence", (d) => {
  ui.presence = d;
  renderSeats($("seats"), ui.seats, ui.presence);
  if (!ui.seats.length) loadSeats();
});

let logRestored = false;
let framed = false;
store.subscribe((change) => {
  board.setView(change.view);
  if (!framed && change.view) {
    // A big map opens on the viewer's own counters, close enough to read them.
    framed = true;
    const mine = listUnits(change.view.units).filter((u) => u.own && u.hex).map((u) => u.hex);
    if (mine.length && boot.map.boards.length > 2) board.frame(mine, 18);
  }
  if (!logRestored) {
    // Written once the first view has arrived, so the old lines name their counters.
    logRestored = true;
    appendLog(savedLog().filter((entry) => entry.v <= change.version));
  }
  // Hexes the audience cannot observe, when the server says which (hidden information).
  board.setFog(Array.isArray(change.view?.fog) ? change.view.fog : [], Array.isArray(change.view?.ops) ? change.view.ops : []);
  renderReports($("intel"), change.view?.reports);
  if (change.log.length) {
    appendLog(change.log);
    saveLog(change.log);
    rollDice(change.log);
  }
  if (change.outcome === "snapshot" || change.outcome === "patched") {
    if (ui.proposal && !seatCommandsInclude(ui.proposal.command)) ui.proposal = null;
    for (const key of ui.previews.keys()) if (!key.startsWith(`${change.version}:`)) ui.previews.delete(key);
    if (ui.selected && unitById(ui.selected)?.own) loadPreviews(ui.selected);
  }
  document.body.dataset.version = String(change.version);
  render();
});

function seatCommandsInclude(cmd) {
  return Object.values(groups()).flat().some((c) => sameCommand(c, cmd));
}

// -- keyboard and hover ---------------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
  if (e.key === "Escape") return cancel();
  if (e.key === "Enter" && ui.proposal) {
    e.preventDefault();
    return confirm();
  }
  if (e.key === "+" || e.key === "=") return board.zoom(1.25);
  if (e.key === "-") return board.zoom(0.8);
  if (e.key === "n") {
    // The next own unit with something to do, centred on the map.
    const ids = unitsWithCommands(groups());
    if (!ids.length) return;
    const next = ids[(ids.indexOf(ui.selected) + 1) % ids.length];
    select(next);
    const hex = unitById(next)?.hex;
    if (hex) board.centerOn(hex);
    return;
  }
  if (e.key === "t" && ui.selected) {
    ui.together = !ui.together;
    return render();
  }
  const type = Object.entries(SHORTCUTS).find(([, key]) => key === e.key)?.[0];
  const cmd = type && (groups()[type] ?? [])[0];
  if (cmd) propose(cmd);
});

$("confirm").addEventListener("click", (e) => {
  const action = e.target.closest("[data-action]")?.dataset.action;
  if (action === "confirm") confirm();
  if (action === "cancel") cancel();
});

$("board").addEventListener("pointerover", (e) => {
  const hex = e.target.closest?.(".reach")?.getAttribute("data-hex") ?? null;
  if (hex !== ui.hoverHex) {
    ui.hoverHex = hex;
    if (!ui.proposal) render();
  }
});

if (boot.status === "open") {
  // The snapshot arrives by itself when the last seat is taken.
  document.querySelector('#turn-banner [data-field="turn"]').textContent = "Waiting for every seat to be taken…";
}
// Spectators act on nothing: no actions panel.
document.querySelector(".action-panel").hidden = !boot.seat;
loadSeats();
socket.connect();
