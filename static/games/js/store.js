// The browser's copy of one audience's view and its game version.
//
// Frames carrying a version arrive in order or not at all (DESIGN.md, "The wire protocol"):
// every audience gets exactly one patch or tick per version, so the store can tell a frame it
// already has (dropped), the next one (applied) and a gap (reported, so the socket asks for
// `sync`). A snapshot replaces everything. Views are never mutated: each change makes a new
// view object, so a subscriber can compare the previous view with the new one by identity.

import { applyPatch } from "./patch.js";
import { PATCH, SNAPSHOT, TICK } from "./protocol.js";

/** A tiny event emitter: `on` returns its own unsubscribe function. */
export class Emitter {
  #listeners = new Map();

  on(type, fn) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type).add(fn);
    return () => this.off(type, fn);
  }

  off(type, fn) {
    this.#listeners.get(type)?.delete(fn);
  }

  emit(type, payload) {
    // A copy, so a listener that unsubscribes itself does not skip its neighbour.
    for (const fn of [...(this.#listeners.get(type) ?? [])]) {
      try {
        fn(payload);
      } catch (error) {
        // One broken listener must not stop the board from drawing or the socket from acking.
        console.error(`pgweb: a '${type}' listener failed`, error);
      }
    }
  }
}

/** What `applyFrame` did with a frame. */
export const Outcome = Object.freeze({
  SNAPSHOT: "snapshot", // the view was replaced
  PATCHED: "patched", // the next version's patch was applied
  TICKED: "ticked", // the next version passed with nothing to see
  STALE: "stale", // a version the store already has: dropped
  GAP: "gap", // a version after a missing one: dropped, ask the server for `sync`
  WAITING: "waiting", // no usable view yet: only a snapshot helps
  BROKEN: "broken", // the patch did not fit the view: the view needs a snapshot
  IGNORED: "ignored", // not a versioned frame
});

export const DEFAULT_MAX_LOG = 500;

export class Store extends Emitter {
  #version;
  #view;
  #log = [];
  #maxLog;
  #needsSnapshot;

  /** Start empty, or from a snapshot the page embedded (`{version, view}`). */
  constructor({ version = null, view = null, maxLog = DEFAULT_MAX_LOG } = {}) {
    super();
    this.#version = version;
    this.#view = view;
    this.#maxLog = maxLog;
    this.#needsSnapshot = version === null;
  }

  /** The game version of the view, or null before the first snapshot. */
  get version() {
    return this.#version;
  }

  get view() {
    return this.#view;
  }

  /** Log entries `{v, event}`, oldest first, at most `maxLog` of them. */
  get log() {
    return this.#log;
  }

  /** True until a snapshot arrives, and again after a patch failed to apply. */
  get needsSnapshot() {
    return this.#needsSnapshot;
  }

  /** Call `fn(change)` once per change of the view or version; returns an unsubscribe. */
  subscribe(fn) {
    return this.on("change", fn);
  }

  /** Drop patches and ticks until the next snapshot (the view is not to be trusted). */
  invalidate() {
    this.#needsSnapshot = true;
  }

  /** Apply one parsed server frame; returns `{outcome, ...}` saying what happened. */
  applyFrame(frame) {
    if (frame.t === SNAPSHOT) return this.#applySnapshot(frame);
    if (frame.t !== PATCH && frame.t !== TICK) return { outcome: Outcome.IGNORED };
    if (this.#needsSnapshot) return { outcome: Outcome.WAITING, have: this.#version, got: frame.v };
    if (frame.v <= this.#version) return { outcome: Outcome.STALE, have: this.#version, got: frame.v };
    if (frame.v > this.#version + 1) return { outcome: Outcome.GAP, have: this.#version, got: frame.v };
    if (frame.t === TICK) return this.#change(Outcome.TICKED, frame.v, this.#view, [], []);
    let view;
    try {
      view = applyPatch(this.#view, frame.d.ops);
    } catch (error) {
      this.#needsSnapshot = true;
      return { outcome: Outcome.BROKEN, have: this.#version, got: frame.v, error };
    }
    return this.#change(Outcome.PATCHED, frame.v, view, frame.d.ops, frame.d.log, frame.d.by ?? null);
  }

  #applySnapshot(frame) {
    // A snapshot older than the view is a late frame; one at the same version heals.
    if (!this.#needsSnapshot && frame.v < this.#version) {
      return { outcome: Outcome.STALE, have: this.#version, got: frame.v };
    }
    this.#needsSnapshot = false;
    return this.#change(Outcome.SNAPSHOT, frame.v, frame.d, null, []);
  }

  /** `by`: who of a team side acted for this version, when its frame says (else null). */
  #change(outcome, version, view, ops, log, by = null) {
    const previousVersion = this.#version;
    const previousView = this.#view;
    this.#version = version;
    this.#view = view;
    const entries = log.map((event) => ({ v: version, event }));
    if (entries.length) {
      this.#log = [...this.#log, ...entries].slice(-this.#maxLog);
    }
    const change = { outcome, version, previousVersion, view, previousView, ops, log: entries, by };
    this.emit("change", change);
    return change;
  }
}
