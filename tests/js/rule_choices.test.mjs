// The optional rules of the new-game and play-a-bot forms: the chosen battle's game's rules
// offered with its defaults ticked, the double-blind additions (18.11) only with double-blind.
import assert from "node:assert/strict";
import { test } from "node:test";

import { drawAdditions, offerRules } from "../../static/games/js/lobby/rule_choices.js";

/** A checkbox, its label (hidden or not), and a fieldset of a game's rules, answering the
 * selectors rule_choices.js asks (templates/games/_rule_choices.html's markup). */
function box(name, value, addition = false) {
  const input = { name, value, checked: false };
  return { input, label: { hidden: addition, addition, querySelector: () => input } };
}
function fieldset(ruleset, boxes) {
  return {
    dataset: { rulesFor: ruleset }, hidden: false, disabled: false,
    querySelectorAll(selector) {
      if (selector === "[data-double-blind]") return boxes.filter((b) => b.label.addition).map((b) => b.label);
      const name = selector.match(/input\[name=(\w+)\]/)[1];
      return boxes.filter((b) => b.input.name === name).map((b) => b.input);
    },
    querySelector(selector) { return this.querySelectorAll(selector)[0] ?? null; },
  };
}
function form() {
  const pg = { db: box("double_blind", "on"), mire: box("optional_rules", "mire"),
               observers: box("optional_rules", "db_moving_observers", true) };
  const pl = { smoke: box("optional_rules", "smoke") };
  const sets = [fieldset("panzer_grenadier", Object.values(pg)), fieldset("panzer_leader", Object.values(pl))];
  return { pg, pl, sets, querySelectorAll: () => sets };
}

test("only the chosen game's rules are offered, with the battle's own ticked", () => {
  const f = form();
  offerRules(f, "panzer_leader", "smoke");
  assert.deepEqual(f.sets.map((s) => [s.hidden, s.disabled]), [[true, true], [false, false]]);
  assert.equal(f.pl.smoke.input.checked, true);
  offerRules(f, "panzer_grenadier", "double_blind,mire");
  assert.deepEqual(f.sets.map((s) => s.disabled), [false, true]);
  assert.equal(f.pg.db.input.checked && f.pg.mire.input.checked, true);
  assert.equal(f.pg.observers.label.hidden, false, "double-blind ticked: its additions show");
});

test("the double-blind additions show only while double-blind is ticked, and are cleared", () => {
  const f = form();
  offerRules(f, "panzer_grenadier", "");
  assert.equal(f.pg.observers.label.hidden, true);
  f.pg.db.input.checked = true;
  drawAdditions(f);
  f.pg.observers.input.checked = true;
  assert.equal(f.pg.observers.label.hidden, false);
  f.pg.db.input.checked = false;
  drawAdditions(f);
  assert.deepEqual([f.pg.observers.label.hidden, f.pg.observers.input.checked], [true, false]);
});
