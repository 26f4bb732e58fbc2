// The server's previews as the page keeps them (game/previews.js): asked for once per unit and
// version, a lost answer asked for again while its version is still the page's, an answer for
// another version dropped.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Previews, RETRIES } from "../../static/games/js/game/previews.js";

const FIRE = { type: "fire", firers: ["ge-hmg"], target: "A0505" };
const ANSWER = { v: 7, previews: [{ command: FIRE, odds: { column: "4" } }] };

/** Previews whose GETs answer from `answers` in turn (null: lost), with the retries kept to run by hand. */
function harness(answers) {
  const asked = [];
  const waiting = [];
  let loads = 0;
  const previews = new Previews({
    api: "/api/v1/games/g",
    fetch: async (url) => { asked.push(url); return answers.shift() ?? null; },
    onLoad: () => { loads += 1; },
    later: (fn, ms) => waiting.push({ fn, ms }),
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { previews, asked, waiting, loads: () => loads, settle };
}

test("a unit's previews are asked for once per version and found from its commands", async () => {
  const h = harness([ANSWER]);
  h.previews.keepOnly(7);
  h.previews.load("ge-hmg", 7);
  h.previews.load("ge-hmg", 7); // asked already: no second request
  await h.settle();
  assert.deepEqual(h.asked, ["/api/v1/games/g/preview?unit=ge-hmg"]);
  assert.equal(h.previews.of(FIRE, 7).odds.column, "4");
  assert.equal(h.loads(), 1);
});

test("a lost answer is asked for again, a little later each time, then found", async () => {
  const h = harness([null, null, ANSWER]);
  h.previews.keepOnly(7);
  h.previews.load("ge-hmg", 7);
  await h.settle();
  assert.equal(h.previews.of(FIRE, 7), null);
  assert.deepEqual(h.waiting.map((w) => w.ms), [1000]);
  h.waiting.shift().fn();
  await h.settle();
  assert.deepEqual(h.waiting.map((w) => w.ms), [2000]);
  h.waiting.shift().fn();
  await h.settle();
  assert.equal(h.asked.length, 3);
  assert.equal(h.previews.of(FIRE, 7).odds.column, "4");
  assert.equal(h.loads(), 1);
});

test("a server that never answers is asked a bounded number of times", async () => {
  const h = harness([]);
  h.previews.load("ge-hmg", 7);
  await h.settle();
  while (h.waiting.length) {
    h.waiting.shift().fn();
    await h.settle();
  }
  assert.equal(h.asked.length, 1 + RETRIES);
  assert.equal(h.loads(), 0);
});

test("no retry once the page has moved to another version; an answer for another version is dropped", async () => {
  const lost = harness([null]);
  lost.previews.keepOnly(7);
  lost.previews.load("ge-hmg", 7);
  lost.previews.keepOnly(8); // the next frame came meanwhile: it asks at its own version
  await lost.settle();
  assert.equal(lost.waiting.length, 0);

  const ahead = harness([{ ...ANSWER, v: 8 }]);
  ahead.previews.keepOnly(7);
  ahead.previews.load("ge-hmg", 7);
  await ahead.settle();
  assert.equal(ahead.previews.of(FIRE, 7), null);
  assert.equal(ahead.waiting.length, 0); // the frame of version 8 is on its way and asks anew
  ahead.previews.keepOnly(8);
  ahead.previews.load("ge-hmg", 8);
  assert.equal(ahead.asked.length, 2);
});

test("a command the referee has no preview for is not asked again at that version", async () => {
  const strike = { type: "air_strike", hex: "A0505" };
  const h = harness([{ v: 7, previews: [] }]);
  h.previews.keepOnly(7);
  h.previews.loadCommand(strike, 7);
  await h.settle();
  h.previews.loadCommand(strike, 7);
  await h.settle();
  assert.equal(h.asked.length, 1);
  assert.equal(h.previews.of(strike, 7), null);
});
