// The browser's half of the wire protocol: the frames it sends and the frames it accepts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as protocol from "../../static/games/js/protocol.js";
import {
  ProtocolError,
  encodeChat,
  encodeCmd,
  encodePing,
  encodeSync,
  gameSocketUrl,
  parseServerFrame,
  withVersion,
} from "../../static/games/js/protocol.js";

// A logger that records warnings instead of printing them.
function quietLogger() {
  const warnings = [];
  return { warnings, warn: (...args) => warnings.push(args.join(" ")) };
}

test("constants mirror games/protocol.py", () => {
  const py = readFileSync(new URL("../../games/protocol.py", import.meta.url), "utf-8");
  const pyConstants = Object.fromEntries(
    [...py.matchAll(/^([A-Z_]+) = ("?)([\w/ *]+?)\2$/gm)].map(([, name, quote, value]) => [
      name,
      // Strings, integers and products such as "64 * 1024".
      quote ? value : value.split("*").reduce((product, n) => product * Number(n), 1),
    ]),
  );
  const names = Object.keys(pyConstants);
  assert.ok(names.length >= 18, `found ${names.join(", ")}`);
  for (const name of names) assert.equal(protocol[name], pyConstants[name], name);
  const channels = py.match(/^CHAT_CHANNELS = \(([^)]*)\)/m)[1].match(/"(\w+)"/g).map((s) => s.slice(1, -1));
  assert.deepEqual([...protocol.CHAT_CHANNELS], channels);
});

test("a command frame carries its id, base version and command", () => {
  assert.deepEqual(JSON.parse(encodeCmd(17, 41, { type: "pass" })), {
    t: "cmd", id: 17, v: 41, d: { type: "pass" },
  });
});

test("a command with a bad id, version or body is refused before it is sent", () => {
  assert.throws(() => encodeCmd(-1, 1, {}), ProtocolError);
  assert.throws(() => encodeCmd(1, 1.5, {}), ProtocolError);
  assert.throws(() => encodeCmd(true, 1, {}), ProtocolError);
  assert.throws(() => encodeCmd(1, 1, "pass"), ProtocolError);
  assert.throws(() => encodeCmd(1, 1, [1]), ProtocolError);
});

test("sync carries the version the browser has; ping carries nothing", () => {
  assert.deepEqual(JSON.parse(encodeSync(3)), { t: "sync", v: 3 });
  assert.throws(() => encodeSync(null), ProtocolError);
  assert.deepEqual(JSON.parse(encodePing()), { t: "ping" });
});

test("chat text is trimmed and its channel checked, as the server does", () => {
  assert.deepEqual(JSON.parse(encodeChat("side", "  hold the ridge ")), {
    t: "chat", d: { channel: "side", text: "hold the ridge" },
  });
  assert.throws(() => encodeChat("everyone", "hi"), ProtocolError);
  assert.throws(() => encodeChat("side", "   "), ProtocolError);
  assert.throws(() => encodeChat("side", "x".repeat(501)), ProtocolError);
  assert.doesNotThrow(() => encodeChat("spectators", "x".repeat(500)));
});

test("the socket URL follows the page's scheme and carries the version it has", () => {
  const https = { protocol: "https:", host: "pg.example:8443" };
  assert.equal(gameSocketUrl(7, https, 41), "wss://pg.example:8443/ws/games/7/v1/?v=41");
  assert.equal(gameSocketUrl("7", { protocol: "http:", host: "localhost" }), "ws://localhost/ws/games/7/v1/");
  assert.equal(withVersion("ws://h/ws/games/7/v1/?v=3", 9), "ws://h/ws/games/7/v1/?v=9");
  assert.equal(withVersion("ws://h/ws/games/7/v1/?v=3", null), "ws://h/ws/games/7/v1/");
  // A coach's side stays in the URL whatever the version.
  assert.equal(withVersion("ws://h/ws/games/7/v1/?side=ge&v=3", 9), "ws://h/ws/games/7/v1/?side=ge&v=9");
  assert.equal(withVersion("ws://h/ws/games/7/v1/?side=ge", null), "ws://h/ws/games/7/v1/?side=ge");
});

test("every server frame type parses to just the keys it defines", () => {
  const cases = [
    [{ t: "snapshot", v: 4, d: { turn: 1 }, extra: 1 }, { t: "snapshot", v: 4, d: { turn: 1 } }],
    [{ t: "patch", v: 5, d: { ops: [], log: [{ k: "fire" }] } }, { t: "patch", v: 5, d: { ops: [], log: [{ k: "fire" }] } }],
    [{ t: "patch", v: 5, d: { ops: [] } }, { t: "patch", v: 5, d: { ops: [], log: [] } }],
    [{ t: "tick", v: 6 }, { t: "tick", v: 6 }],
    [{ t: "ack", id: 17, v: 42 }, { t: "ack", id: 17, v: 42 }],
    [{ t: "reject", id: 17, code: "state/stale_version", message: "stale" },
      { t: "reject", id: 17, code: "state/stale_version", message: "stale" }],
    [{ t: "reject", id: null, code: "seat/none", message: "no seat" }, { t: "reject", id: null, code: "seat/none", message: "no seat" }],
    [{ t: "error", code: "frame/invalid", message: "bad" }, { t: "error", code: "frame/invalid", message: "bad" }],
    [{ t: "error", d: { code: "frame/unknown" } }, { t: "error", code: "frame/unknown", message: "" }],
    [{ t: "chat", d: { channel: "side", text: "hi", from: "ann" } }, { t: "chat", d: { channel: "side", text: "hi", from: "ann" } }],
    [{ t: "presence", d: { seats: [] } }, { t: "presence", d: { seats: [] } }],
    [{ t: "offer", d: { offers: [{ by: "ge", stands: true }] } }, { t: "offer", d: { offers: [{ by: "ge", stands: true }] } }],
    [{ t: "pong" }, { t: "pong" }],
    [{ t: "pong", v: 12 }, { t: "pong", v: 12 }],
  ];
  for (const [raw, parsed] of cases) {
    const logger = quietLogger();
    assert.deepEqual(parseServerFrame(JSON.stringify(raw), logger), parsed, raw.t);
    assert.deepEqual(logger.warnings, []);
  }
});

test("frames that parse in Python's encoding parse here (keys sorted, no spaces)", () => {
  const text = '{"d":{"log":[],"ops":[{"op":"replace","path":"/turn","value":2}]},"t":"patch","v":9}';
  assert.equal(parseServerFrame(text, quietLogger()).v, 9);
});

test("an unknown or broken frame is dropped with a warning, not a crash", () => {
  const bad = [
    "not json",
    "[1, 2]",
    "null",
    '{"t":"launch","v":1}',
    '{"v":1}',
    '{"t":"toString"}',
    '{"t":"__proto__"}',
    '{"t":"snapshot","v":1}',
    '{"t":"snapshot","v":-1,"d":{}}',
    '{"t":"snapshot","v":1,"d":[1]}',
    '{"t":"patch","v":2,"d":{"ops":{}}}',
    '{"t":"patch","v":2,"d":{"ops":[],"log":"x"}}',
    '{"t":"tick","v":"3"}',
    '{"t":"tick","v":1.5}',
    '{"t":"ack","id":1}',
    '{"t":"reject","id":1}',
    '{"t":"error","message":"no code"}',
    '{"t":"chat","d":"hi"}',
    '{"t":"offer","d":{}}',
  ];
  for (const text of bad) {
    const logger = quietLogger();
    assert.equal(parseServerFrame(text, logger), null, text);
    assert.equal(logger.warnings.length, 1, text);
    assert.match(logger.warnings[0], /^pgweb protocol: /);
  }
});

test("without a logger the warning goes to the console", (t) => {
  const warn = t.mock.method(console, "warn", () => {});
  assert.equal(parseServerFrame('{"t":"launch"}'), null);
  assert.equal(warn.mock.callCount(), 1);
  assert.match(warn.mock.calls[0].arguments[0], /unknown frame type "launch"/);
});
