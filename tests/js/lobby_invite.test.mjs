// The lobby's invite box (/lobby/?game=<id>): where the invited game stands for the viewer,
// and only the latest answer drawn while the lists keep changing under it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { inviteFinder, restCard } from "../../static/games/js/lobby/invite.js";

const NO_LISTS = { mine: [], open: [], watch: [] };
const REST_GAME = {
  id: "g1", status: "open", scenario: "meeting-at-kessel", seats_per_side: 1, options: {}, created_by: "ann",
  seats: [{ id: "ge-1", user: "ann" }, { id: "su-1", user: null }],
  sides: [{ id: "ge", name: "Germans", seats: [{ id: "ge-1", user: "ann" }] },
    { id: "su", name: "Soviets", seats: [{ id: "su-1", user: null }] }],
};

test("a game in no list (a private one) is drawn from the REST game, under its battle's title", async () => {
  const find = inviteFinder({ fetch: async () => ({ ok: true, body: REST_GAME }), titleOf: () => "Meeting at Kesselbach" });
  const { card } = await find(NO_LISTS, "g1");
  assert.deepEqual(card, restCard(REST_GAME, "Meeting at Kesselbach"));
  assert.equal(card.free, 1);
  assert.deepEqual(card.sides[1].seats, [{ id: "su-1", user: null, online: false }]);
});

test("a game of the viewer's or in the lists needs no REST call; an unknown id is missing", async () => {
  const asked = [];
  const find = inviteFinder({ fetch: async (id) => { asked.push(id); return { ok: false, status: 404, body: null }; } });
  assert.deepEqual(await find({ ...NO_LISTS, mine: [{ id: "g1" }] }, "g1"), { mine: true });
  assert.deepEqual(await find({ ...NO_LISTS, watch: [{ id: "g1", status: "active" }] }, "g1"), { card: { id: "g1", status: "active" } });
  assert.deepEqual(asked, []);
  assert.deepEqual(await find(NO_LISTS, "nope"), { missing: true });
});

test("after joining, the REST answer from before the join is not drawn over 'your game'", async () => {
  const pending = [];
  const find = inviteFinder({ fetch: () => new Promise((resolve) => pending.push(resolve)) });
  const before = find(NO_LISTS, "g1"); // lists before the join: asks the REST API
  const after = find({ ...NO_LISTS, mine: [{ id: "g1" }] }, "g1"); // the next lists: it is mine
  assert.deepEqual(await after, { mine: true });
  pending[0]({ ok: true, body: REST_GAME });
  assert.equal(await before, null);
});
