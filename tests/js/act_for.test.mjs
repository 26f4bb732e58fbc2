// Acting for a partner's seat and the clocks' own frames, through the real protocol and
// socket modules against a tiny fake WebSocket.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CLOCK, ProtocolError, encodeCmd, parseServerFrame } from "../../static/games/js/protocol.js";
import { GameSocket } from "../../static/games/js/socket.js";
import { Store } from "../../static/games/js/store.js";

const quiet = { warn: () => {} };

test("a command for a partner's seat names the seat; one's own does not", () => {
  assert.deepEqual(JSON.parse(encodeCmd(1, 4, { type: "pass" })), { t: "cmd", id: 1, v: 4, d: { type: "pass" } });
  assert.deepEqual(JSON.parse(encodeCmd(2, 4, { type: "pass" }, "ge-1")), { t: "cmd", id: 2, v: 4, d: { type: "pass" }, s: "ge-1" });
  assert.throws(() => encodeCmd(3, 4, { type: "pass" }, ""), ProtocolError);
  assert.throws(() => encodeCmd(3, 4, { type: "pass" }, 7), ProtocolError);
});

test("a clock frame is understood; one without data is dropped", () => {
  const d = { now: "2026-03-02T09:00:00+00:00", clocks: { sides: {} }, events: [] };
  assert.deepEqual(parseServerFrame(JSON.stringify({ t: CLOCK, d }), quiet), { t: CLOCK, d });
  assert.equal(parseServerFrame(JSON.stringify({ t: CLOCK }), quiet), null);
});

function fakeSocketClass() {
  const made = [];
  class Fake {
    readyState = 0;
    sent = [];
    constructor(url) { this.url = url; made.push(this); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { this.readyState = 3; }
    accept() { this.readyState = 1; this.onopen?.({}); }
    deliver(frame) { this.onmessage?.({ data: JSON.stringify(frame) }); }
    drop() { this.readyState = 3; this.onclose?.({ code: 1006, reason: "" }); }
  }
  return { Fake, made };
}

test("the socket resends an unanswered command for a partner's seat with its seat", () => {
  const { Fake, made } = fakeSocketClass();
  const timers = { setTimeout: (fn) => { timers.due = fn; return 1; }, clearTimeout: () => {} };
  const socket = new GameSocket({ url: "ws://x/ws/games/1/v1/", store: new Store(), WebSocket: Fake, timers, logger: quiet, firstCommandId: 10, random: () => 0 });
  const clocks = [];
  socket.on("clock", (d) => clocks.push(d));
  socket.connect();
  made[0].accept();
  made[0].deliver({ t: "snapshot", v: 3, d: { units: {} } });
  socket.sendCommand({ type: "pass" }, { seat: "ge-1" });
  socket.sendCommand({ type: "pass" });
  assert.deepEqual(made[0].sent.filter((f) => f.t === "cmd").map((f) => f.s ?? null), ["ge-1", null]);
  made[0].deliver({ t: CLOCK, d: { events: [{ id: 1, kind: "flag" }] } });
  assert.deepEqual(clocks, [{ events: [{ id: 1, kind: "flag" }] }]);
  made[0].drop();
  timers.due(); // the reconnect
  made[1].accept();
  const resent = made[1].sent.filter((f) => f.t === "cmd");
  assert.deepEqual(resent.map((f) => [f.id, f.s ?? null]), [[10, "ge-1"], [11, null]]);
});
