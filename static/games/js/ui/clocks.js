// Both sides' clocks on the game page, in the side colours, ticking between the server's
// readings (games.clocks). The server is the truth: each version's view carries `clocks`
// (the readings its step made), and GET <api>/clock gives the clocks now with the server's
// time, the time log (system lines every audience sees) and what this player may do about
// a side out of time. Nothing here decides anything: a flag is the server's.

import { sideColours } from "../board/faces.js";
import { csrfToken, el, fill, getJson } from "../game/dom.js";

const TICK_MS = 250;
const POLL_MS = 15000;
// A colour by side order for a page without the sides' counter colours (boot.faces).
const FALLBACK_COLOURS = ["#4d5a6b", "#9a3b2b", "#5d6b2f", "#6b4d7a"];
const MORE_TIME = { live: [["+1 min", 60], ["+5 min", 300]], correspondence: [["+1 day", 86400], ["+3 days", 259200]] };
const OUTCOME_TEXT = { claim: "Claim the win", wait: "Wait", take_over: "Take over the absent seat", bot: "Let a bot play the seat" };

/** Seconds as a clock face: "4:05", "1:02:03", or "2 d 3 h" past a day. */
export function formatLeft(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
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
    return response.ok ? answer : { refused: answer?.error?.message ?? `refused (${response.status})` };
  } catch {
    return null;
  }
}

/**
 * Mount the clocks: `root` (a container), `addLine(v, kind, text)` (puts a clock line in the
 * game log, after version v), `boot` (the page's
 * boot data: api, seat, side, sides), `store` (the view store), `sideName(id)`.
 */
export function mountClocks({ root, addLine, boot, store, sideName }) {
  let reading = null;
  let offsetMs = 0; // server time minus this browser's
  let outcomes = [];
  const seenEvents = new Set();
  // The counters' colours of each side (board/faces.js), so a clock reads as its side's.
  const colours = Object.fromEntries(boot.sides.map((s, i) => {
    const fallback = FALLBACK_COLOURS[i % FALLBACK_COLOURS.length];
    const c = boot.faces?.sides?.[s.id] ? sideColours(boot.faces, s.id) : { fill: fallback, ink: "#ffffff", edge: fallback };
    return [s.id, c];
  }));

  function draw() {
    if (!reading) {
      root.hidden = true;
      return;
    }
    root.hidden = false;
    const now = Date.now() + offsetMs;
    const faces = boot.sides.filter((s) => reading.sides[s.id]).map((s) => {
      const side = reading.sides[s.id];
      const left = secondsLeft(side, now);
      const state = side.flagged ? "flagged" : side.paused ? "paused" : side.running ? "running" : "stopped";
      const face = el("div", { class: `clock clock-${state}${s.id === boot.side ? " clock-mine" : ""}`, "data-side": s.id },
        el("span", { class: "clock-side" }, sideName(s.id)),
        el("span", { class: "clock-face", "data-field": "left" }, side.flagged ? "0:00" : formatLeft(left)),
        el("span", { class: "clock-note" }, side.flagged ? "out of time" : side.paused ? "on vacation" : side.running ? "to decide" : ""));
      // Through the CSSOM: the Content Security Policy forbids style attributes.
      face.style.setProperty("--clock-colour", colours[s.id].edge);
      face.style.setProperty("--clock-fill", colours[s.id].fill);
      face.style.setProperty("--clock-ink", colours[s.id].ink);
      return face;
    });
    const window = reading.window
      ? el("div", { class: "clock clock-window" }, el("span", { class: "clock-side" }, "Opportunity fire"),
        el("span", { class: "clock-face", "data-field": "window" }, formatLeft(Math.max(0, (Date.parse(reading.window.deadline) - now) / 1000))))
      : null;
    fill(root, el("span", { class: "clock-label" }, reading.label), faces, window, outcomeBar());
  }

  function outcomeBar() {
    if (!outcomes.length) return null;
    const buttons = [];
    for (const { side, outcome } of outcomes) {
      if (outcome === "more_time") {
        for (const [text, seconds] of MORE_TIME[reading.control.kind] ?? []) {
          buttons.push(el("button", { type: "button", class: "clock-outcome", "data-outcome": outcome, onclick: () => decide(outcome, { side, seconds }) }, `Give ${sideName(side)} ${text}`));
        }
        continue;
      }
      const body = outcome === "take_over" || outcome === "bot" ? { side, seat: absentSeat(side) } : { side };
      buttons.push(el("button", { type: "button", class: "clock-outcome", "data-outcome": outcome, onclick: () => decide(outcome, body) }, OUTCOME_TEXT[outcome] ?? outcome));
    }
    return el("div", { class: "clock-outcomes", role: "group", "aria-label": "A side is out of time" }, buttons);
  }

  function absentSeat(side) {
    const mayAct = store.view?.may_act ?? [];
    return mayAct.find((s) => s.startsWith(`${side}-`) && s !== boot.seat) ?? `${side}-1`;
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

  function take(answer) {
    offsetMs = Date.parse(answer.now) - Date.now();
    reading = answer.clocks ? newer(reading, answer.clocks) : null;
    outcomes = answer.outcomes ?? [];
    for (const event of answer.events ?? []) {
      if (seenEvents.has(event.id)) continue;
      seenEvents.add(event.id);
      addLine(event.v, event.kind, event.text);
    }
    draw();
  }

  async function poll() {
    const answer = await getJson(`${boot.api}/clock`);
    if (answer) take(answer);
  }

  store.subscribe((change) => {
    const fromView = change.view?.clocks;
    if (fromView) {
      reading = newer(reading, fromView);
      draw();
      poll(); // a new version may have flagged, declined or changed what this player may do
    }
  });
  setInterval(draw, TICK_MS);
  setInterval(poll, POLL_MS);
  poll();
  return { draw, poll, get reading() { return reading; } };
}
