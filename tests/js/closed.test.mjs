// A socket closed for good reloads the page once (the server then explains), never in a loop.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeNode, fakeDom } from "./tools/fake_dom.mjs";
import { afterFinalClose, followConnection } from "../../static/games/js/game/closed.js";
import { Status } from "../../static/games/js/socket.js";

class Memory {
  items = new Map();
  getItem(k) { return this.items.get(k) ?? null; }
  setItem(k, v) { this.items.set(k, String(v)); }
}

test("a close for signed out, not your game or no such game reloads the page once", () => {
  for (const code of [4401, 4403, 4404]) {
    const storage = new Memory();
    assert.deepEqual(afterFinalClose(code, "g1", { storage, now: 1_000_000 }), { reload: true });
    const again = afterFinalClose(code, "g1", { storage, now: 1_010_000 });
    assert.equal(again.reload, undefined);
    assert.match(again.text, /cannot be shown/);
    assert.equal(again.link.href, "/");
    // A minute later it may reload again (the situation may have changed).
    assert.deepEqual(afterFinalClose(code, "g1", { storage, now: 1_100_000 }), { reload: true });
  }
});

test("a new protocol version asks for a reload; other codes are not final here", () => {
  assert.equal(afterFinalClose(4409, "g1", { storage: new Memory() }).reloadButton, true);
  assert.equal(afterFinalClose(1006, "g1", { storage: new Memory() }), null);
});

test("without storage the page never reloads by itself", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() {} };
  assert.equal(afterFinalClose(4401, "g1", { storage: broken }).reload, undefined);
});

/** A game page's document around the banner, and a socket whose status the test sets. */
function pageWithBanner() {
  fakeDom();
  const turn = new FakeNode("span");
  const reloads = [];
  const classes = new Set();
  Object.assign(document, {
    body: { classList: { toggle: (name, on) => (on ? classes.add(name) : classes.delete(name)) } },
    defaultView: { sessionStorage: new Memory(), location: { reload: () => reloads.push("reload") } },
    querySelector: () => turn,
  });
  const listeners = [];
  const socket = { on: (type, fn) => listeners.push(fn), status: (s, code) => listeners.forEach((fn) => fn({ status: s, code })) };
  const banner = new FakeNode("div");
  followConnection({ socket, banner, gameId: "g1", document });
  return { socket, banner, turn, reloads, classes };
}

test("the banner says how the socket stands, and a game gone reloads once, then says so with the way to the lobby", () => {
  const { socket, banner, turn, reloads, classes } = pageWithBanner();
  socket.status(Status.CONNECTING);
  assert.equal(banner.textContent, "Connecting…");
  socket.status(Status.OPEN);
  assert.equal(banner.hidden, true);
  assert.ok(classes.has("socket-open"));
  socket.status(Status.CLOSED, 4404);
  assert.deepEqual(reloads, ["reload"]);
  socket.status(Status.CLOSED, 4404); // the same close right after the reload
  assert.deepEqual(reloads, ["reload"]);
  assert.equal(banner.textContent, "This game no longer exists. The game cannot be shown here. Go to the lobby");
  assert.equal(turn.textContent, "Not connected");
  assert.ok(!classes.has("socket-open"));
});
