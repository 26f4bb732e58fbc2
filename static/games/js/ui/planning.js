// A side's plans on the game page: drawings on the map (arrows, circles, hex highlights and
// labels, live for the side's seats and coaches) and standing orders (pre-set answers to
// opportunity-fire windows, and to the other decisions the ruleset names in `choices.windows`). The server checks and stores both (games/planning) and sends
// them to the side's channel only; this module draws what it is sent and sends what the
// player asks for. Which orders are possible comes from the server (`choices`).

import { csrfToken, el, fill, getJson } from "../game/dom.js";
import { answerItem, answerWords } from "./order_answers.js";

export const DRAW_KINDS = Object.freeze([["arrow", "Arrow"], ["circle", "Circle"], ["hex", "Hex"], ["label", "Label"]]);
const ANSWER_TEXT = { fire: "Fire", never: "Never fire", ask: "Always ask me" };
const AT_TEXT = { any: "any mover", afv: "AFVs only", hexes: "units entering hexes…", within: "within N hexes…" };
// The other decisions' answers, and each window in words (choices.windows names them).
const WINDOW_ANSWER_TEXT = { never: "Decline", ask: "Always ask me", accept: "Accept", decline: "Decline" };
const WINDOW_TEXT = { no_shot: "a window where none of my units can fire", takeback: "an offer to take back a move" };

/** Send JSON with the CSRF token; {ok, body} (body: the answer's JSON, or null). */
export async function sendJson(url, method, body) {
  try {
    const response = await fetch(url, {
      method, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body),
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
    });
    const answer = response.status === 204 ? null : await response.json().catch(() => null);
    return { ok: response.ok, body: answer };
  } catch {
    return { ok: false, body: null };
  }
}

/** The words for a units filter ({kind, ...}). */
export function unitsText(u) {
  if (u.kind === "formation") return `formation ${u.name ?? u.id}`;
  if (u.kind === "hex") return u.hex ? `units in ${u.hex}` : "units in hex…";
  if (u.kind === "type") return `${String(u.type).replace(/_/g, " ")} units`;
  return "all units";
}

/** One order in words: "Fire with all units at AFVs only, 40% or better". */
export function orderText(o) {
  if (o.window) return `${WINDOW_ANSWER_TEXT[o.answer] ?? o.answer}: ${WINDOW_TEXT[o.window] ?? o.window}`;
  const at = o.at.kind === "hexes" ? `units entering ${o.at.hexes.join(", ")}` : o.at.kind === "within" ? `movers within ${o.at.range} hexes` : AT_TEXT[o.at.kind];
  if (o.answer === "ask") return `Ask me about ${at} (${unitsText(o.units)})`;
  if (o.answer === "never") return `Never fire with ${unitsText(o.units)} at ${at}`;
  const together = o.combine ? ", a hex's units together with their leader where better" : "";
  return `Fire with ${unitsText(o.units)} at ${at}${o.min_chance ? `, ${o.min_chance}% chance or better` : ""}${together}`;
}

/** The order a form row describes (the server checks it). */
export function rowOrder({ window, units, unitsHex, at, hexes, range, chance, answer, combine }) {
  if (window) return { window, answer };
  const u = JSON.parse(units);
  const order = { units: u.kind === "hex" ? { kind: "hex", hex: unitsHex.trim() } : u, at: { kind: at }, min_chance: Number(chance) || 0, answer };
  if (u.kind === "formation") order.units = { kind: "formation", id: u.id };
  if (at === "hexes") order.at.hexes = hexes.split(/[\s,]+/).filter(Boolean);
  if (at === "within") order.at.range = Number(range) || 0;
  if (combine) order.combine = true;
  return order;
}

/**
 * Mount the plans on the game page. `tools`: the board's tool bar; `panel`: the side panel
 * section to fill; `addLine(v, kind, text)`: a line in the log; `notice(text)`; `named(text)`:
 * a server sentence with the counters it names by id named as the board names them.
 * Returns {picking, pick(hex)}: while a drawing tool is on, the board's clicks come here.
 */
export function mountPlanning({ boot, socket, board, tools, panel, addLine, notice, named = (text) => text }) {
  const writer = Boolean(boot.seat);
  // An answer of the orders in words (order_answers.js): own counters named as the board names them.
  const words = { faces: boot.faces, nameOf: named, named };
  const state = { turn: null, shownTurn: null, all: [], drawings: [], orders: [], choices: null, answered: [], mode: null, from: null, rows: null, offered: null };
  const api = boot.api;

  const kind = el("select", { id: "draw-kind", "aria-label": "What to draw" }, DRAW_KINDS.map(([k, t]) => el("option", { value: k }, t)));
  const text = el("input", { id: "draw-text", maxlength: 40, placeholder: "label text", "aria-label": "Label text", hidden: true });
  const toggle = el("button", { type: "button", id: "draw-tool", class: "tool", "aria-pressed": "false", title: "Draw on the map for your side" }, "Draw");
  const turnPick = el("select", { id: "draw-turn", "aria-label": "Which turn's plan" },
    el("option", { value: "this" }, "This turn"), el("option", { value: "last" }, "Last turn"));
  const hint = el("span", { class: "draw-hint", id: "draw-hint", role: "status" });
  tools.append(...(writer ? [toggle, kind, text] : []), turnPick, hint);
  kind.addEventListener("change", () => { text.hidden = kind.value !== "label"; state.from = null; showHint(); });
  toggle.addEventListener("click", () => {
    state.mode = state.mode ? null : kind.value;
    state.from = null;
    toggle.setAttribute("aria-pressed", String(Boolean(state.mode)));
    document.body.classList.toggle("draw-mode", Boolean(state.mode));
    showHint();
  });
  turnPick.addEventListener("change", () => showTurn());

  function showHint() {
    if (!state.mode) return (hint.textContent = "");
    state.mode = kind.value;
    hint.textContent = state.mode === "arrow" ? (state.from ? `From ${state.from}: pick where it points` : "Pick the hex the arrow starts from") : `Pick a hex for the ${state.mode}`;
  }

  async function pick(hex) {
    if (!state.mode || !hex) return;
    if (state.mode === "arrow" && !state.from) {
      state.from = hex;
      return showHint();
    }
    const hexes = state.mode === "arrow" ? [state.from, hex] : [hex];
    state.from = null;
    showHint();
    const answer = await sendJson(`${api}/drawings`, "POST", { kind: state.mode, hexes, text: text.value });
    if (!answer.ok) notice(`Not drawn: ${answer.body?.message ?? "the server refused it"}`);
    else added(answer.body);
  }

  function added(d) {
    if (state.all.some((x) => x.id === d.id)) return;
    state.all = [...state.all, d];
    showTurn();
  }

  /** The drawings of the turn shown: this one, or the one before (last turn's plan). */
  function showTurn() {
    state.shownTurn = turnPick.value === "last" ? Math.max(0, state.turn - 1) : state.turn;
    state.drawings = state.all.filter((d) => d.turn === state.shownTurn);
    drawAll();
  }

  async function loadDrawings() {
    const got = await getJson(`${api}/drawings`);
    state.turn = got?.turn ?? 0;
    state.all = got?.drawings ?? [];
    showTurn();
  }

  // A game still waiting for its seats has no orders to read (the server says so): they are
  // read once it starts, at the first view this page is sent.
  let ordersAsked = false;
  async function loadOrders() {
    ordersAsked = true;
    const got = await getJson(`${api}/orders`);
    const mine = got?.sides?.[got.side];
    if (!mine) return;
    state.orders = mine.orders;
    state.choices = mine.choices;
    state.answered = mine.answered;
    for (const a of state.answered) addLine(a.v - 1, "orders", answerWords(a, words));
    state.rows = null;
    drawAll();
  }

  socket.on("drawing", (d) => {
    if (d.op === "add") added(d);
    else if (d.op === "remove") {
      state.all = state.all.filter((x) => x.id !== d.id);
      showTurn();
    }
  });
  socket.on("orders", (d) => {
    state.orders = d.orders;
    state.rows = null;
    drawAll();
    if (d.by !== boot.user) notice(`${d.by} changed your side's standing orders`);
  });
  socket.on("order_answer", (d) => {
    state.answered = [...state.answered, d];
    addLine(d.v - 1, "orders", answerWords(d, words));
    drawAll();
  });

  // -- the panel ----------------------------------------------------------------------------

  function drawAll() {
    board.setDrawings(state.drawings);
    const list = el("ul", { class: "drawings", id: "drawing-list" }, state.drawings.map((d) => el("li", { "data-drawing": d.id },
      el("span", { class: "swatch", "aria-hidden": "true", "data-colour": d.colour }),
      `${d.kind}${d.text ? ` “${d.text}”` : ""} ${d.hexes.join(" → ")} (${d.author ?? "?"})`,
      writer && d.author === boot.user && state.shownTurn === state.turn
        ? el("button", { type: "button", class: "remove-drawing", onclick: () => remove(d.id) }, "Remove") : null)));
    for (const sw of list.querySelectorAll(".swatch")) sw.style.setProperty("--swatch", sw.dataset.colour);
    fill(panel,
      el("h2", { id: "plans-h" }, "Plans"),
      el("p", { class: "hint" }, "Only your side and its coaches see these."),
      el("h3", {}, state.shownTurn === state.turn ? "Drawings this turn" : `Drawings of turn ${state.shownTurn}`),
      state.drawings.length ? list : el("p", { class: "empty" }, "None."),
      el("h3", { id: "orders-h" }, "Standing orders"),
      el("p", { class: "hint" }, "Read top to bottom when a window opens for your side; the first that applies answers it at once."),
      ordersBlock(),
      state.answered.length ? el("h3", {}, "Answered by your orders") : null,
      state.answered.length ? el("ol", { class: "order-answers", id: "order-answers" }, state.answered.slice(-8).map((a) => el("li", {}, answerItem(a, words)))) : null);
  }

  async function remove(id) {
    const answer = await sendJson(`${api}/drawings/${id}`, "DELETE");
    if (!answer.ok) notice(`Not removed: ${answer.body?.message ?? "refused"}`);
  }

  function ordersBlock() {
    if (!writer || !state.choices) {
      return state.orders.length ? el("ol", { class: "orders", id: "orders" }, state.orders.map((o) => el("li", {}, orderText(o)))) : el("p", { class: "empty" }, "None: every window waits for you.");
    }
    if (state.rows === null) state.rows = state.orders.map(orderRow);
    const form = el("form", { class: "orders-form", id: "orders-form" },
      el("ol", { class: "orders" }, state.rows.map((r, i) => el("li", { class: "order-row" }, r.node,
        el("button", { type: "button", class: "remove-order", onclick: () => { state.rows.splice(i, 1); drawAll(); } }, "Remove")))),
      el("div", { class: "order-buttons" },
        el("button", { type: "button", id: "add-order", onclick: () => { state.rows.push(orderRow(null)); drawAll(); } }, "Add an order"),
        (state.choices.windows ?? []).map((w) => el("button", { type: "button", class: "add-window-order", "data-window": w.window, onclick: () => { state.rows.push(orderRow({ window: w.window, answer: w.answers[0] })); drawAll(); } }, `Add: ${WINDOW_TEXT[w.window] ?? w.window}`)),
        el("button", { type: "submit", id: "save-orders" }, "Save orders")));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const orders = state.rows.map((r) => rowOrder(r.read()));
      const answer = await sendJson(`${api}/orders`, "PUT", { orders });
      if (!answer.ok) return notice(`Orders not saved: ${answer.body?.message ?? "refused"}`);
      state.orders = answer.body.orders;
      state.rows = null;
      notice("Standing orders saved");
      drawAll();
    });
    return form;
  }

  function windowRow(order) {
    const w = (state.choices.windows ?? []).find((x) => x.window === order.window) ?? { answers: [order.answer] };
    const answer = el("select", { class: "order-answer", "aria-label": "Answer" }, w.answers.map((a) => el("option", { value: a }, WINDOW_ANSWER_TEXT[a] ?? a)));
    answer.value = order.answer;
    const node = el("span", { class: "order-fields" }, answer, ` ${WINDOW_TEXT[order.window] ?? order.window}`);
    return { node, read: () => ({ window: order.window, answer: answer.value }) };
  }

  function orderRow(order) {
    if (order?.window) return windowRow(order);
    const c = state.choices;
    const unitValue = (u) => JSON.stringify(u.kind === "formation" ? { kind: "formation", id: u.id } : u.kind === "type" ? { kind: "type", type: u.type } : { kind: u.kind });
    const units = el("select", { class: "order-units", "aria-label": "Which units" }, c.units.map((u) => el("option", { value: unitValue(u) }, unitsText(u))));
    const unitsHex = el("input", { class: "order-units-hex", size: 6, placeholder: "hex", "aria-label": "Units in hex" });
    const at = el("select", { class: "order-at", "aria-label": "At what" }, c.at.map((a) => el("option", { value: a.kind }, AT_TEXT[a.kind] ?? a.kind)));
    const hexes = el("input", { class: "order-hexes", size: 10, placeholder: "hexes", "aria-label": "Hexes entered" });
    const range = el("input", { class: "order-range", type: "number", min: 0, max: 30, value: 2, "aria-label": "Within hexes" });
    const chance = el("input", { class: "order-chance", type: "number", min: 0, max: 100, value: 0, "aria-label": "Chance of a result at least (%)" });
    const answer = el("select", { class: "order-answer", "aria-label": "Answer" }, c.answers.map((a) => el("option", { value: a }, ANSWER_TEXT[a] ?? a)));
    const combine = el("input", { class: "order-combine", type: "checkbox", "aria-label": "A hex's units together, with their leader" });
    if (order) {
      units.value = unitValue(order.units.kind === "hex" ? { kind: "hex" } : order.units);
      unitsHex.value = order.units.hex ?? "";
      at.value = order.at.kind;
      hexes.value = (order.at.hexes ?? []).join(" ");
      range.value = order.at.range ?? 2;
      chance.value = order.min_chance;
      answer.value = order.answer;
      combine.checked = Boolean(order.combine);
    }
    const sync = () => {
      unitsHex.hidden = JSON.parse(units.value).kind !== "hex";
      hexes.hidden = at.value !== "hexes";
      range.hidden = at.value !== "within";
      chance.disabled = answer.value !== "fire";
      combine.disabled = answer.value !== "fire";
    };
    for (const input of [units, at, answer]) input.addEventListener("change", sync);
    sync();
    const together = c.combine ? el("label", { class: "nowrap" }, combine, " together") : null;
    const node = el("span", { class: "order-fields" }, answer, " with ", units, unitsHex, " at ", at, hexes, range, " if ", el("span", { class: "nowrap" }, chance, "% or better"), together);
    return { node, read: () => ({ units: units.value, unitsHex: unitsHex.value, at: at.value, hexes: hexes.value, range: range.value, chance: chance.value, answer: answer.value, combine: combine.checked }) };
  }

  /** From the opportunity-fire prompt: the standing orders in view, with a new order for
   * windows like the one open (`kind`: "no_shot" or "opportunity_fire") to fill in and save.
   * Pressed again before saving, it keeps the one row it added. */
  function openOrders(kind) {
    if (writer && state.choices) {
      if (state.rows === null) state.rows = state.orders.map(orderRow);
      if (!state.rows.includes(state.offered)) {
        const noShot = kind === "no_shot" && (state.choices.windows ?? []).some((w) => w.window === "no_shot");
        state.offered = orderRow(noShot ? { window: "no_shot", answer: "never" } : null);
        state.rows.push(state.offered);
        drawAll();
      }
    }
    const heading = panel.querySelector("#orders-h");
    heading?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    state.offered?.node.querySelector("select")?.focus({ preventScroll: true });
  }

  loadDrawings();
  if (boot.status !== "open") loadOrders();
  return {
    get picking() { return Boolean(state.mode); },
    pick,
    openOrders,
    /** A new view: the orders if the game has just started; a new turn shows that turn's
     * drawings (its plan starts empty). */
    onView(view) {
      if (view && !ordersAsked) loadOrders();
      const turn = Number(view?.turn);
      if (Number.isFinite(turn) && state.turn !== null && turn !== state.turn) {
        state.turn = turn;
        showTurn();
      }
    },
  };
}
