// The log's lines where a later trial stumbled: a side's id in a roll ("Roll for assault ge:
// 4 = 4."), verbs that did not agree ("2nd Panzer IV H platoon open direct fire"), a side
// said twice in a heading ("German German passes."), a heading repeated as its group's first
// line, and a reinforcement's entry read as a move from nowhere ("moves → A2006").
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { describeEvent, trayRolls } from "../../static/games/js/game/log.js";
import { groupHeading, groupLines, groupLog } from "../../static/games/js/game/logbook.js";
import { LogView } from "../../static/games/js/game/logview.js";
import { FakeNode, fakeDom } from "./tools/fake_dom.mjs";

const NAMES = {
  "ge-pz4-2": "2nd Panzer IV H platoon", "ge-pz4-3": "3rd Panzer IV H platoon", "ge-pak-1": "1st PaK 40 anti-tank gun",
  "su-t34-1": "1st T-34/76 platoon", "su-1": "1st Rifle platoon",
};
const SIDES = { ge: "German", su: "Soviet" };
const words = { nameOf: (id) => NAMES[id] ?? "a unit", sideName: (id) => SIDES[id] ?? id };
const line = (e) => describeEvent(e, words);

describe("an assault's dice name the side by its name and say what they decide (12.4)", () => {
  const roll = { type: "roll", purpose: "assault fire", side: "ge", dice: [4], total: 4 };

  test("the roll is the German assault fire's, one die with no '= 4'", () => {
    assert.equal(line(roll), "Roll for the German assault fire: 4.");
  });
  test("the result says whose assault fire it was, and its one die", () => {
    assert.equal(line({ type: "result", kind: "assault", side: "su", code: "M1", column: "7", dice: 4 }), "Result of the Soviet assault fire: M1 on column 7 (die 4).");
    assert.equal(line({ type: "result", kind: "assault", side: "su", code: "-", reason: "no fire value in the hex" }), "Result of the Soviet assault fire: no effect (no fire value in the hex).");
  });
  test("the dice tray's row is labelled with the side's name", () => {
    assert.deepEqual(trayRolls(roll, words.sideName).map((r) => r.label), ["German assault fire"]);
  });
  test("a roll of two dice keeps its total, and a roll with no side its purpose", () => {
    assert.equal(line({ type: "roll", purpose: "direct fire", dice: [4, 2], total: 6 }), "Roll for direct fire: 4 + 2 = 6.");
  });
});

describe("a fire line's verb agrees and reads as English (10.0, 13.0)", () => {
  const fire = { type: "fire", kind: "direct", side: "ge", target_hex: "A1005", value: 8, value_parts: [] };

  test("one firer opens direct fire, two open it", () => {
    assert.equal(line({ ...fire, firers: ["ge-pz4-2"] }), "2nd Panzer IV H platoon opens direct fire at A1005: fire value 8.");
    assert.equal(line({ ...fire, firers: ["ge-pz4-2", "ge-pz4-3"] }), "2nd Panzer IV H platoon, 3rd Panzer IV H platoon open direct fire at A1005: fire value 8.");
  });
  test("opportunity fire is taken, never 'opportunity-fire direct fire'", () => {
    assert.equal(line({ ...fire, firers: ["ge-pz4-2"], opportunity: true }), "2nd Panzer IV H platoon takes opportunity fire at A1005: fire value 8.");
    assert.equal(line({ ...fire, firers: ["ge-pz4-2", "ge-pz4-3"], opportunity: true }), "2nd Panzer IV H platoon, 3rd Panzer IV H platoon take opportunity fire at A1005: fire value 8.");
    assert.equal(line({ ...fire, kind: "anti_tank", firers: ["ge-pak-1"], opportunity: true }), "1st PaK 40 anti-tank gun takes anti-tank opportunity fire at A1005: fire value 8.");
  });
  test("an assault's fire is assault fire, and an air sortie's fire has the sortie as its subject (15.1)", () => {
    assert.equal(line({ ...fire, kind: "assault", firers: ["ge-pz4-2"] }), "2nd Panzer IV H platoon opens assault fire at A1005: fire value 8.");
    const air = { ...fire, firers: [], air: "ge-stuka", value: 12, value_parts: [{ unit: "ge-stuka", value: "12", why: ["air unit over the hex (15.1)"] }] };
    assert.equal(line(air), "The air sortie opens direct fire at A1005: fire value 12 = the air sortie 12 (air unit over the hex (15.1)).");
  });
});

describe("a reinforcement enters the map (16.5)", () => {
  test("a move from off the map reads as an entry, never 'moves → A2006'", () => {
    assert.equal(line({ type: "moved", units: ["su-t34-1"], from: null, to: "A2006", mp_spent: { "su-t34-1": "1" } }), "1st T-34/76 platoon enters at A2006 (1st T-34/76 platoon 1 MP).");
  });
  test("an entry that goes on is one line: enters, then moves", () => {
    const steps = [[null, "A2006"], ["A2006", "A2005"], ["A2005", "A1905"]]
      .map(([from, to], i) => ({ v: 4, event: { type: "moved", side: "su", units: ["su-t34-1"], from, to, mp_spent: { "su-t34-1": String(i + 1) } } }));
    const [group] = groupLog(steps);
    const lines = [group.title, ...groupLines(group)];
    assert.equal(lines.length, 1, "the entry is not repeated under its own heading");
    assert.equal(line(lines[0].event), "1st T-34/76 platoon enters at A2006 and moves A2006 → A2005 → A1905 (1st T-34/76 platoon 3 MP).");
  });
});

describe("the log's other words", () => {
  test("a take-back names its command with the right article", () => {
    assert.equal(line({ type: "undone", side: "ge", command: "opportunity_fire" }), "German takes back an opportunity fire.");
    assert.equal(line({ type: "undone", side: "ge", command: "move" }), "German takes back a move.");
  });
  test("a team game's shortfall names no seat id (17.10)", () => {
    assert.equal(line({ type: "supply_shortfall", side: "ge", seat: "ge-2" }), "German: one player's command is short of supply.");
    assert.equal(line({ type: "supply_critical", side: "ge", seat: "ge-2" }), "German's supply (one player's command) is critical.");
  });
  test("a double-blind air declaration reads as the hexes declared (18.9)", () => {
    const e = { type: "air_declaration", side: "ge", target: "B1104", declared: [{ hex: "B1103", types: ["infantry", "armored_car"] }, { hex: "B1105", occupied: true }] };
    assert.equal(line(e), "German's air sortie over B1104: the defender declares B1103 (infantry, armored car), B1105 (occupied) (18.9).");
  });
});

describe("the optional rules' events read as sentences, not as their fields", () => {
  const formationName = (id) => ({ f1: "II./Grenadier-Regiment 410" })[id];
  test("a formation's activation roll (17.7)", () => {
    const e = { type: "formation_activation", side: "ge", units: ["ge-maj"], leader: "ge-maj", formation: "f1", dice: [5, 6], modifiers: [{ reason: "German formation", value: -1 }], total: 10, needed: 9, success: false };
    assert.equal(describeEvent(e, { ...words, nameOf: () => "Major Brandt", formationName }), "Major Brandt rolls 5 + 6 (-1 German formation) = 10 to activate II./Grenadier-Regiment 410: needs 9 or less, it fails (17.7).");
  });
  test("a consolidation (17.1) and a smoke mission (16)", () => {
    assert.equal(line({ type: "consolidated", side: "ge", units: ["ge-pz4-2", "ge-pz4-3"], hex: "A0505", kept: "ge-pz4-2", removed: "ge-pz4-3" }), "2nd Panzer IV H platoon takes in 3rd Panzer IV H platoon in A0505: one full-strength unit (17.1).");
    assert.equal(line({ type: "smoke_placed", side: "su", units: ["su-1"], hex: "A0707", spotter: null }), "1st Rifle platoon lays smoke on A0707.");
  });
});

describe("a group's heading and its lines", () => {
  const heading = (entries) => groupLog(entries).map((g) => { const h = groupHeading(g, line, words.sideName); return `${h.tag}${h.text}`; });

  test("the side's tag is the subject of its sentence: 'German passes.', never 'German German passes.'", () => {
    assert.deepEqual(heading([{ v: 1, event: { type: "passed", side: "ge" } }]), ["German passes."]);
    assert.deepEqual(heading([{ v: 1, event: { type: "activated", side: "su", units: ["su-1"], kind: "unit" } }]), ["Soviet activates 1st Rifle platoon."]);
  });
  test("a sentence that names its side with a colon or a possessive joins the tag the same way", () => {
    assert.deepEqual(heading([{ v: 1, event: { type: "formation_failed", side: "ge", units: [], formation: "f1" } }]), ["German: f1 fails to activate (17.7)."]);
    assert.deepEqual(heading([{ v: 1, event: { type: "supply_critical", side: "ge" } }]), ["German's supply is critical."]);
  });
  test("a heading that does not begin with the side keeps its tag", () => {
    const rolled = { type: "initiative_rolled", turn: 2, rolls: { ge: 6, su: 3 }, totals: { ge: 9, su: 5 } };
    assert.deepEqual(heading([{ v: 1, event: rolled }, { v: 1, event: { type: "initiative_won", side: "ge" } }]), ["German Turn 2: initiative rolls German 6, Soviet 3; totals German 9, Soviet 5."]);
  });
  test("no group repeats its heading as its first line", () => {
    const groups = groupLog([
      { v: 1, event: { type: "passed", side: "ge" } },
      { v: 2, event: { type: "action_phase_ended", turn: 1, reason: "both_passed" } },
      { v: 2, event: { type: "markers_removed", counters: 3 } },
      { v: 2, event: { type: "turn_ended", turn: 1 } },
    ]);
    assert.deepEqual(groups.map((g) => groupLines(g).map((e) => line(e.event))), [[], ["Moved/Fired markers removed (3 counters).", "Turn 1 ends."]]);
  });
  test("the page's log draws the heading and its lines so (LogView)", () => {
    fakeDom();
    const root = Object.assign(new FakeNode("ol"), { scrollHeight: 0, scrollTop: 0, clientHeight: 0 });
    const view = new LogView(root, { toggled: new Set(), describe: line, colourOf: () => ({ fill: "#eee", edge: "#999" }), sideName: words.sideName });
    view.draw([
      { v: 1, event: { type: "passed", side: "ge" } },
      { v: 2, event: { type: "action_phase_ended", turn: 1, reason: "both_passed" } },
      { v: 2, event: { type: "turn_ended", turn: 1 } },
    ]);
    assert.deepEqual(root.children.map((li) => li.textContent), [
      "German passes.",
      "Game The action phase of turn 1 ends (both passed).Turn 1 ends.",
    ]);
  });
});
