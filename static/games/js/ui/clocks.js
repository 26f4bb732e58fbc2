// Both sides' clocks on the game page, in the side colours, ticking between the server's
// readings (games.clocks). The server is the truth: each version's view carries `clocks`
// (the readings its step made), and GET <api>/clock gives the clocks now with the server's
// time, the time log (system lines every audience sees) and what this player may do about
// a side out of time. Nothing here decides anything: a flag is the server's.

import { sideColours } from "../board/faces.js";
import { csrfToken, el, getJson } from "../game/dom.js";
import { latestOnly } from "../lobby/api.js";
import { fillKept } from "./keyed.js";

const TICK_MS = 250;
const POLL_MS = 15000;
// A colour by side order for a page without the sides' counter colours (boot.faces).
const FALLBACK_COLOURS = ["#4d5a6b", "#9a3b2b", "#5d6b2f", "#6b4d7a"];
const MORE_TIME = { live: [["+1 min", 60], ["+5 min", 300]], correspondence: [["+1 day", 86400], ["+3 days", 259200]] };
const OUTCOME_TEXT = { claim: "Claim the win", wait: "Wait", take_over: "Take over the absent seat", bot: "Let a bot play the seat" };

/**
 * Seconds as a clock face: "4:05", "1:02:03", or "2 d 3 h" past a day. `scale`: the most
 * time of the faces shown side by side, which picks the one format for all of them (a day's
 * clock beside one just under it reads "1 d 0 h" and "0 d 23 h", never beside "23:59:53").
 */
export function formatLeft(seconds, scale = seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  if (Math.max(s, Math.floor(Number(scale) || 0)) >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h || scale >= 3600 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** A side's seconds left at `serverNowMs`: counted down from its deadline while it runs. */
export function secondsLeft(side, serverNowMs) {
  if (side.running && side.deadline) return Math.max(0, (Date.parse(side.deadline) - serverNowMs) / 1000);
  return side.left;
}

/** The newer of two readings (each carries the server time `at` it was taken). */
export function newer(a, b) {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b.at) >= Date.parse(a.at) ? b : a;
}

/** POST JSON to the API with the CSRF token; the answer's JSON, or null (shown as a notice). */
async function post(url, body) {
  try {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
    });
    const answer = await response.json();
    return response.ok ? answer : { refused: answer?.message ?? `refused (${response.status})` };
  } catch {
    return null;
  }
}

/** Each side's colours (board/faces.js), so a clock reads as its side's; a fallback by order. */
export function clockColours(boot) {
  return Object.fromEntries(boot.sides.map((s, i) => {
    const fallback = FALLBACK_COLOURS[i % FALLBACK_COLOURS.length];
    const c = boot.faces?.sides?.[s.id] ? sideColours(boot.faces, s.id) : { fill: fallback, ink: "#ffffff", edge: fallback };
    return [s.id, c];
  }));
}

/**
 * The faces of a reading at `nowMs` (server time): one per side, in the side colours, plus
 * the opportunity-fire window's timer when one is open. `frozen`: a replay's reading, shown
 * as it was (no counting down).
 */
export function clockFaces(reading, nowMs, { sides, mySide = null, sideName, colours, frozen = false }) {
  const shown = sides.filter((s) => reading.sides[s.id]);
  const leftOf = (side) => (frozen ? side.left : secondsLeft(side, nowMs));
  const scale = Math.max(0, ...shown.map((s) => leftOf(reading.sides[s.id]) || 0));
  const faces = shown.map((s) => {
    const side = reading.sides[s.id];
    const left = leftOf(side);
    const state = side.flagged ? "flagged" : side.paused ? "paused" : side.running ? "running" : "stopped";
    const face = el("div", { class: `clock clock-${state}${s.id === mySide ? " clock-mine" : ""}`, "data-side": s.id },
      el("span", { class: "clock-side" }, sideName(s.id)),
      el("span", { class: "clock-face", "data-field": "left" }, side.flagged ? "0:00" : formatLeft(left, scale)),
      el("span", { class: "clock-note" }, side.flagged ? "out of time" : side.paused ? "on vacation" : side.running ? "to decide" : ""));
    // Through the CSSOM: the Content Security Policy forbids style attributes.
    face.style.setProperty("--clock-colour", colours[s.id].edge);
    face.style.setProperty("--clock-fill", colours[s.id].fill);
    face.style.setProperty("--clock-ink", colours[s.id].ink);
    return face;
  });
  if (reading.window) {
    const left = frozen ? reading.window.left : Math.max(0, (Date.parse(reading.window.deadline) - nowMs) / 1000);
    faces.push(el("div", { class: "clock clock-window" }, el("span", { class: "clock-side" }, "Opportunity fire"),
      el("span", { class: "clock-face", "data-field": "window" }, formatLeft(left))));
  }
  return faces;
}

/** When to ask the server again after running clocks reach zero: the sweep flags them
 * within a few seconds (without Redis between the worker and this server no frame comes). */
export function flagChecks(reading, nowMs, afterMs = [1500, 5000, 12000]) {
  const out = [];
  for (const side of Object.values(reading?.sides ?? {})) {
    if (!side.running || !side.deadline || side.flagged) continue;
    const due = Date.parse(side.deadline) - nowMs;
    for (const extra of afterMs) out.push(Math.max(0, due + extra));
  }
  return out.sort((a, b) => a - b);
}

/** Whether a reading shows time running out: a side's clock running, or an open window. */
export function counting(reading) {
  return Boolean(reading && (reading.window || Object.values(reading.sides).some((s) => s.running && s.deadline)));
}

/**
 * Mount the clocks: `root` (a container), `addLine(v, kind, text)` (puts a clock line in the
 * game log, after version v), `boot` (the page's boot data: api, seat, side, sides), `store`
 * (the view store), `sideName(id)`, `socket` (its `clock` frames carry changes made outside
 * a step: a flag, more time, a take-over, a vacation), and `onActFor(seatId)`, called when
 * the player picks which seat to act for (their own, or a partner's they stand in for).
 * `fetch(url)` answers JSON or null; `seatName(seatId)` names a seat in words ("bob, seat 2").
 */
export function mountClocks({ root, addLine, boot, store, sideName, socket = null, onActFor = () => {}, fetch = getJson, seatName = (id) => id }) {
  let reading = null;
  let offsetMs = 0; // server time minus this browser's
  let outcomes = [];
  let actFor = []; // partners' seats this player may act for: [{seat, player, why}]
  let acting = boot.seat; // the seat the board acts for
  const seenEvents = new Set();
  const checks = new Set(); // deadlines already given a flag check
  const colours = clockColours(boot);

  function draw() {
    // Written only when it changes: Chromium takes any write of the attribute, the same
    // value too, as a change of the page's styles, recalculated at the next frame.
    if (root.hidden !== !reading) root.hidden = !reading;
    if (!reading) return;
    const now = Date.now() + offsetMs;
    const faces = clockFaces(reading, now, { sides: boot.sides, mySide: boot.side, sideName, colours });
    // The bar is drawn four times a second and its faces show whole seconds: what shows the
    // same as before stays the same node, so most ticks change nothing on the page (no
    // style, layout or paint) and a focused button keeps the keyboard's focus.
    fillKept(root, [el("span", { class: "clock-label" }, reading.label), ...faces, outcomeBar(), actForBar()]);
  }

  function outcomeBar() {
    // Only while the side is still out of time (a clock frame may lift a flag before the
    // next answer says what this player may do).
    const open = outcomes.filter((o) => reading.sides[o.side]?.flagged);
    if (!open.length) return null;
    const buttons = [];
    for (const { side, outcome, seat } of open) {
      if (outcome === "more_time") {
        for (const [text, seconds] of MORE_TIME[reading.control.kind] ?? []) {
          buttons.push(el("button", { type: "button", class: "clock-outcome", "data-outcome": outcome, "data-side": side, "data-seconds": seconds, onclick: () => decide(outcome, { side, seconds }) }, `Give ${sideName(side)} ${text}`));
        }
        continue;
      }
      const body = seat ? { side, seat } : { side };
      const label = seat ? `${OUTCOME_TEXT[outcome] ?? outcome} (${seatName(seat)})` : OUTCOME_TEXT[outcome] ?? outcome;
      buttons.push(el("button", { type: "button", class: "clock-outcome", "data-outcome": outcome, "data-side": side, "data-seat": seat ?? "", onclick: () => decide(outcome, body) }, label));
    }
    return el("div", { class: "clock-outcomes", role: "group", "aria-label": "A side is out of time" }, buttons);
  }

  /** Which seat the board acts for, when this player stands in for a partner. */
  function actForBar() {
    if (!actFor.length) return null;
    const pick = (seat) => {
      acting = seat;
      onActFor(seat);
      draw();
    };
    const mine = el("button", { type: "button", class: "act-for", "data-seat": boot.seat, "aria-pressed": String(acting === boot.seat), onclick: () => pick(boot.seat) }, "My own seat");
    const theirs = actFor.map((p) => el("button", {
      type: "button", class: "act-for", "data-seat": p.seat, "aria-pressed": String(acting === p.seat), onclick: () => pick(p.seat),
    }, `For ${p.player || seatName(p.seat)} (${p.why === "vacation" ? "on vacation" : "taken over"})`));
    return el("div", { class: "act-for-bar", role: "group", "aria-label": "Act for" }, el("span", { class: "clock-label" }, "Act for:"), mine, theirs);
  }

  async function decide(outcome, body) {
    const answer = await post(`${boot.api}/clock/${outcome}`, body);
    if (answer?.refused) {
      root.dataset.refused = answer.refused;
      root.querySelector(".clock-outcomes")?.append(el("p", { class: "notice", role: "alert" }, answer.refused));
    } else if (answer) {
      take(answer);
    }
  }

  function takeEvents(events) {
    for (const event of events ?? []) {
      if (seenEvents.has(event.id)) continue;
      seenEvents.add(event.id);
      addLine(event.v, event.kind, event.text);
    }
  }

  function scheduleFlagChecks() {
    if (!reading) return;
    for (const side of Object.values(reading.sides)) {
      if (side.running && side.deadline && !checks.has(side.deadline)) {
        checks.add(side.deadline);
        for (const delay of flagChecks({ sides: { s: side } }, Date.now() + offsetMs)) setTimeout(poll, delay);
      }
    }
  }

  function take(answer) {
    offsetMs = Date.parse(answer.now) - Date.now();
    reading = answer.clocks ? newer(reading, answer.clocks) : null;
    outcomes = answer.outcomes ?? [];
    actFor = answer.act_for ?? [];
    if (acting !== boot.seat && !actFor.some((p) => p.seat === acting)) {
      acting = boot.seat; // handed back, or the vacation is over
      onActFor(boot.seat);
    }
    takeEvents(answer.events);
    scheduleFlagChecks();
    draw();
  }

  /** A `clock` frame: the clocks changed outside a step. What this player may do about it
   * is theirs alone, so ask for it. */
  function frame(d) {
    if (d?.now) offsetMs = Date.parse(d.now) - Date.now();
    if (d?.clocks) reading = newer(reading, d.clocks);
    takeEvents(d?.events);
    scheduleFlagChecks();
    draw();
    poll();
  }

  // Every change polls: a poll started before a take-over was handed back (or a flag lifted)
  // that answers after a later one must not bring back what this player could do then.
  const clockNow = latestOnly(() => fetch(`${boot.api}/clock`));

  async function poll() {
    const answer = await clockNow();
    if (answer) take(answer);
  }

  store.subscribe((change) => {
    const fromView = change.view?.clocks;
    if (fromView) {
      reading = newer(reading, fromView);
      scheduleFlagChecks();
      draw();
      poll(); // a new version may have flagged, declined or changed what this player may do
    }
  });
  socket?.on?.("clock", frame);
  // The tick only redraws what counts down: with no clock running (or none at all) the bar
  // shows the same until a frame or a poll brings a new reading, which draws it.
  setInterval(() => counting(reading) && draw(), TICK_MS);
  setInterval(poll, POLL_MS);
  poll();
  return { draw, poll, frame, get reading() { return reading; }, get acting() { return acting; } };
}
