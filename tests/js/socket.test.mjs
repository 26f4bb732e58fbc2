// The game socket against a fake WebSocket and a fake clock: versions, gaps, acks, reconnects.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { GameSocket, Status, backoffDelay } from "../../static/games/js/socket.js";
import { Store } from "../../static/games/js/store.js";

const URL_BASE = "wss://pg.example/ws/games/7/v1/";

/** Timers and a clock that only move when the test says so. */
class FakeClock {
  now = 0;
  #timers = new Map();
  #nextId = 1;

  setTimeout = (fn, ms) => {
    const id = this.#nextId++;
    this.#timers.set(id, { at: this.now + ms, fn });
    return id;
  };

  clearTimeout = (id) => {
    this.#timers.delete(id);
  };

  /** Delays of the timers waiting, from now. */
  get waiting() {
    return [...this.#timers.values()].map((t) => t.at - this.now).sort((a, b) => a - b);
  }

  /** Hold every waiting timer back until at least `ms` from now, as a background tab does. */
  throttle(ms) {
    for (const timer of this.#timers.values()) timer.at = Math.max(timer.at, this.now + ms);
  }

  advance(ms) {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.#timers.delete(id);
      this.now = timer.at;
      timer.fn();
    }
    this.now = until;
  }
}

/** A WebSocket class whose instances the test opens, feeds and closes as the server would. */
function fakeWebSocketClass() {
  const made = [];
  class FakeWebSocket {
    readyState = 0;
    sent = [];
    closedWith = null;

    constructor(url) {
      this.url = url;
      made.push(this);
    }

    send(text) {
      if (this.readyState !== 1) throw new Error("InvalidStateError: not open");
      this.sent.push(JSON.parse(text));
    }

    close(code = 1000, reason = "") {
      this.closedWith = { code, reason };
      this.readyState = 3;
      this.onclose?.({ code, reason }); // a real one fires later; the socket must ignore it
    }

    // The server's side.
    accept() {
      this.readyState = 1;
      this.onopen?.({});
    }

    deliver(frame) {
      this.onmessage?.({ data: typeof frame === "string" ? frame : JSON.stringify(frame) });
    }

    drop(code = 1006, reason = "") {
      this.readyState = 3;
      this.onclose?.({ code, reason });
    }

    sentOf(type) {
      return this.sent.filter((f) => f.t === type);
    }
  }
  return { FakeWebSocket, made };
}

function quietLogger() {
  const warnings = [];
  return { warnings, warn: (...args) => warnings.push(args.map(String).join(" ")) };
}

/** A socket wired to fakes; `random` 0.5 gives the middle of each jitter range. */
function setup({ version = null, view = null, random = () => 0.5, ...options } = {}) {
  const clock = new FakeClock();
  const { FakeWebSocket, made } = fakeWebSocketClass();
  const store = new Store({ version, view });
  const logger = quietLogger();
  const socket = new GameSocket({
    url: URL_BASE, store, WebSocket: FakeWebSocket, timers: clock, now: () => clock.now,
    random, logger, firstCommandId: 100, ...options,
  });
  const statuses = [];
  socket.on("status", (s) => statuses.push(s));
  const last = () => made[made.length - 1];
  return { clock, made, last, store, socket, statuses, logger };
}

/** Connected and holding a view at `version`. */
function connectedAt(version, options = {}) {
  const env = setup(options);
  env.socket.connect();
  env.last().accept();
  env.last().deliver({ t: "snapshot", v: version, d: { units: { "ge-1": { hex: "A0101" } } } });
  return env;
}

const move = (hex) => ({ type: "move", unit: "ge-1", path: [hex] });

describe("connecting", () => {
  test("a page without a view connects without ?v= and reports connecting, then open", () => {
    const { socket, last, statuses } = setup();
    socket.connect();
    assert.equal(last().url, URL_BASE);
    assert.deepEqual(statuses.map((s) => s.status), ["connecting"]);
    last().accept();
    assert.equal(socket.status, Status.OPEN);
  });

  test("a page with an embedded snapshot connects with the version it has", () => {
    const { socket, last } = setup({ version: 41, view: {} });
    socket.connect();
    assert.equal(last().url, `${URL_BASE}?v=41`);
  });

  test("connect twice makes one connection", () => {
    const { socket, made } = setup();
    socket.connect();
    socket.connect();
    assert.equal(made.length, 1);
  });
});

describe("versions", () => {
  test("ordered frames reach the store; duplicates are dropped", () => {
    const { store, last } = connectedAt(4);
    last().deliver({ t: "patch", v: 5, d: { ops: [{ op: "replace", path: "/units/ge-1/hex", value: "A0102" }], log: [] } });
    last().deliver({ t: "tick", v: 6 });
    last().deliver({ t: "patch", v: 5, d: { ops: [{ op: "replace", path: "/units/ge-1/hex", value: "A0999" }], log: [] } });
    assert.equal(store.version, 6);
    assert.equal(store.view.units["ge-1"].hex, "A0102");
    assert.deepEqual(last().sentOf("sync"), []);
  });

  test("a gap sends sync with the version the store has, once per burst", () => {
    const { clock, last } = connectedAt(4);
    last().deliver({ t: "tick", v: 6 });
    last().deliver({ t: "tick", v: 7 });
    assert.deepEqual(last().sentOf("sync"), [{ t: "sync", v: 4 }]);
  });

  test("a gap that is still open after a while asks again", () => {
    const { clock, last } = connectedAt(4, { pingEveryMs: 60_000 });
    last().deliver({ t: "tick", v: 6 });
    clock.advance(5_000);
    last().deliver({ t: "tick", v: 7 });
    assert.deepEqual(last().sentOf("sync"), [{ t: "sync", v: 4 }, { t: "sync", v: 4 }]);
  });

  test("the server's answer to sync heals the gap, and a later gap asks at once", () => {
    const { store, last } = connectedAt(4);
    last().deliver({ t: "tick", v: 6 });
    last().deliver({ t: "tick", v: 5 });
    last().deliver({ t: "tick", v: 6 });
    assert.equal(store.version, 6);
    last().deliver({ t: "tick", v: 9 });
    assert.deepEqual(last().sentOf("sync"), [{ t: "sync", v: 4 }, { t: "sync", v: 6 }]);
  });

  test("a snapshot heals a gap", () => {
    const { store, last } = connectedAt(4);
    last().deliver({ t: "tick", v: 8 });
    last().deliver({ t: "snapshot", v: 8, d: { healed: true } });
    assert.equal(store.version, 8);
    assert.deepEqual(store.view, { healed: true });
  });

  test("a patch that does not apply makes the socket dial again for a snapshot", () => {
    const { store, made, last, clock, logger } = connectedAt(4);
    const first = last();
    first.deliver({ t: "patch", v: 5, d: { ops: [{ op: "remove", path: "/nobody" }], log: [] } });
    assert.equal(first.closedWith.code, 4000);
    assert.equal(store.needsSnapshot, true);
    clock.advance(500);
    assert.equal(made.length, 2);
    assert.equal(last().url, URL_BASE, "no ?v=, so the server sends a snapshot");
    assert.equal(logger.warnings.length, 1);
  });

  test("a frame the browser does not know is ignored with a warning", () => {
    const { store, socket, last, logger } = connectedAt(4);
    last().deliver({ t: "fireworks", v: 5 });
    last().deliver("{not json");
    assert.equal(store.version, 4);
    assert.equal(socket.status, Status.OPEN);
    assert.equal(logger.warnings.length, 2);
  });
});

describe("commands", () => {
  test("a command goes out with an increasing id and the version the player saw", () => {
    const { socket, last } = connectedAt(41);
    assert.equal(socket.sendCommand(move("A0102")), 100);
    assert.equal(socket.sendCommand({ type: "pass" }), 101);
    assert.deepEqual(last().sentOf("cmd"), [
      { t: "cmd", id: 100, v: 41, d: move("A0102") },
      { t: "cmd", id: 101, v: 41, d: { type: "pass" } },
    ]);
    assert.deepEqual(socket.pending.map((p) => p.id), [100, 101]);
  });

  test("ids start from the clock, so a page reloaded a second later does not reuse ids", () => {
    const { FakeWebSocket } = fakeWebSocketClass();
    const opened = (nowMs, random) => new GameSocket({
      url: URL_BASE, store: new Store({ version: 1, view: {} }), WebSocket: FakeWebSocket,
      timers: new FakeClock(), now: () => nowMs, random: () => random,
    });
    const first = opened(1_700_000_000_000, 0.999);
    const reloaded = opened(1_700_000_001_000, 0);
    const firstIds = Array.from({ length: 900 }, () => first.sendCommand({ type: "pass" }));
    assert.ok(reloaded.sendCommand({ type: "pass" }) > firstIds.at(-1));
    assert.ok(Number.isSafeInteger(firstIds.at(-1)));
  });

  test("ack clears the pending command and is reported with the command", () => {
    const { socket, last } = connectedAt(41);
    const acks = [];
    socket.on("ack", (a) => acks.push(a));
    const id = socket.sendCommand(move("A0102"));
    last().deliver({ t: "ack", id, v: 42 });
    assert.deepEqual(socket.pending, []);
    assert.deepEqual(acks, [{ id, v: 42, command: move("A0102") }]);
  });

  test("reject clears the pending command and is reported with its code and message", () => {
    const { socket, last } = connectedAt(41);
    const rejects = [];
    socket.on("reject", (r) => rejects.push(r));
    const id = socket.sendCommand(move("A0102"));
    last().deliver({ t: "reject", id, code: "command/not_your_activation", message: "wait (5.2)" });
    assert.deepEqual(socket.pending, []);
    assert.deepEqual(rejects, [
      { id, code: "command/not_your_activation", message: "wait (5.2)", command: move("A0102") },
    ]);
  });

  test("a repeated answer for an id already answered is ignored", () => {
    const { socket, last } = connectedAt(41);
    const acks = [];
    socket.on("ack", (a) => acks.push(a));
    const id = socket.sendCommand({ type: "pass" });
    last().deliver({ t: "ack", id, v: 42 });
    last().deliver({ t: "ack", id, v: 42 });
    last().deliver({ t: "ack", id: 999, v: 42 });
    assert.equal(acks.length, 1);
  });

  test("a reject without an id (a command the server could not read) is still reported", () => {
    const { socket, last } = connectedAt(41);
    const rejects = [];
    socket.on("reject", (r) => rejects.push(r));
    socket.sendCommand({ type: "pass" });
    last().deliver({ t: "reject", id: null, code: "command/invalid", message: "?" });
    assert.equal(rejects[0].command, null);
    assert.equal(socket.pending.length, 1, "the command it could not read stays pending");
  });

  test("a command sent while disconnected waits and goes out on open", () => {
    const { socket, last, clock } = connectedAt(41);
    last().drop(1006);
    const id = socket.sendCommand({ type: "pass" });
    clock.advance(500);
    assert.deepEqual(last().sent, []);
    last().accept();
    assert.deepEqual(last().sentOf("cmd"), [{ t: "cmd", id, v: 41, d: { type: "pass" } }]);
  });

  test("after a reconnect the unacknowledged commands are resent with the same ids and versions", () => {
    const { socket, last, clock, made } = connectedAt(41);
    const a = socket.sendCommand(move("A0102"));
    const b = socket.sendCommand(move("A0103"));
    const c = socket.sendCommand({ type: "pass" });
    last().deliver({ t: "ack", id: a, v: 42 });
    last().deliver({ t: "tick", v: 42 });
    last().drop(1006);
    clock.advance(500);
    assert.equal(made.length, 2);
    assert.equal(last().url, `${URL_BASE}?v=42`);
    last().accept();
    assert.deepEqual(last().sentOf("cmd"), [
      { t: "cmd", id: b, v: 41, d: move("A0103") },
      { t: "cmd", id: c, v: 41, d: { type: "pass" } },
    ]);
  });

  test("a command needs a view to be based on", () => {
    const { socket } = setup();
    assert.throws(() => socket.sendCommand({ type: "pass" }), { code: "state/no_view" });
  });

  test("chat goes out only while open", () => {
    const { socket, last } = connectedAt(1);
    assert.equal(socket.sendChat("side", " hi "), true);
    assert.deepEqual(last().sentOf("chat"), [{ t: "chat", d: { channel: "side", text: "hi" } }]);
    last().drop(1006);
    assert.equal(socket.sendChat("side", "anyone?"), false);
  });

  test("chat, presence and error frames are passed on to listeners", () => {
    const { socket, last } = connectedAt(1);
    const heard = [];
    for (const type of ["chat", "presence", "error"]) socket.on(type, (d) => heard.push([type, d]));
    last().deliver({ t: "chat", d: { channel: "side", text: "go" } });
    last().deliver({ t: "presence", d: { online: ["ann"] } });
    last().deliver({ t: "error", code: "frame/invalid", message: "bad" });
    assert.deepEqual(heard, [
      ["chat", { channel: "side", text: "go" }],
      ["presence", { online: ["ann"] }],
      ["error", { t: "error", code: "frame/invalid", message: "bad" }],
    ]);
  });
});

describe("reconnecting", () => {
  test("backoff grows exponentially and stops at the cap", () => {
    const low = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map((n) => backoffDelay(n, () => 0));
    const high = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map((n) => backoffDelay(n, () => 1));
    assert.deepEqual(low, [250, 500, 1000, 2000, 4000, 8000, 15000, 15000, 15000, 15000, 15000, 15000]);
    assert.deepEqual(high, [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000, 30000, 30000]);
  });

  test("jitter spreads browsers over the upper half of each step", () => {
    const delays = new Set([0, 0.25, 0.5, 0.99].map((r) => backoffDelay(3, () => r)));
    assert.equal(delays.size, 4);
    for (const d of delays) assert.ok(d >= 2000 && d <= 4000, d);
  });

  test("a drop reports reconnecting with the attempt and delay, then dials after the delay", () => {
    const { last, made, clock, statuses, socket } = connectedAt(4, { random: () => 1 });
    last().drop(1006);
    assert.deepEqual(statuses.at(-1), {
      status: "reconnecting", pending: 0, code: 1006, attempt: 1, delayMs: 500,
    });
    clock.advance(499);
    assert.equal(made.length, 1);
    clock.advance(1);
    assert.equal(made.length, 2);
    last().accept();
    assert.equal(socket.status, Status.OPEN);
  });

  test("failed attempts wait longer each time, up to the cap", () => {
    const { last, clock, statuses } = connectedAt(4, { random: () => 1, maxDelayMs: 4000 });
    for (let i = 0; i < 6; i += 1) {
      last().drop(1006);
      clock.advance(statuses.at(-1).delayMs);
    }
    const delays = statuses.filter((s) => s.status === "reconnecting").map((s) => s.delayMs);
    assert.deepEqual(delays, [500, 1000, 2000, 4000, 4000, 4000]);
  });

  test("once the server speaks again, the backoff starts afresh", () => {
    const { last, clock, statuses } = connectedAt(4, { random: () => 1 });
    for (let i = 0; i < 3; i += 1) {
      last().drop(1006);
      clock.advance(statuses.at(-1).delayMs);
    }
    last().accept();
    last().deliver({ t: "tick", v: 5 });
    last().drop(1006);
    assert.equal(statuses.at(-1).delayMs, 500);
  });

  test("a connection that opens but never speaks does not reset the backoff", () => {
    const { last, clock, statuses } = connectedAt(4, { random: () => 1 });
    last().drop(1006);
    clock.advance(500);
    last().accept();
    last().drop(1006);
    assert.equal(statuses.at(-1).delayMs, 1000);
  });

  for (const code of [4401, 4403, 4404, 4409]) {
    test(`no reconnect after close code ${code}`, () => {
      const { last, made, clock, statuses, socket } = connectedAt(4);
      last().drop(code, "no");
      clock.advance(600_000);
      assert.equal(made.length, 1);
      assert.equal(socket.status, Status.CLOSED);
      assert.deepEqual(statuses.at(-1), { status: "closed", pending: 0, code, reason: "no" });
      assert.deepEqual(clock.waiting, []);
    });
  }

  test("a socket refused before it opens reconnects like any drop", () => {
    const { socket, last, made, clock } = setup();
    socket.connect();
    last().drop(1006);
    clock.advance(500);
    assert.equal(made.length, 2);
  });

  test("a WebSocket constructor that throws is retried with backoff", () => {
    let calls = 0;
    const { socket, statuses, clock } = setup({
      WebSocket: class {
        constructor() {
          calls += 1;
          throw new SyntaxError("bad url");
        }
      },
      random: () => 1,
    });
    socket.connect();
    clock.advance(500);
    assert.equal(calls, 2);
    assert.deepEqual(statuses.map((s) => s.status), ["connecting", "reconnecting", "reconnecting"]);
  });

  test("reconnectNow skips the wait", () => {
    const { socket, last, made } = connectedAt(4);
    last().drop(1006);
    socket.reconnectNow();
    assert.equal(made.length, 2);
  });

  test("close by the page is final: no reconnect, the old socket's events ignored", () => {
    const { socket, last, made, clock, statuses } = connectedAt(4);
    const ws = last();
    socket.close();
    assert.equal(ws.closedWith.code, 1000);
    assert.equal(socket.status, Status.CLOSED);
    ws.deliver({ t: "tick", v: 5 });
    clock.advance(600_000);
    assert.equal(made.length, 1);
    assert.equal(statuses.filter((s) => s.status === "closed").length, 1);
  });

  test("events from a socket already replaced do not touch the new connection", () => {
    const { store, socket, last, clock } = connectedAt(4);
    const old = last();
    old.deliver({ t: "patch", v: 5, d: { ops: [{ op: "remove", path: "/nobody" }], log: [] } });
    clock.advance(500);
    last().accept();
    old.deliver({ t: "snapshot", v: 99, d: { stale: true } });
    old.drop(1006);
    assert.notEqual(store.version, 99);
    assert.equal(socket.status, Status.OPEN);
  });
});

describe("heartbeat", () => {
  test("the socket pings while open and stays up while the server answers", () => {
    const { last, clock, made, socket } = connectedAt(4);
    for (let i = 0; i < 5; i += 1) {
      clock.advance(10_000);
      last().deliver({ t: "pong" });
    }
    assert.equal(last().sentOf("ping").length, 5);
    assert.equal(made.length, 1);
    assert.equal(socket.status, Status.OPEN);
  });

  test("no frame between two pings means a dead connection: hang up and reconnect", () => {
    const { last, clock, made, socket, statuses } = connectedAt(4);
    const ws = last();
    clock.advance(10_000);
    assert.equal(ws.sentOf("ping").length, 1);
    clock.advance(10_000);
    assert.equal(ws.closedWith.code, 4001);
    assert.equal(socket.status, Status.RECONNECTING);
    assert.equal(statuses.at(-1).code, 4001);
    clock.advance(1_000);
    assert.equal(made.length, 2);
  });

  test("a throttled background timer does not count as a dead connection", () => {
    const { last, clock, made } = connectedAt(4);
    clock.advance(10_000); // ping
    last().deliver({ t: "pong" });
    clock.throttle(60_000);
    clock.advance(60_000); // the next heartbeat fires a minute late
    assert.equal(clock.now, 70_000);
    assert.equal(made.length, 1);
    assert.equal(last().sentOf("ping").length, 2);
  });

  test("no pings are sent while disconnected", () => {
    const { last, clock } = connectedAt(4);
    const ws = last();
    ws.drop(1006);
    clock.advance(300);
    assert.deepEqual(ws.sentOf("ping"), []);
    assert.deepEqual(clock.waiting, [75], "only the reconnect timer waits");
  });
});

describe("healing after a service outage", () => {
  test("a pong with a later version than the store's asks for what is missing", () => {
    const { last, clock, store } = connectedAt(4);
    clock.advance(10_000);
    last().deliver({ t: "pong", v: 6 }); // versions 5 and 6 never came: the last of a burst
    assert.deepEqual(last().sentOf("sync"), [{ t: "sync", v: 4 }]);
    last().deliver({ t: "tick", v: 5 });
    last().deliver({ t: "tick", v: 6 });
    assert.equal(store.version, 6);
  });

  test("a pong at the store's version, or one without a version, asks for nothing", () => {
    const { last, clock } = connectedAt(4);
    clock.advance(10_000);
    last().deliver({ t: "pong", v: 4 });
    clock.advance(10_000);
    last().deliver({ t: "pong" });
    assert.deepEqual(last().sentOf("sync"), []);
  });

  for (const [code, what] of [[4503, "a service the server needs is down"], [4408, "the page stopped reading"]]) {
    test(`close ${code} (${what}) reconnects with the version held and resends pending commands`, () => {
      const { last, clock, made, socket } = connectedAt(4);
      const id = socket.sendCommand(move("A0102"));
      last().deliver({ t: "error", code: "service/unavailable", message: "try again" });
      last().drop(code);
      assert.equal(socket.status, Status.RECONNECTING);
      clock.advance(500);
      assert.equal(made.length, 2);
      assert.equal(last().url, `${URL_BASE}?v=4`);
      last().accept();
      assert.deepEqual(last().sentOf("cmd").map((c) => [c.id, c.v]), [[id, 4]]);
    });
  }
});
