// The panels that act on the map's answers: the stack panel (pick the counters that act
// together), the hex menu (what the picked units can do in the hex pointed at, with odds),
// "why not" (the server's reasons and rules), opportunity fire, the line-of-sight answer.
// Each takes plain data and callbacks and draws with textContent; none keeps state. Every
// command anyone sends draws them again: what did not change stays the same node (fillKept),
// so a press on it still lands when it is let go, and a stack's unchanged rows stay put
// when another row changes.

import { fillKept } from "../ui/keyed.js";
import { el, fill } from "./dom.js";
import { referenceForRule, referenceLink } from "./reference.js";

/**
 * Every counter of a stack, one row each: a box to pick it (own counters that can act), its
 * name, values and state. `rows`: [{id, name, values, chips, own, canAct, picked, focused}].
 */
export function renderStackPanel(root, { hex, rows, summary, onToggle, onFocus, onAll, onNone, onClose }) {
  root.hidden = !hex;
  if (!hex) return fill(root);
  const pickable = rows.filter((r) => r.canAct).length;
  const list = root.querySelector(":scope > .stack-list") ?? el("ul", { class: "stack-list" });
  fillKept(list, rows.map((r) => el("li", { class: `stack-row${r.own ? " own" : " enemy"}${r.focused ? " focused" : ""}`, "data-unit": r.id },
    r.own ? el("input", { type: "checkbox", id: `pick-${r.id}`, "data-unit": r.id, checked: r.picked, disabled: !r.canAct, onchange: () => onToggle(r.id) }) : el("span", { class: "stack-spacer" }),
    el("label", { for: r.own ? `pick-${r.id}` : null, class: "stack-name" }, r.name),
    el("span", { class: "stack-values" }, r.values),
    r.chips ? el("span", { class: "stack-chips" }, r.chips) : null,
    el("button", { type: "button", class: "stack-info", "data-focus-key": `info:${r.id}`, "aria-label": `Details of ${r.name}`, onclick: () => onFocus(r.id) }, "i"))));
  // A kept box shows the pick as it is now, whatever a click on it left it showing.
  const picked = new Set(rows.filter((r) => r.picked).map((r) => r.id));
  for (const box of list.querySelectorAll("input[data-unit]")) box.checked = picked.has(box.dataset.unit);
  fillKept(root, [
    el("div", { class: "stack-head" },
      el("h3", {}, `Stack in ${hex} (${rows.length} counter${rows.length === 1 ? "" : "s"})`),
      el("button", { type: "button", class: "stack-close", "aria-label": "Close the stack panel", onclick: onClose }, "×")),
    list,
    pickable > 1 ? el("div", { class: "stack-picks" },
      el("button", { type: "button", class: "cmd stack-all", "data-focus-key": "stack-all", onclick: onAll }, "Pick all that can act"),
      el("button", { type: "button", class: "cmd stack-none", "data-focus-key": "stack-none", onclick: onNone }, "Pick none")) : null,
    summary ? el("p", { class: "hint stack-summary" }, summary) : null,
  ].flat());
}

/** What the picked units can do in one hex: a button per command with its odds. */
export function renderHexMenu(root, menu) {
  root.hidden = !menu;
  if (!menu) return fill(root);
  fillKept(root, [
    el("h3", {}, `In ${menu.hex}${menu.terrain ? ` (${menu.terrain})` : ""}`),
    menu.items.map((item) => el("button", { type: "button", class: `cmd cmd-${item.type} hex-choice`, "data-command": item.type, "data-focus-key": item.key, onclick: item.onPick },
      el("span", { class: "choice-label" }, item.label), item.odds ? el("span", { class: "choice-odds" }, item.odds) : null)),
  ].flat());
}

/** Why the picked units cannot act where the player pointed: the server's reasons and rules. */
export function renderWhyNot(root, answer) {
  root.hidden = !answer;
  if (!answer) return fill(root);
  fillKept(root, [
    el("h3", {}, `Why not ${answer.hex}?`),
    answer.loading ? el("p", { class: "hint" }, "Asking the referee…")
      : answer.lines.length ? el("ul", { class: "why-not-list" }, answer.lines.map((l) => el("li", { class: l.ok ? "ok" : "refused" }, l.text, ...chartLinks(l.rules))))
        : el("p", { class: "hint" }, answer.error ?? "Nothing these units can do there."),
  ].flat());
}

/** A link to the rules reference's chart for each cited rule that one gives ("see the chart"). */
function chartLinks(rules = []) {
  const ids = [...new Set(rules.map(referenceForRule).filter(Boolean))];
  return ids.flatMap((id) => [" ", referenceLink(id, "see the chart")]);
}

/**
 * The prompt of a window the other side opened, in words ({title, what, orders}): what the
 * player may do now, and (where standing orders could answer such windows) that they can.
 * `prompt`: {mover, hex, antiAircraft, items: the shots, mayOrder}. No shots: a window the
 * side is asked about although none of its units can fire (hidden information, D-DB-OPFIRE).
 */
export function opfireWords(prompt) {
  const n = prompt.items.length;
  const shots = `${n === 1 ? "the shot" : `one of the ${n} shots`} below`;
  if (prompt.antiAircraft) {
    return {
      title: `Anti-aircraft fire at ${prompt.mover}${prompt.hex ? ` over ${prompt.hex}` : ""}`,
      what: `Pick ${shots} (your guns are ringed on the map) to see its odds, or Decline (d) to let it fly on.`,
      orders: null, // anti-aircraft fire is always the player's (no order answers it)
    };
  }
  if (!n) {
    return {
      title: `No shot at ${prompt.mover}${prompt.hex ? ` in ${prompt.hex}` : ""}`,
      what: "None of your units can fire at it: Decline (d) lets it move on. You are asked whenever your side sees a mover, so the enemy cannot tell whether you could fire.",
      orders: prompt.mayOrder ? "A standing order can decline these for you." : null,
    };
  }
  return {
    title: `Opportunity fire at ${prompt.mover}${prompt.hex ? ` in ${prompt.hex}` : ""}`,
    what: `Pick ${shots} (ringed on the map) to see its odds, or Decline (d) to hold fire.`,
    orders: prompt.mayOrder ? "Asked at every step? Standing orders can answer for you." : null,
  };
}

/** `text` with its key `hint` in a span a touch screen hides (game.css: .key-hint). */
function keyHinted(text, hint) {
  const [before, ...after] = text.split(hint);
  return after.length ? [before, el("span", { class: "key-hint" }, hint), after.join(hint)] : [text];
}

/** Opportunity fire: the mover, what the player may do, every shot with its odds, and the
 * way to standing orders. */
export function renderOpfire(root, prompt) {
  root.hidden = !prompt;
  if (!prompt) return fill(root);
  const words = opfireWords(prompt);
  fillKept(root, [
    el("h3", {}, words.title),
    el("p", { class: "hint opfire-what" }, keyHinted(words.what, " (d)")),
    prompt.items.map((item) => el("button", { type: "button", class: `cmd cmd-${item.type ?? "opportunity_fire"} opfire-choice`, "data-command": item.type ?? "opportunity_fire", "data-focus-key": item.key, onclick: item.onPick },
      el("span", { class: "choice-label" }, item.label), item.odds ? el("span", { class: "choice-odds" }, item.odds) : null)),
    words.orders ? el("p", { class: "opfire-orders", "data-focus-key": "opfire-orders" }, el("span", {}, words.orders), " ",
      el("button", { type: "button", class: "opfire-set-orders", "data-focus-key": "opfire-set-orders", onclick: prompt.onOrders }, "Set standing orders…")) : null,
  ].flat());
}

/** The line-of-sight tool's state: what to click next, or the server's answer. */
export function renderLos(root, los) {
  root.hidden = !los;
  if (!los) return fill(root);
  fillKept(root, [
    el("strong", {}, "Line of sight: "),
    el("span", { class: "los-text" }, los.text),
    el("button", { type: "button", class: "los-close", "aria-label": "Close the line-of-sight tool", onclick: los.onClose }, "×"),
  ].flat());
}
