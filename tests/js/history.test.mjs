// The replay's history: the steps of the audience picked last, whatever order answers come in.
import assert from "node:assert/strict";
import { test } from "node:test";

import { historyLoader } from "../../static/games/js/game/history.js";

test("the history is asked for by audience and gives its steps", async () => {
  const asked = [];
  const load = historyLoader("/api/v1/games/g", async (url) => { asked.push(url); return { steps: [{ version: 1 }] }; });
  assert.deepEqual(await load("side:ge"), { steps: [{ version: 1 }] });
  assert.deepEqual(asked, ["/api/v1/games/g/history?audience=side%3Age"]);
});

test("no history (a game not ended) fails", async () => {
  const load = historyLoader("/api/v1/games/g", async () => null);
  assert.deepEqual(await load("full"), { failed: true });
});

test("switching audiences: the first audience's steps answering last are not drawn", async () => {
  const pending = new Map();
  const load = historyLoader("/api/v1/games/g", (url) => new Promise((resolve) => pending.set(url.split("=")[1], resolve)));
  const full = load("full"); // asked for as the page opened
  const german = load("side:ge"); // the viewer picked the German side's view meanwhile
  pending.get("side%3Age")({ steps: [{ version: 1, view: { side: "ge" } }] });
  assert.deepEqual((await german).steps[0].view, { side: "ge" });
  pending.get("full")({ steps: [{ version: 1, view: { side: null } }] });
  assert.equal(await full, null);
});
