// The game's WebSocket: versions in order, commands until acknowledged, reconnects with backoff.
//
// Modelled on Lichess's browser socket (STYLE.md 5): frames the store already has are
// dropped, a gap asks the server for `sync`, and commands not yet acknowledged are resent
// with their original ids after a reconnect (the server applies an id once per seat). The
// WebSocket constructor, timers, clock and randomness are injected, so tests drive it with
// fakes and no network.

import {
  ACK, CHAT, CLOCK, DRAWING, ERROR, FINAL_CLOSE_CODES, OFFER, ORDER_ANSWER, ORDERS, PATCH, PONG, PRESENCE, ProtocolError, REJECT, SNAPSHOT,
  TICK, encodeChat, encodeCmd, encodePing, encodeSync, parseServerFrame, withVersion,
} from "./protocol.js";
import { Emitter, Outcome } from "./store.js";

export const Status = Object.freeze({
  CONNECTING: "connecting", // the first connection is being made
  OPEN: "open",
  RECONNECTING: "reconnecting", // the connection dropped; waiting to dial again, or dialling
  CLOSED: "closed", // for good: closed by the page, or by the server with a final code
});

const WS_OPEN = 1; // WebSocket.OPEN, the same in every implementation
const CLOSE_NORMAL = 1000;
const CLOSE_RESYNC = 4000; // ours, browser-side: the view broke, dial again for a snapshot
const CLOSE_DEAD = 4001; // ours, browser-side: no answer to a ping

export const DEFAULTS = Object.freeze({
  firstDelayMs: 500, // the first reconnect waits 250-500 ms
  maxDelayMs: 30_000, // and none waits longer than this
  pingEveryMs: 10_000, // a ping every 10 s; no frame at all before the next one: dead
  syncRetryMs: 5_000, // ask again for the same `sync` only after this long
});

/**
 * How long to wait before reconnect attempt `attempt` (0-based): exponential, capped at
 * `maxDelayMs`, with "equal jitter" (half fixed, half random) so that a server restart does not
 * bring every browser back in the same millisecond.
 */
export function backoffDelay(attempt, random = Math.random, { firstDelayMs, maxDelayMs } = DEFAULTS) {
  const cap = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(cap / 2 + random() * (cap / 2));
}

export class GameSocket extends Emitter {
  #url;
  #store;
  #WebSocket;
  #timers;
  #now;
  #random;
  #logger;
  #options;

  #ws = null;
  #status = null;
  #stopped = false;
  #attempt = 0; // reconnects since the server last spoke to us
  #reconnectTimer = null;
  #heartbeatTimer = null;
  #lastFrameAt = 0;
  #pingSentAt = null;
  #sync = null; // {version, at}: the last sync sent, so a burst of gap frames asks once
  #nextId;
  #pending = new Map(); // id -> {id, v, d}, in the order sent

  /**
   * `url`: the game socket URL without `?v=` (see protocol.gameSocketUrl); `store`: a Store.
   * Options: WebSocket, timers ({setTimeout, clearTimeout}), now, random, logger,
   * firstCommandId, and the timings in DEFAULTS.
   */
  constructor({
    url,
    store,
    WebSocket = globalThis.WebSocket,
    timers = globalThis,
    now = () => Date.now(),
    random = Math.random,
    logger = console,
    firstCommandId = null,
    ...options
  }) {
    super();
    this.#url = url;
    this.#store = store;
    this.#WebSocket = WebSocket;
    this.#timers = timers;
    this.#now = now;
    this.#random = random;
    this.#logger = logger;
    this.#options = { ...DEFAULTS, ...options };
    // Ids must not repeat after a page reload, or the server would take a new command for a
    // resent old one; starting from the clock (in µs-sized steps) keeps them increasing.
    this.#nextId = firstCommandId ?? Math.floor(now()) * 1000 + Math.floor(random() * 1000);
  }

  get status() {
    return this.#status;
  }

  /** Commands sent or queued and not yet acknowledged or rejected, oldest first. */
  get pending() {
    return [...this.#pending.values()].map((p) => ({ ...p }));
  }

  /** Open the connection (once; later reconnects are automatic). */
  connect() {
    if (this.#ws || this.#reconnectTimer !== null) return;
    this.#stopped = false;
    this.#setStatus(this.#status === null ? Status.CONNECTING : Status.RECONNECTING);
    this.#dial();
  }

  /** Close for good: no reconnect. Pending commands stay listed in `pending`. */
  close() {
    this.#stopped = true;
    this.#clearTimers();
    this.#hangUp(CLOSE_NORMAL, "closed by the page");
    this.#setStatus(Status.CLOSED, { code: CLOSE_NORMAL });
  }

  /** Dial now instead of waiting out the backoff (the page came back online, or a button). */
  reconnectNow() {
    if (this.#stopped || this.#reconnectTimer === null) return;
    this.#timers.clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
    this.#dial();
  }

  /**
   * Send a command based on the store's current version; returns its client id. While the
   * socket is not open it waits, and it is resent after every reconnect until `ack`/`reject`.
   */
  sendCommand(command, { seat = null } = {}) {
    const version = this.#store.version;
    if (version === null) throw new ProtocolError("state/no_view", "no view yet to base a command on");
    const id = this.#nextId++;
    const text = encodeCmd(id, version, command, seat); // throws on a malformed command: a page bug
    this.#pending.set(id, seat ? { id, v: version, d: command, s: seat } : { id, v: version, d: command });
    this.#send(text);
    return id;
  }

  /** Send a chat line if the socket is open; returns whether it was sent (chat is not queued). */
  sendChat(channel, text) {
    return this.#send(encodeChat(channel, text));
  }

  #send(text) {
    if (!this.#ws || this.#ws.readyState !== WS_OPEN) return false;
    this.#ws.send(text);
    return true;
  }

  #setStatus(status, detail = {}) {
    this.#status = status;
    this.emit("status", { status, pending: this.#pending.size, ...detail });
  }

  #dial() {
    const store = this.#store;
    const url = withVersion(this.#url, store.needsSnapshot ? null : store.version);
    let ws;
    try {
      ws = new this.#WebSocket(url);
    } catch (error) {
      this.#logger.warn("pgweb socket: cannot open", url, error);
      this.#scheduleReconnect(null);
      return;
    }
    this.#ws = ws;
    // Events from a socket we have hung up on are ignored.
    ws.onopen = () => ws === this.#ws && this.#onOpen();
    ws.onmessage = (event) => ws === this.#ws && this.#onMessage(event.data);
    ws.onclose = (event) => ws === this.#ws && this.#onClose(event.code, event.reason);
    ws.onerror = () => {}; // a close event always follows
  }

  #onOpen() {
    this.#lastFrameAt = this.#now();
    this.#pingSentAt = null;
    this.#sync = null;
    this.#setStatus(Status.OPEN);
    for (const { id, v, d, s } of this.#pending.values()) this.#send(encodeCmd(id, v, d, s ?? null));
    this.#heartbeatTimer = this.#timers.setTimeout(() => this.#heartbeat(), this.#options.pingEveryMs);
  }

  // No frame since the last ping means the connection is dead, whatever the socket says.
  // Comparing with the ping, not with the clock, stays right when a background tab's timers
  // are throttled to once a minute.
  #heartbeat() {
    this.#heartbeatTimer = null;
    if (this.#pingSentAt !== null && this.#lastFrameAt < this.#pingSentAt) {
      this.#logger.warn("pgweb socket: no answer to ping, reconnecting");
      this.#hangUp(CLOSE_DEAD, "no answer to ping");
      this.#scheduleReconnect(CLOSE_DEAD);
      return;
    }
    this.#pingSentAt = this.#now();
    this.#send(encodePing());
    this.#heartbeatTimer = this.#timers.setTimeout(() => this.#heartbeat(), this.#options.pingEveryMs);
  }

  #onMessage(text) {
    this.#lastFrameAt = this.#now();
    this.#attempt = 0; // the server is talking to us: the next drop starts the backoff afresh
    const frame = parseServerFrame(text, this.#logger);
    if (!frame) return;
    switch (frame.t) {
      case SNAPSHOT:
      case PATCH:
      case TICK:
        this.#onVersioned(frame);
        break;
      case ACK:
      case REJECT:
        this.#onAnswer(frame);
        break;
      case ERROR:
        this.#logger.warn("pgweb socket: the server refused a frame", frame.code, frame.message);
        this.emit("error", frame);
        break;
      case CHAT:
      case PRESENCE:
      case CLOCK:
      case OFFER:
      case ORDERS:
      case ORDER_ANSWER:
      case DRAWING:
        this.emit(frame.t, frame.d);
        break;
      case PONG:
        this.#onPong(frame);
        break;
      default:
    }
  }

  // Its arrival shows the connection is alive; its version is the last one the server sent
  // this socket. Having less means a frame went missing with no later frame to show the gap
  // (the last of a burst that the channel layer dropped): ask for what is missing.
  #onPong(frame) {
    const store = this.#store;
    if (frame.v === undefined || store.needsSnapshot || store.version === null) return;
    if (frame.v > store.version) this.#requestSync(store.version);
  }

  #onVersioned(frame) {
    const result = this.#store.applyFrame(frame);
    if (result.outcome === Outcome.GAP) {
      this.#requestSync(result.have);
    } else if (result.outcome === Outcome.BROKEN) {
      // The view no longer matches the server's; dial again without ?v= to get a snapshot.
      this.#logger.warn("pgweb socket: a patch did not apply, fetching a snapshot", result.error);
      this.#hangUp(CLOSE_RESYNC, "resync");
      this.#scheduleReconnect(CLOSE_RESYNC);
    } else if (result.outcome !== Outcome.STALE && result.outcome !== Outcome.WAITING) {
      this.#sync = null;
    }
  }

  #requestSync(version) {
    const now = this.#now();
    const last = this.#sync;
    if (last && last.version === version && now - last.at < this.#options.syncRetryMs) return;
    if (this.#send(encodeSync(version))) this.#sync = { version, at: now };
  }

  #onAnswer(frame) {
    const sent = frame.id === null ? undefined : this.#pending.get(frame.id);
    // An answer to an id we no longer hold is the server repeating itself after a resend.
    if (frame.id !== null && !sent) return;
    this.#pending.delete(frame.id);
    if (frame.t === ACK) {
      this.emit("ack", { id: frame.id, v: frame.v, command: sent.d });
    } else {
      const { id, code, message } = frame;
      this.emit("reject", { id, code, message, command: sent?.d ?? null });
    }
  }

  #onClose(code, reason) {
    this.#ws = null;
    this.#clearTimers();
    if (FINAL_CLOSE_CODES.includes(code)) {
      this.#stopped = true;
      this.#setStatus(Status.CLOSED, { code, reason });
    } else if (this.#stopped) {
      this.#setStatus(Status.CLOSED, { code, reason });
    } else {
      this.#scheduleReconnect(code);
    }
  }

  #scheduleReconnect(code) {
    this.#clearTimers();
    const delayMs = backoffDelay(this.#attempt, this.#random, this.#options);
    this.#attempt += 1;
    this.#setStatus(Status.RECONNECTING, { code, attempt: this.#attempt, delayMs });
    this.#reconnectTimer = this.#timers.setTimeout(() => {
      this.#reconnectTimer = null;
      this.#dial();
    }, delayMs);
  }

  // Detach first, so the old socket's late events cannot touch the new connection.
  #hangUp(code, reason) {
    const ws = this.#ws;
    this.#ws = null;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close(code, reason);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  #clearTimers() {
    if (this.#reconnectTimer !== null) this.#timers.clearTimeout(this.#reconnectTimer);
    if (this.#heartbeatTimer !== null) this.#timers.clearTimeout(this.#heartbeatTimer);
    this.#reconnectTimer = this.#heartbeatTimer = null;
  }
}
