// Panzer Leader air support in the designer: aircraft groups in the situation format
// (`aircraft`: side, type, count, first, last, ordnance), added and taken away.
import assert from "node:assert/strict";
import { test } from "node:test";

import { addAircraft, aircraftOf, removeAircraft } from "../../static/games/js/designer/forces.js";

const doc = () => ({ sides: [{ id: "allied" }, { id: "german" }], forces: [] });

test("a group of fighter-bombers flies for a side from turn to turn with its ordnance", () => {
  const before = doc();
  const out = addAircraft(before, { side: "allied", type: "us_p47", count: "2", first: "3", last: "7", ordnance: "rockets" });
  assert.deepEqual(out.aircraft, [{ side: "allied", type: "us_p47", count: 2, first: 3, last: 7, ordnance: "rockets" }]);
  assert.equal(before.aircraft, undefined); // the input is left be
});

test("empty turns mean the whole battle, and an observer carries nothing", () => {
  const out = addAircraft(doc(), { side: "allied", type: "us_l5", count: "", first: "", last: "", ordnance: "" });
  assert.deepEqual(out.aircraft, [{ side: "allied", type: "us_l5", count: 1 }]);
});

test("no type, no aircraft", () => {
  assert.deepEqual(addAircraft(doc(), { side: "allied", type: "" }), doc());
});

test("groups are listed by place and taken away one at a time", () => {
  let d = addAircraft(doc(), { side: "allied", type: "us_p47" });
  d = addAircraft(d, { side: "allied", type: "gb_typhoon", ordnance: "bombs" });
  assert.deepEqual(aircraftOf(d).map((g) => [g.index, g.type]), [[0, "us_p47"], [1, "gb_typhoon"]]);
  d = removeAircraft(d, 0);
  assert.deepEqual(d.aircraft.map((g) => g.type), ["gb_typhoon"]);
});
