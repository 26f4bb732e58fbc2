// The Coaches panel's rows: a coach by name, or a link nobody has taken yet.
import assert from "node:assert/strict";
import { test } from "node:test";

import { coachRows } from "../../static/games/js/game/coaches.js";
import { latestOnly } from "../../static/games/js/lobby/api.js";
import { chatChannels } from "../../static/games/js/game/chat.js";

test("an invitation lists its coach, and a link not yet taken lists its address", () => {
  const rows = coachRows([
    { id: 1, user: "cleo", token: null, invited_by: "ann" },
    { id: 2, user: null, token: "t0k", url: "http://x/games/g/coach/t0k/", invited_by: "bob" },
  ]);
  assert.deepEqual(rows, [
    { id: 1, who: "cleo", url: null, by: "ann" },
    { id: 2, who: "a link, not yet taken", url: "http://x/games/g/coach/t0k/", by: "bob" },
  ]);
  assert.deepEqual(coachRows(undefined), []);
});

test("a coach talks on the side channel only; a spectator on the spectators'", () => {
  assert.deepEqual(chatChannels(true), ["side", "players"]);
  assert.deepEqual(chatChannels(false, true), ["side"]);
  assert.deepEqual(chatChannels(false), ["spectators"]);
});

test("a reload started before a change never draws over the reload after it", async () => {
  const pending = [];
  const fetchList = latestOnly(() => new Promise((resolve) => pending.push(resolve)));
  const before = fetchList();
  const after = fetchList();
  pending[1]({ ok: true, body: { invitations: [{ id: 1, user: "cleo" }] } });
  pending[0]({ ok: true, body: { invitations: [] } });
  assert.equal(await before, null);
  assert.deepEqual((await after).body.invitations, [{ id: 1, user: "cleo" }]);
});
