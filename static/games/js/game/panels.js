// The panels around the board: turn banner, unit details, dice (seats: seats.js; the text
// view: textview.js).
// Each takes plain data and draws with textContent; none keeps state of its own.

import { chipLooks, valuesInWords } from "../board/counters.js";
import { el, fill } from "./dom.js";
import { genericName } from "./textview.js";
import { PHASES, phaseName } from "../ui/phases.js";
import { resultWords } from "../ui/results.js";
import { seatHolder, seatWord } from "../ui/seat_words.js";

// The text view lives in textview.js; the replay page reads it from here.
export { genericName, renderTextView } from "./textview.js";


// What a player does in each phase of a turn where one side plays a whole player turn.
const PHASE_HINTS = {
  setup: "place each unit of your set-up areas, then finish setting up",
  combat: "fire and order indirect fire, then end the phase",
  air: "fly your aircraft's strikes, then end the phase",
  move_vehicles: "move, load and overrun with your vehicles, then end the phase",
  move_foot: "move your units on foot, then end the phase",
  assault: "close assault, then end the phase",
};

/** The phase in words: "Combat phase"; with the side whose player turn it is, where the view says ("Allied: Combat phase"). */
export function phaseWords(view, sideName = (id) => id) {
  const phase = phaseName(view.phase);
  return view.active && view.pending !== undefined ? `${sideName(view.active)} player turn: ${phase}` : phase;
}

/** A window the other side opened (opportunity fire at a mover, anti-aircraft fire), in words. */
function windowWords(view, mine, sideName, nameOf) {
  const p = view.pending;
  const who = sideName(view.to_act);
  if (p.aircraft?.length) {
    const planes = p.aircraft.map(nameOf).join(", ");
    return mine ? `Your move: anti-aircraft fire at ${planes}, or decline` : `${who} may fire anti-aircraft guns at ${planes}`;
  }
  const mover = p.mover ? nameOf(p.mover) : "the mover";
  const hex = (Array.isArray(view.units) ? view.units.find((u) => u.id === p.mover) : view.units?.[p.mover])?.hex;
  const at = hex ? ` in ${hex}` : "";
  return mine ? `Your move: opportunity fire at ${mover}${at}, or decline` : `${who} may opportunity-fire at ${mover}${at}`;
}

/** The banner's segment: of this turn where the view says it (Panzer Grenadier), else the game's. */
export function segmentWords(view) {
  const n = view.turn_segment !== undefined ? view.turn_segment : view.segment;
  return n ? `, segment ${n}` : "";
}

/** Who of a side acts, for a team game's banner, from the seats ({id, side, user}: the
 * page's roster): "Your partner erin", "German: erin"; the side's name alone where it has one
 * seat, or every seat of it may act. `acting`: the acting seat ids (the view's `may_act`). */
export function actorWords(side, acting, seat, sideName, seats = []) {
  const ofSide = seats.filter((s) => s.side === side);
  const who = ofSide.filter((s) => acting.includes(s.id) && s.id !== seat);
  if (ofSide.length < 2 || !who.length || who.length === ofSide.length) return sideName(side);
  const names = who.map((s) => seatHolder(seats, s));
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  const mine = seats.find((s) => s.id === seat)?.side;
  return side === mine ? `Your partner${names.length > 1 ? "s" : ""} ${list}` : `${sideName(side)}: ${list}`;
}

/** Whose segment and what the viewer may do, in words ({text, mine}); `seats` (team games:
 * the page's roster) names the seat acting. */
export function whoseMove(view, seat, sideName, nameOf = (id) => id, seats = []) {
  if (!view) return { text: "", mine: false };
  if (view.result || view.phase === "ended") return { text: capital(resultWords(view.result).reason) || "The game has ended.", mine: false };
  const mayAct = view.may_act ?? [];
  const mine = Boolean(seat && mayAct.includes(seat));
  const who = (side, acting = mayAct) => actorWords(side, acting, seat, sideName, seats);
  if (view.pending) return { text: windowWords(view, mine, sideName, nameOf), mine };
  if (view.pending !== undefined && view.to_act) {
    // A whole player turn, phase by phase (Panzer Leader's sequence of play).
    const hint = PHASE_HINTS[view.phase] ?? "act, then end the phase";
    return { text: mine ? `Your move: ${hint}` : `${who(view.to_act)} is playing: ${(PHASES[view.phase] ?? view.phase).toLowerCase()}`, mine };
  }
  if (view.opfire) {
    const side = sideName(view.opfire.side);
    const at = view.opfire.hex;
    // Under hidden information a side is asked whenever it sees a mover, shot or not (18.0).
    const shots = (view.legal?.[seat]?.opportunity_fire ?? []).length;
    const yours = shots ? `Your move: opportunity fire at the mover in ${at}, or decline` : `Your move: no shot at the mover in ${at}; decline to let it move on`;
    return { text: mine ? yours : `${side} may fire at the mover in ${at}`, mine };
  }
  if (view.phase === "setup") { // placing the units of set-up areas before turn 1 (D-SETUP-1)
    const placing = view.active_side ? sideName(view.active_side) : "A side";
    return { text: mine ? "Your move: place your units in your shaded set-up areas, then finish setting up" : `${placing} is setting up`, mine };
  }
  if (view.phase === "initiative") return { text: mine ? "Your move: roll for initiative" : "Waiting for the initiative roll", mine };
  const active = view.active_side ? sideName(view.active_side) : null;
  if (view.activation) {
    const acting = view.activation.seat ? [view.activation.seat] : mayAct;
    return { text: mine ? "Your move: act with the activated units, then end the activation" : `${who(view.activation.side, acting)} is acting`, mine };
  }
  return { text: mine ? "Your move: activate a unit or stack, or pass" : active ? `${active}'s action segment` : "Waiting", mine };
}

const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/**
 * For a team player who may not act while a partner does: who is acting and, when all their
 * own units are still to arrive, when they do ("Your partner gina is acting; your units arrive
 * on turn 2."). Null when the player may act, or no partner is acting. `commanders`: own unit
 * id -> its seat (the view's, or the page's).
 */
export function partnerActing(view, seat, seats = [], commanders = {}) {
  if (!view || !seat || view.result || (view.may_act ?? []).includes(seat)) return null;
  const side = seats.find((s) => s.id === seat)?.side;
  const partners = seats.filter((s) => s.side === side && s.id !== seat && (view.may_act ?? []).includes(s.id));
  if (!side || !partners.length) return null;
  const names = partners.map((s) => seatHolder(seats, s));
  const line = `Your partner${names.length > 1 ? "s" : ""} ${names.join(" and ")} ${names.length > 1 ? "are" : "is"} acting`;
  const dealt = Object.keys(commanders).length > 0; // a team game's units are dealt to seats
  const mineNow = Object.values(view.units ?? {}).filter((u) => u.own && (dealt ? commanders[u.id] === seat : true) && !u.eliminated && !u.exited);
  const arriving = mineNow.filter((u) => !u.hex && !u.carried_by && Number(u.entry_turn) > Number(view.turn));
  if (mineNow.length && arriving.length === mineNow.length) {
    return `${line}; your units arrive on turn ${Math.min(...arriving.map((u) => Number(u.entry_turn)))}.`;
  }
  return `${line}.`;
}

/** Who commands an own-side counter in a team game, in words ("you", "your partner gina
 * (A2)"); null where the page does not know (an enemy counter, a one-seat side). */
export function commanderWords(unitId, seat, seats = [], commanders = {}) {
  const commander = commanders[unitId];
  if (!commander || !seats.some((s) => s.id !== commander && s.side === seats.find((x) => x.id === commander)?.side)) return null;
  if (commander === seat) return "you";
  const s = seats.find((x) => x.id === commander);
  return `your partner ${s?.user ?? "(an empty seat)"} (${seatWord(seats, commander)})`;
}

export function renderBanner(root, view, seat, sideName, nameOf = (id) => id, seats = []) {
  const field = (name) => root.querySelector(`[data-field="${name}"]`);
  if (!view) return;
  field("turn").textContent = `Turn ${view.turn} of ${view.last_turn ?? view.turns}${view.night ? " (night)" : ""}`;
  field("phase").textContent = `${phaseWords(view, sideName)}${segmentWords(view)}`;
  fill(field("initiative"), view.initiative?.side ? `Initiative: ${sideName(view.initiative.side)}` : null);
  const whose = whoseMove(view, seat, sideName, nameOf, seats);
  field("whose").textContent = whose.text;
  root.classList.toggle("your-move", whose.mine);
  root.classList.toggle("game-over", Boolean(view.result));
  // The result as the server words it (games/results.py): "Game over: German wins", "Game aborted".
  if (view.result) field("phase").textContent = resultWords(view.result).title;
}

/** The selected counter's details: name, side, hex, every printed value, its state. */
export function renderUnitPanel(root, unit, type, { sideName, nameOf = (id) => id, carried = [], commands = 0, looks = null, commander = null } = {}) {
  const heading = root.querySelector("h2");
  if (!unit) {
    fill(root, heading, el("p", { class: "empty" }, "Select a counter."));
    return;
  }
  const entering = unit.entry_edge ? ` (${unit.entry_edge} edge)` : unit.entry?.length ? ` at ${unit.entry.join(", ")}` : "";
  const rows = [
    ["side", sideName(unit.side)],
    ...(commander ? [["commanded by", commander]] : []), // a team game's own side (commanderWords)
    ["hex", unit.hex ?? (unit.entry_turn ? `enters on turn ${unit.entry_turn}${entering}` : "off the map")],
    ...(unit.steps !== undefined || (unit.detail && unit.detail !== "exact") ? [["steps", unit.steps !== undefined ? String(unit.steps) : "unknown"]] : []),
    ["status", unit.status === "ok" ? "in good order" : unit.status ?? "unknown"],
    ...valuesInWords(unit, type),
  ];
  const marks = chipLooks(unit).map((c) => c.title);
  if (marks.length) rows.push(["markers", marks.join(", ")]);
  if (unit.order?.hex) rows.push(["fire ordered", `on ${unit.order.hex} for turn ${unit.order.turn}`]);
  if (unit.detail && unit.detail !== "exact") rows.push(["what you know", unit.detail.replace(/_/g, " ")]);
  if (Number(unit.stack) > 1) rows.push(["counters in the stack", String(unit.stack)]);
  if (unit.detail === "last_known") rows.push(["last seen", `turn ${unit.turn ?? "?"}`]);
  if (carried.length) rows.push(["carrying", carried.map((u) => nameOf(u.id)).join(", ")]);
  fill(
    root,
    heading,
    el("p", { class: "unit-title" }, el("strong", {}, unit.detail === "leader" ? "A leader" : unit.name || unit.type ? nameOf(unit.id) : unit.marker ? genericName(unit.marker) : unit.hidden ? "A face-down counter" : "Unknown unit")),
    el("dl", { class: "unit-facts" }, rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])),
    unit.own && commands ? el("p", { class: "hint" }, `${commands} legal command${commands === 1 ? "" : "s"}: pick a highlighted hex or a button.`) : null,
  );
}

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

const DICE_SHOWN_MS = 4500; // long enough to read, short enough not to cover the counters
let diceTimer = null;

/**
 * Show what was rolled, one row per roll ({label, dice, total, colour?}): where both sides
 * roll, each side's row in its colour with its dice and total. The tray goes away by itself
 * after a few seconds (the log keeps every roll).
 */
export function showDice(root, rolls, { animate = true, shownMs = DICE_SHOWN_MS } = {}) {
  if (!rolls.length) return;
  const rows = rolls.map(({ label, dice, total, colour }) =>
    el("div", { class: `dice-group${colour ? " side-coloured" : ""}`, style: colour ? `--side-fill: ${colour.fill}; --side-edge: ${colour.edge}` : null },
      el("span", { class: "dice-label" }, label),
      dice.map((d) => el("span", { class: `die${animate ? " rolling" : ""}`, "data-value": d, title: String(d) }, FACES[d - 1] ?? String(d))),
      el("span", { class: "dice-total" }, `= ${total ?? dice.reduce((a, b) => a + b, 0)}`)));
  fill(root, rows);
  root.hidden = false;
  root.classList.remove("gone");
  clearTimeout(diceTimer);
  diceTimer = setTimeout(() => root.classList.add("gone"), shownMs);
  if (animate) setTimeout(() => root.querySelectorAll(".rolling").forEach((d) => d.classList.remove("rolling")), 700);
}

/** Razvedka reports of this turn (18.10): the unit types found in hexes the side cannot see. */
export function renderReports(root, reports) {
  if (!root) return;
  const list = Array.isArray(reports) ? reports : [];
  root.hidden = list.length === 0;
  fill(
    root.querySelector("ul") ?? root,
    list.map((r) => el("li", { "data-hex": r.hex },
      `${r.hex}: ${(r.types ?? []).map(genericName).join(", ") || "units"}${r.count ? ` (${r.count} counters)` : ""}`)),
  );
}
