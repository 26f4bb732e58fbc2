// The replay page: every step of an ended game, from one side's view or the full view.
// The history (views and events per step) comes from the server, filtered per audience.

import { Board } from "../board/board.js";
import { el, fill, getJson } from "./dom.js";
import { historyLoader } from "./history.js";
import { describeCommand } from "./legal.js";
import { playerWords } from "./sentences.js";
import { unitName } from "../board/faces.js";
import { renderBanner, renderTextView, renderUnitPanel, showDice } from "./panels.js";
import { clockColours, clockFaces } from "../ui/clocks.js";
import { answerWords } from "../ui/order_answers.js";
import { openOnCounters } from "./opening.js";

const boot = JSON.parse(document.getElementById("pg-boot").textContent);
const $ = (id) => document.getElementById(id);
const sideNames = Object.fromEntries(boot.sides.map((s) => [s.id, s.name]));
const sideName = (id) => sideNames[id] ?? id ?? "";
const hexIndex = new Map(boot.map.hexes.map((h) => [h.hex, h]));
const terrainOf = (label) => hexIndex.get(label)?.terrain?.replace(/_/g, " ") ?? "unknown";

const state = { steps: [], at: 0, opened: false, selected: null, clockLines: new Map(), drawings: [], answered: {}, plansSide: "" };
const colours = clockColours(boot);
const board = new Board($("board"), { map: boot.map, types: boot.types, faces: boot.faces, sideName, onIntent });
window.pgweb = { board, state };

function view() {
  return state.steps[state.at]?.view ?? null;
}

function unitById(id) {
  return view()?.units?.[id] ?? null;
}

function nameOf(id) {
  const u = unitById(id);
  const f = boot.faces ?? {};
  const named = f.units?.[id]?.name ?? f.aircraft?.[id]?.name ?? f.navies?.[id]?.name;
  if (named) return named;
  if (u && !u.name) return unitName(u, f, u.hidden ? "a face-down counter" : "a unit");
  const n = /-(\d+)$/.exec(String(id));
  return u?.name ? `${u.name}${n ? ` ${n[1]}` : ""}` : String(id);
}

// This game's sentences, every counter id named as the board names it (sentences.js).
const formationName = (id) => boot.faces?.formations?.[id] ?? "the formation"; // as the scenario card prints it
const words = playerWords({ ruleset: boot.ruleset, nameOf, sideName: (id) => sideName(id), formationName, ids: () => [...Object.keys(view()?.units ?? {}), ...Object.keys(boot.faces?.units ?? {})] });

function onIntent(intent) {
  if (intent.kind === "unit") {
    state.selected = intent.unit;
    board.select(intent.unit);
    draw();
  }
}

const history = historyLoader(boot.api);

async function load(audience) {
  const got = await history(audience);
  if (got === null) return; // another audience was picked since: its answer draws
  if (got.failed) {
    $("notice").textContent = "The replay opens when the game has ended.";
    return;
  }
  const keep = state.at;
  state.steps = got.steps;
  if (state.steps.some((s) => s.view?.clocks) && !state.clockLines.size) await loadClockLines();
  $("step").max = String(Math.max(0, state.steps.length - 1));
  go(Math.min(keep, state.steps.length - 1));
}

/** The clocks' log lines (flags, more time, take-overs, vacations), by the version they follow. */
async function loadClockLines() {
  const answer = await getJson(`${boot.api}/clock?events=all`);
  for (const event of answer?.events ?? []) {
    if (!state.clockLines.has(event.v)) state.clockLines.set(event.v, []);
    state.clockLines.get(event.v).push(event);
  }
}

/** Each side's time left when this step was made, and what happened to the clocks after it. */
function drawClocks(step) {
  const reading = step.view?.clocks;
  const root = $("clocks");
  root.hidden = !reading;
  if (!reading) return;
  const faces = clockFaces(reading, Date.parse(reading.at), { sides: boot.sides, sideName, colours, frozen: true });
  const when = el("span", { class: "clock-label", "data-field": "at" }, `${reading.label} · ${new Date(reading.at).toISOString().slice(0, 16).replace("T", " ")} UTC`);
  fill(root, when, faces);
}

function clockLinesAfter(version) {
  return (state.clockLines.get(version) ?? []).map((e) => el("li", { class: `ev ev-clock ev-clock-${e.kind}` }, e.text));
}

/** Each side's drawings and the windows its standing orders answered (games/planning): after
 * the end, every side's are open to whoever may watch the replay. */
async function loadPlans() {
  const [drawn, orders] = await Promise.all([getJson(`${boot.api}/drawings`), getJson(`${boot.api}/orders`)]);
  state.drawings = drawn?.drawings ?? [];
  state.answered = Object.fromEntries(Object.entries(orders?.sides ?? {}).map(([side, o]) => [side, o.answered ?? []]));
  draw();
}

/** The chosen side's drawings of this step's turn, and its order's line for this version. */
function drawPlans(step, v) {
  const side = state.plansSide;
  board.setDrawings(side ? state.drawings.filter((d) => d.side === side && d.turn === v.turn) : []);
  const lines = side ? (state.answered[side] ?? []).filter((a) => a.v === step.version) : [];
  const said = { faces: boot.faces, nameOf, named: words.text, side: sideName(side) };
  return lines.map((a) => el("li", { class: "ev ev-orders" }, answerWords(a, said)));
}

function go(i) {
  state.at = Math.max(0, Math.min(i, state.steps.length - 1));
  $("step").value = String(state.at);
  draw();
  const events = state.steps[state.at]?.events ?? [];
  showDice($("dice"), events.flatMap((e) => words.dice(e)), { animate: false });
}

function draw() {
  const step = state.steps[state.at];
  const v = view();
  if (!step || !v) return;
  board.setView(v);
  if (!state.opened) {
    state.opened = true;
    openOnCounters(board, v);
  }
  renderBanner($("turn-banner"), v, null, sideName);
  $("step-label").textContent = `Step ${state.at + 1} of ${state.steps.length} (version ${step.version})`;
  $("step-command").textContent = step.command ? `${step.seat ?? ""}: ${describeCommand(step.command, nameOf, { formationName })}` : "The game begins.";
  const orderLines = drawPlans(step, v);
  fill($("log"), orderLines, (step.events ?? []).map((e) => el("li", { class: `ev ev-${e.type}` }, words.describe(e))), clockLinesAfter(step.version));
  drawClocks(step);
  const u = state.selected ? unitById(state.selected) : null;
  renderUnitPanel($("unit-panel"), u, u ? boot.types[u.type] : null, { sideName });
  renderTextView($("text-view"), v, boot.types, sideName, terrainOf);
}

document.querySelector(".replay-controls").addEventListener("click", (e) => {
  const step = e.target.closest("[data-step]")?.dataset.step;
  if (!step) return;
  go({ first: 0, prev: state.at - 1, next: state.at + 1, last: state.steps.length - 1 }[step]);
});
$("step").addEventListener("input", (e) => go(Number(e.target.value)));
$("audience").addEventListener("change", (e) => load(e.target.value));
$("plans-side").addEventListener("change", (e) => {
  state.plansSide = e.target.value;
  draw();
});
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
  const to = { ArrowRight: state.at + 1, ArrowLeft: state.at - 1, Home: 0, End: state.steps.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault(); // the keys step through the game; they do not scroll the page
  go(to);
});

load("full");
loadPlans();
