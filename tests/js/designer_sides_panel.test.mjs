// The designer's "Sides and victory" section: fields for what the document holds, each edit
// handed to the page, the section kept (not built anew) while its shape stands, and the
// sides' names carried into every side choice of the page.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { FakeNode, fakeDom } from "./tools/fake_dom.mjs";
import { toggleObjective } from "../../static/games/js/designer/document.js";
import { showSides } from "../../static/games/js/designer/sides_panel.js";

const PG = "panzer_grenadier";
const PL = "panzer_leader";
const COUNTERS = { ge_rifle: { nationality: "german" }, su_rifle: { nationality: "soviet" } };
let page;

function select(...values) {
  const s = new FakeNode("select");
  for (const v of values) {
    const o = new FakeNode("option");
    o.value = v;
    o.textContent = v;
    s.append(o);
  }
  return s;
}

beforeEach(() => {
  fakeDom();
  page = { "sides-victory": new FakeNode("fieldset"), "counter-side": select("attacker", "defender"), "try-side": select("attacker", "defender") };
  Object.assign(globalThis.document, { getElementById: (id) => page[id] ?? null, activeElement: null });
});

function all(node, out = []) {
  for (const c of node.childNodes) { out.push(c); all(c, out); }
  return out;
}
const field = (name) => all(page["sides-victory"]).find((n) => n.dataset?.field === name);

const pgDoc = () => toggleObjective(PG, {
  first_side: "attacker",
  sides: [
    { id: "attacker", name: "Attacker", nationality: "german", initiative: 3, morale: 8, briefing: "" },
    { id: "defender", name: "Defender", nationality: "soviet", initiative: 2, morale: 7, briefing: "" },
  ],
  victory: { hexes: [], decision: { method: "most_points" } },
}, "A0604");

test("each side's fields show the document and hand their edits to the page", () => {
  const edits = [];
  const shown = pgDoc();
  showSides(PG, () => shown, COUNTERS, (doc) => edits.push(doc));
  assert.equal(field("sides[0].initiative").value, "3");
  assert.equal(field("sides[1].nationality").value, "soviet");
  assert.deepEqual(field("sides[1].nationality").children.map((o) => o.value), ["german", "soviet"]);
  assert.equal(field("victory.hexes.A0604.points").value, "2");
  field("sides[0].initiative").value = "9";
  field("sides[0].initiative").fire("change");
  assert.equal(edits.at(-1).sides[0].initiative, 9); // the check names it: 0 to 6 (3.0)
  field("victory.hexes.A0604.holder").value = "defender";
  field("victory.hexes.A0604.holder").fire("change");
  assert.equal(edits.at(-1).victory.hexes[0].holder, "defender");
});

test("while its shape stands the section is kept and its values follow the document", () => {
  let doc = pgDoc();
  const change = (next) => { doc = next; showSides(PG, () => doc, COUNTERS, change); };
  showSides(PG, () => doc, COUNTERS, change);
  const morale = field("sides[1].morale");
  morale.value = "10";
  morale.fire("change");
  assert.equal(field("sides[1].morale"), morale);
  assert.equal(doc.sides[1].morale, 10);
  const name = field("sides[1].name");
  name.value = "Guards Rifles";
  name.fire("change");
  assert.equal(field("sides[1].name"), name);
  // The new name is in every side choice: the page's forms and the section's own.
  assert.deepEqual(page["counter-side"].children.map((o) => o.textContent), ["Attacker", "Guards Rifles"]);
  assert.ok(field("victory.hexes.A0604.holder").children.some((o) => o.textContent === "Guards Rifles"));
  assert.ok(all(page["sides-victory"]).some((n) => n.tag === "legend" && n.textContent === "Guards Rifles"));
});

test("a field edits the page's document as it is now, with the page's other edits in it", () => {
  let doc = pgDoc();
  const change = (next) => { doc = next; };
  showSides(PG, () => doc, COUNTERS, change);
  doc = { ...doc, id: "mill-at-dawn" }; // the battle's id set by the page's own field
  field("sides[1].briefing").value = "Hold the mill";
  field("sides[1].briefing").fire("change");
  assert.equal(doc.id, "mill-at-dawn");
  assert.equal(doc.sides[1].briefing, "Hold the mill");
});

test("choosing a side reaching a number of points asks for the side and the points", () => {
  let doc = pgDoc();
  const change = (next) => { doc = next; showSides(PG, () => doc, COUNTERS, change); };
  showSides(PG, () => doc, COUNTERS, change);
  assert.equal(field("victory.decision.at_least"), undefined);
  field("victory.decision.method").value = "threshold";
  field("victory.decision.method").fire("change");
  assert.equal(field("victory.decision.side").value, "attacker");
  field("victory.decision.at_least").value = "7";
  field("victory.decision.at_least").fire("change");
  assert.deepEqual(doc.victory.decision, { method: "threshold", side: "attacker", at_least: 7 });
});

test("Panzer Leader: the side moving first, the attacker, the levels and who holds an objective", () => {
  let doc = toggleObjective(PL, {
    sides: [{ id: "allied", name: "Allied", nationality: "us" }, { id: "german", name: "German", nationality: "german" }],
    control: {}, victory: { attacker: "allied", objectives: [], levels: { decisive: 6, tactical: 4, marginal: 2 } },
  }, "N-G-4");
  const change = (next) => { doc = next; showSides(PL, () => doc, { a: { nationality: "us" }, b: { nationality: "german" } }, change); };
  change(doc);
  assert.equal(field("sides[0].initiative"), undefined); // Panzer Leader rates no side
  for (const [name, value] of [["sides", "german"], ["victory.attacker", "german"], ["victory.levels.marginal", "3"], ["control.N-G-4", "allied"]]) {
    field(name).value = value;
    field(name).fire("change");
  }
  assert.deepEqual(doc.sides.map((s) => s.id), ["german", "allied"]);
  assert.deepEqual(doc.victory, { attacker: "german", objectives: ["N-G-4"], levels: { decisive: 6, tactical: 4, marginal: 3 } });
  assert.deepEqual(doc.control, { "N-G-4": "allied" });
});
