// The designer's "Sides and victory" section: each side's name, nationality, Panzer
// Grenadier's initiative, morale and set-up order, its briefing; who goes first, the
// attacker; each objective's points and holder at the start; how the winner is decided
// (Panzer Grenadier) or the victory levels (Panzer Leader, 23.4). Edits go through sides.js;
// the server's check names a bad value. Words are set as textContent only.
//
// The section is built anew only when its shape changes (sides, objectives, the method);
// otherwise its fields take the document's values in place, the field being typed in left
// alone, so Tab moves on through the form after an edit.

import {
  DECISIONS, EDGES, LEVELS, LOSS_KEYS, decisionOf, exitOf, firstSideOf, lossesOf, nationalityChoices, objectivesOf,
  setAttacker, setDecision, setDecisionMethod, setExit, setFirstSide, setLevel, setLoss, setObjective, setSetupLast,
  setSide, setVictoryWords,
} from "./sides.js";
import { $, option } from "./dom.js";

const PG = "panzer_grenadier";

// The page's: the panel's fields edit the document as it is when they change (the page's other
// fields edit it too, without showing the panel again), through `current()`.
const now = { ruleset: null, current: () => null, change: () => {} };
let fields = []; // [{el, read(doc)}]: each field and where its value comes from

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "text") node.textContent = v;
    else if (k === "data") Object.assign(node.dataset, v);
    else node[k] = v;
  }
  node.append(...children);
  return node;
}

/** A labelled field bound to the document: `read(doc)` its value, `edit(doc, value)` the edit. */
function bound(words, control, read, edit) {
  control.value = String(read(now.current()) ?? "");
  control.addEventListener("change", () => now.change(edit(now.current(), control.value)));
  fields.push({ el: control, read });
  return el("label", {}, `${words} `, control);
}

const number = (min, max, field) => el("input", { type: "number", min, max, step: 1, data: { field } });
const textBox = (field, maxLength = 200) => el("input", { maxLength, data: { field } });
const choice = (field, choices) => {
  const select = el("select", { data: { field } });
  select.append(...choices.map(([value, name]) => option(value, name)));
  return select;
};

function sideCard(ruleset, side, i, nationalities) {
  const at = `sides[${i}]`;
  const id = side.id;
  const sideOf = (doc) => doc.sides?.find((s) => s.id === id) ?? {};
  const legend = el("legend");
  fields.push({ el: legend, read: (doc) => sideOf(doc).name || id, text: true });
  const card = el("fieldset", { className: "side-card", data: { side: id } }, legend,
    bound("Name", textBox(`${at}.name`, 60), (d) => sideOf(d).name, (d, v) => setSide(d, id, "name", v)),
    bound("Nationality", choice(`${at}.nationality`, nationalities.map((n) => [n.id, n.name])),
      (d) => sideOf(d).nationality, (d, v) => setSide(d, id, "nationality", v)));
  if (ruleset === PG) {
    card.append(
      bound("Initiative", number(0, 6, `${at}.initiative`), (d) => sideOf(d).initiative, (d, v) => setSide(d, id, "initiative", v)),
      bound("Morale", number(2, 12, `${at}.morale`), (d) => sideOf(d).morale, (d, v) => setSide(d, id, "morale", v)),
      bound("Sets up", choice(`${at}.sets_up`, [["", "as listed"], ["first", "first"], ["second", "second"]]),
        (d) => sideOf(d).sets_up ?? "", (d, v) => setSide(d, id, "sets_up", v)),
      el("p", { className: "tool-help", text: "Points the enemy scores for this side's losses:" }),
      el("div", { className: "inline-form" }, ...LOSS_KEYS.map((k) => bound(k.name, number(0, 99, `victory.losses.${id}.${k.key}`),
        (d) => lossesOf(d, id)?.[k.key] ?? "", (d, v) => setLoss(d, id, k.key, v)))),
      el("div", { className: "inline-form" },
        bound("Scores for leaving by the", choice(`victory.exit.${id}.edge`, [["", "no"], ...EDGES.map((e) => [e.id, e.name])]),
          (d) => exitOf(d, id)?.edge ?? "", (d, v) => setExit(d, id, "edge", v)),
        bound("edge, points a step", number(0, 99, `victory.exit.${id}.points_per_step`),
          (d) => exitOf(d, id)?.points_per_step ?? "", (d, v) => setExit(d, id, "points_per_step", v))),
    );
  }
  const briefing = el("textarea", { rows: 2, data: { field: `${at}.briefing`, side: id } });
  card.append(bound("Briefing", briefing, (d) => sideOf(d).briefing, (d, v) => setSide(d, id, "briefing", v)));
  return card;
}

function objectiveRow(ruleset, o, sides) {
  const hex = o.hex;
  const objOf = (doc) => objectivesOf(ruleset, doc).find((x) => x.hex === hex) ?? {};
  const holders = [["", "nobody"], ...sides.map((s) => [s.id, s.name ?? s.id])];
  const li = el("li", { data: { hex } }, el("code", { text: hex }), " ");
  if (ruleset === PG) {
    li.append(
      bound("Name", textBox(`victory.hexes.${hex}.name`, 80), (d) => objOf(d).name, (d, v) => setObjective(ruleset, d, hex, "name", v)),
      bound("Points", number(0, 99, `victory.hexes.${hex}.points`), (d) => objOf(d).points, (d, v) => setObjective(ruleset, d, hex, "points", v)),
      bound("Held at the start by", choice(`victory.hexes.${hex}.holder`, holders), (d) => objOf(d).holder ?? "", (d, v) => setObjective(ruleset, d, hex, "holder", v)),
      bound("Scored by", choice(`victory.hexes.${hex}.sides`, [["", "both sides"], ...holders.slice(1)]),
        (d) => objOf(d).scorer ?? "", (d, v) => setObjective(ruleset, d, hex, "scorer", v)),
    );
  } else {
    li.append(bound("Held at the start by", choice(`control.${hex}`, holders), (d) => objOf(d).holder ?? "", (d, v) => setObjective(ruleset, d, hex, "holder", v)));
  }
  return li;
}

function whoGoesFirst(ruleset, sides) {
  const ids = sides.map((s) => [s.id, s.name ?? s.id]);
  const row = el("div", { className: "inline-form" },
    bound(ruleset === PG ? "First side" : "Moves first", choice(ruleset === PG ? "first_side" : "sides", ids),
      (d) => firstSideOf(ruleset, d), (d, v) => setFirstSide(ruleset, d, v)));
  if (ruleset !== PG) {
    row.append(
      bound("Attacker", choice("victory.attacker", ids), (d) => d.victory?.attacker, setAttacker),
      bound("Sets up last", choice("setup_last", [["", "the attacker"], ...ids]), (d) => d.setup_last ?? "", setSetupLast),
    );
  }
  return row;
}

function winning(ruleset, doc, sides) {
  if (ruleset !== PG) {
    return el("div", {},
      el("p", { className: "tool-help", text: "The attacker scores 2 an objective held at the end and 1 an enemy unit eliminated, less 1 a unit of its own lost (23.4); below marginal the defender wins." }),
      el("div", { className: "inline-form" }, ...LEVELS.map((level) => bound(`${level[0].toUpperCase()}${level.slice(1)} win at`,
        number(0, 99, `victory.levels.${level}`), (d) => d.victory?.levels?.[level], (d, v) => setLevel(d, level, v)))));
  }
  const method = decisionOf(doc).method;
  const row = el("div", { className: "inline-form" },
    bound("The winner is", choice("victory.decision.method", DECISIONS.map((m) => [m.id, m.name])),
      (d) => decisionOf(d).method, setDecisionMethod));
  if (method === "threshold") {
    row.append(
      bound("side", choice("victory.decision.side", sides.map((s) => [s.id, s.name ?? s.id])), (d) => decisionOf(d).side, (d, v) => setDecision(d, "side", v)),
      bound("wins with", number(1, 999, "victory.decision.at_least"), (d) => decisionOf(d).at_least, (d, v) => setDecision(d, "at_least", v)),
      bound("points, draws with", number(0, 999, "victory.decision.draw_at_least"), (d) => decisionOf(d).draw_at_least ?? "", (d, v) => setDecision(d, "draw_at_least", v)),
    );
  } else if (method === "margin") {
    row.append(bound("points", number(1, 999, "victory.decision.at_least"), (d) => decisionOf(d).at_least, (d, v) => setDecision(d, "at_least", v)));
  }
  const words = el("textarea", { rows: 2, data: { field: "victory.description" } });
  return el("div", {}, row, bound("How it is won, in words", words, (d) => d.victory?.description ?? "", setVictoryWords));
}

function shapeOf(ruleset, doc, nationalities) {
  return JSON.stringify([ruleset, (doc.sides ?? []).map((s) => s.id), objectivesOf(ruleset, doc).map((o) => o.hex),
    decisionOf(doc).method, nationalities.map((n) => n.id)]);
}

function build(box, ruleset, doc, nationalities) {
  fields = [];
  const sides = doc.sides ?? [];
  const objectives = objectivesOf(ruleset, doc);
  const list = el("ul", { className: "objectives", id: "objectives" }, ...objectives.map((o) => objectiveRow(ruleset, o, sides)));
  const none = el("p", { className: "tool-help", hidden: objectives.length > 0,
    text: "No objective yet: pick the Objective hex tool and click the map." });
  box.replaceChildren(
    el("legend", { text: "Sides and victory" }),
    el("div", { className: "side-cards" }, ...sides.map((s, i) => sideCard(ruleset, s, i, nationalities))),
    whoGoesFirst(ruleset, sides),
    el("h3", { text: "Objectives" }),
    ...(ruleset === PG ? [] : [el("p", { className: "tool-help", text: "Each is worth 2 to the attacker when it holds it at the end (23.4)." })]),
    list, none,
    el("h3", { text: "Victory" }),
    winning(ruleset, doc, sides),
  );
}

/** The side choices offered, this section's and the page's other forms' (the counter's side,
 * the side to try), carry the sides' names as they are now. */
function renameSides(doc) {
  const names = Object.fromEntries((doc.sides ?? []).map((s) => [s.id, s.name || s.id]));
  const selects = [$("counter-side"), $("try-side"), ...fields.map((f) => f.el).filter((e) => e.tagName === "SELECT")];
  for (const select of selects) {
    for (const o of select?.children ?? []) if (o.value in names) o.textContent = names[o.value];
  }
}

/** Show the document's sides and victory in the section: `current()` is the page's document
 * now, `counters` the game's counter catalogue, `change(doc)` takes each edit. */
export function showSides(ruleset, current, counters, change) {
  Object.assign(now, { ruleset, current, change });
  const doc = current();
  const box = $("sides-victory");
  if (!box || !doc) return;
  const nationalities = nationalityChoices(counters, doc);
  const shape = shapeOf(ruleset, doc, nationalities);
  if (box.dataset.shape !== shape) {
    box.dataset.shape = shape;
    build(box, ruleset, doc, nationalities);
  } else {
    for (const f of fields) {
      const value = String(f.read(doc) ?? "");
      if (f.text) f.el.textContent = value;
      else if (f.el !== document.activeElement) f.el.value = value;
    }
  }
  renameSides(doc);
}
