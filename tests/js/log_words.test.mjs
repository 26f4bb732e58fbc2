// The log's sentences where the trial stumbled (issue 50): an activation whose units the
// reader cannot see names no empty list, and a verb agrees with how many units it has.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { describeEvent } from "../../static/games/js/game/log.js";
import { describePanzerLeaderEvent } from "../../static/games/js/game/log_pl.js";

const NAMES = { "su-ldr-1": "Kapitan Petrov", "su-1": "1st Rifle platoon", "us-dd-1": "DD Sherman A", "us-dd-2": "DD Sherman B" };
const words = { nameOf: (id) => NAMES[id] ?? id, sideName: (id) => ({ su: "Soviet", ge: "German", us: "American" })[id] ?? id };

describe("an activation in the log", () => {
  test("a leader activated alone is named once, never 'activates under Kapitan Petrov'", () => {
    assert.equal(describeEvent({ type: "activated", side: "su", units: [], kind: "leader", leader: "su-ldr-1" }, words), "Soviet activates Kapitan Petrov.");
  });
  test("an enemy activation whose units the reader cannot see lists no empty list", () => {
    const line = describeEvent({ type: "activated", side: "su", units: [], kind: null, leader: null }, words);
    assert.equal(line, "Soviet activates units out of your sight.");
  });
});

describe("verbs agree with their units (Panzer Leader)", () => {
  test("one DD tank sinks, two sink; one stays afloat, two stay", () => {
    assert.equal(describePanzerLeaderEvent({ type: "dd_survival", units: ["us-dd-1"], sank: true, roll: 6 }, words), "DD Sherman A sinks (rolled 6).");
    assert.equal(describePanzerLeaderEvent({ type: "dd_survival", units: ["us-dd-1", "us-dd-2"], sank: true, roll: 6 }, words), "DD Sherman A, DD Sherman B sink (rolled 6).");
    assert.equal(describePanzerLeaderEvent({ type: "dd_survival", units: ["us-dd-1", "us-dd-2"], sank: false, roll: 2 }, words), "DD Sherman A, DD Sherman B stay afloat (rolled 2).");
  });
});
