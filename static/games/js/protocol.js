// The wire protocol of /ws/games/<id>/v1/: frame types, encoding and checking.
//
// Mirrors games/protocol.py (DESIGN.md, "The wire protocol"). Frames are JSON objects with
// short keys: t type, v game version, d data, id a client command id. The browser is lenient
// where the server is strict: a frame it cannot use is dropped with a console warning, never
// a crash, so a newer server can add frame types without breaking an older page.

export const PROTOCOL_VERSION = 1;
export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_CHAT_CHARS = 500;
export const MAX_SEAT_CHARS = 40;

// Browser to server.
export const CMD = "cmd";
export const SYNC = "sync";
export const CHAT = "chat";
export const PING = "ping";
export const CLIENT_TYPES = Object.freeze([CMD, SYNC, CHAT, PING]);

// Server to browser.
export const SNAPSHOT = "snapshot";
export const PATCH = "patch";
export const TICK = "tick";
export const ACK = "ack";
export const REJECT = "reject";
export const ERROR = "error";
export const PRESENCE = "presence";
export const PONG = "pong";
export const CLOCK = "clock"; // the clocks changed outside a step (games/clocks/live.py)
export const OFFER = "offer"; // the draw offers this side may see (games/services/endings.py)
// A side's plans, to that side's seats and coaches only (games/planning).
export const ORDERS = "orders";
export const ORDER_ANSWER = "order_answer";
export const DRAWING = "drawing";
export const SERVER_TYPES = Object.freeze([
  SNAPSHOT, PATCH, TICK, ACK, REJECT, ERROR, CHAT, PRESENCE, PONG, CLOCK, OFFER, ORDERS,
  ORDER_ANSWER, DRAWING,
]);
/** Frames that carry a game version and must be applied in order. */
export const VERSIONED_TYPES = Object.freeze([SNAPSHOT, PATCH, TICK]);

export const CHAT_CHANNELS = Object.freeze(["side", "players", "spectators"]);

// WebSocket close codes (DESIGN.md). After these, reconnecting cannot help.
export const CLOSE_NOT_SIGNED_IN = 4401;
export const CLOSE_NOT_YOUR_GAME = 4403;
export const CLOSE_NO_SUCH_GAME = 4404;
export const CLOSE_UNSUPPORTED_VERSION = 4409;
export const CLOSE_TOO_MANY_FRAMES = 4429;
// These two are followed by a reconnect: the page stopped reading and the server would not
// hold more for it; a service the server needs (database, Redis) is down for a moment.
export const CLOSE_NOT_READING = 4408;
export const CLOSE_TRY_AGAIN = 4503;
export const FINAL_CLOSE_CODES = Object.freeze([
  CLOSE_NOT_SIGNED_IN, CLOSE_NOT_YOUR_GAME, CLOSE_NO_SUCH_GAME, CLOSE_UNSUPPORTED_VERSION,
]);

/** A frame the browser refuses to send: a bug in the page, not in the network. */
export class ProtocolError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "ProtocolError";
    this.code = code;
  }
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isVersion = (value) => Number.isSafeInteger(value) && value >= 0;

function requireVersion(value, what) {
  if (!isVersion(value)) throw new ProtocolError("frame/invalid", `${what} must be a non-negative integer`);
  return value;
}

// Encoding, browser to server. Each returns the text to hand to WebSocket.send.

/**
 * A command: the client's id, the version the player saw, the command object, and `seat`
 * when the player acts for a partner's seat (taken over, or its player on vacation).
 */
export function encodeCmd(id, version, command, seat = null) {
  requireVersion(id, "command id");
  requireVersion(version, "base version");
  if (!isObject(command)) throw new ProtocolError("frame/invalid", "a command must be an object");
  if (seat === null || seat === undefined) return JSON.stringify({ t: CMD, id, v: version, d: command });
  if (typeof seat !== "string" || !seat || seat.length > MAX_SEAT_CHARS) {
    throw new ProtocolError("frame/invalid", "a seat must be a seat id");
  }
  return JSON.stringify({ t: CMD, id, v: version, d: command, s: seat });
}

/** Ask for everything after the version the browser has. */
export function encodeSync(version) {
  return JSON.stringify({ t: SYNC, v: requireVersion(version, "sync version") });
}

/** A chat line to one channel; the text is trimmed as the server would. */
export function encodeChat(channel, text) {
  if (!CHAT_CHANNELS.includes(channel)) {
    throw new ProtocolError("frame/invalid", `chat channel must be one of ${CHAT_CHANNELS.join(", ")}`);
  }
  const body = typeof text === "string" ? text.trim() : "";
  if (!body) throw new ProtocolError("frame/invalid", "chat text must be a non-empty string");
  if (body.length > MAX_CHAT_CHARS) {
    throw new ProtocolError("frame/invalid", `chat text is longer than ${MAX_CHAT_CHARS}`);
  }
  return JSON.stringify({ t: CHAT, d: { channel, text: body } });
}

export function encodePing() {
  return JSON.stringify({ t: PING });
}

/**
 * The game socket's URL for a page at `location`: ws: or wss: like the page's http: or https:.
 * `version` is the last version the browser has; without one the server sends a snapshot.
 */
export function gameSocketUrl(gameId, location, version = null, { side = null } = {}) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}/ws/games/${encodeURIComponent(gameId)}/v${PROTOCOL_VERSION}/`;
  return withVersion(side ? `${url}?side=${encodeURIComponent(side)}` : url, version);
}

/**
 * Set `v=<version>` in a socket URL's query (replacing any), or leave it off for a null
 * version; other parameters (a coach's `side`) are kept.
 */
export function withVersion(url, version) {
  const [base, query = ""] = url.replace(/#.*$/, "").split("?");
  const params = query.split("&").filter((p) => p && !p.startsWith("v="));
  if (version !== null && version !== undefined) params.push(`v=${requireVersion(version, "version")}`);
  return params.length ? `${base}?${params.join("&")}` : base;
}

// Parsing, server to browser.

function warn(logger, message, text) {
  const shown = typeof text === "string" && text.length > 200 ? `${text.slice(0, 200)}…` : text;
  logger.warn(`pgweb protocol: ${message}`, shown);
  return null;
}

const isText = (value) => typeof value === "string";

// What each frame type must carry; returns the checked frame or a reason it is unusable.
const CHECKS = {
  [SNAPSHOT]: (f) => (isVersion(f.v) && isObject(f.d) ? { t: SNAPSHOT, v: f.v, d: f.d } : "needs v and d"),
  [PATCH]: (f) => {
    if (!isVersion(f.v) || !isObject(f.d) || !Array.isArray(f.d.ops)) return "needs v and d.ops";
    if (f.d.log !== undefined && !Array.isArray(f.d.log)) return "d.log must be a list";
    // `by`: who of a team side acted, on that side's frame (games/services/race.py acted_by).
    const by = isObject(f.d.by) && isText(f.d.by.seat) && isText(f.d.by.acted_first) ? { by: f.d.by } : {};
    return { t: PATCH, v: f.v, d: { ops: f.d.ops, log: f.d.log ?? [], ...by } };
  },
  [TICK]: (f) => (isVersion(f.v) ? { t: TICK, v: f.v } : "needs v"),
  [ACK]: (f) => (isVersion(f.id) && isVersion(f.v) ? { t: ACK, id: f.id, v: f.v } : "needs id and v"),
  [REJECT]: (f) => {
    if (!(f.id === null || isVersion(f.id)) || !isText(f.code)) return "needs id and code";
    return { t: REJECT, id: f.id, code: f.code, message: isText(f.message) ? f.message : "" };
  },
  [ERROR]: (f) => {
    // games/protocol.error_frame puts code and message at the top; accept them under d too.
    const src = isText(f.code) ? f : isObject(f.d) ? f.d : {};
    if (!isText(src.code)) return "needs code";
    return { t: ERROR, code: src.code, message: isText(src.message) ? src.message : "" };
  },
  [CHAT]: (f) => (isObject(f.d) ? { t: CHAT, d: f.d } : "needs d"),
  [PRESENCE]: (f) => (isObject(f.d) ? { t: PRESENCE, d: f.d } : "needs d"),
  // A game socket's pong carries the last version it was sent (the lobby's carries none).
  [CLOCK]: (f) => (isObject(f.d) ? { t: CLOCK, d: f.d } : "needs d"),
  [OFFER]: (f) => (isObject(f.d) && Array.isArray(f.d.offers) ? { t: OFFER, d: f.d } : "needs d.offers"),
  [ORDERS]: (f) => (isObject(f.d) && Array.isArray(f.d.orders) ? { t: ORDERS, d: f.d } : "needs d.orders"),
  [ORDER_ANSWER]: (f) => (isObject(f.d) && isVersion(f.d.v) ? { t: ORDER_ANSWER, d: f.d } : "needs d.v"),
  [DRAWING]: (f) => (isObject(f.d) && isText(f.d.op) ? { t: DRAWING, d: f.d } : "needs d.op"),
  [PONG]: (f) => (f.v === undefined ? { t: PONG } : isVersion(f.v) ? { t: PONG, v: f.v } : "v must be a version"),
};

/**
 * Parse one server frame. Returns the checked frame (only the keys its type defines), or
 * null for anything unusable: not JSON, not an object, an unknown type, a missing field.
 */
export function parseServerFrame(text, logger = console) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    return warn(logger, "frame is not JSON", text);
  }
  if (!isObject(raw)) return warn(logger, "frame is not an object", text);
  const check = Object.prototype.hasOwnProperty.call(CHECKS, raw.t) ? CHECKS[raw.t] : null;
  if (!check) return warn(logger, `unknown frame type ${JSON.stringify(raw.t)} ignored`, text);
  const frame = check(raw);
  if (typeof frame === "string") return warn(logger, `'${raw.t}' frame ${frame}`, text);
  return frame;
}
