// The seats panel on the game page: who sits where and commands what, kept current from the
// view (`commanders`, `sectors`) and the REST game (players who joined since the page
// opened); and which own-side counters a team partner commands now, for the board.

import { csrfToken, getJson } from "./dom.js";
import { renderSeats, withUsers } from "./seats.js";
import { latestOnly } from "../lobby/api.js";

export class SeatsPanel {
  #root;
  #boot;
  #sideName;
  #view;
  #ui;
  #columnName;
  #game;

  /** `ui.seats` and `ui.presence` hold the roster and who is online; `view()` the current view;
   * `fetch(url)` answers JSON or null. */
  constructor({ root, boot, sideName, view, ui, fetch = getJson }) {
    this.#root = root;
    this.#boot = boot;
    this.#sideName = sideName;
    this.#view = view;
    this.#ui = ui;
    // Each presence change reloads the game: a reload started before a player joined or left
    // that answers after a later one must not draw the seats as they were.
    this.#game = latestOnly(() => fetch(boot.api));
    // A map column (axial q) by the printed label of its northmost hex: "A05".
    const columns = new Map();
    for (const h of boot.map.hexes) {
      const known = columns.get(h.q);
      if (!known || h.r < known.r) columns.set(h.q, h);
    }
    this.#columnName = (q) => columns.get(q)?.hex.slice(0, -2) ?? String(q);
  }

  draw() {
    const v = this.#view();
    renderSeats(this.#root, this.#ui.seats, this.#ui.presence, this.#boot.seat, this.#sideName,
      // In an untimed game (no clocks in the view) only a partner may ask for a stand-in, or
      // an opponent for the bot the away player chose themselves (the seat's `stand_in`).
      { sectors: v?.sectors ?? null, commanders: v?.commanders ?? null, columnName: this.#columnName,
        standInPartnersOnly: !v?.clocks },
      this.#boot.seat && !v?.result ? (seat, level) => this.#standIn(seat, level) : null);
  }

  /** Ask a bot of `level` to stand in for an away player's seat; the server's answer in words. */
  async #standIn(seat, level) {
    try {
      const response = await fetch(`${this.#boot.api}/bot-stand-in`, {
        method: "POST", credentials: "same-origin", body: JSON.stringify({ seat, level }),
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
      });
      const answer = await response.json().catch(() => null);
      if (response.ok) return `A ${answer.level} bot stands in until the player returns.`;
      return answer?.message ?? answer?.error?.message ?? `Refused (${response.status}).`;
    } catch {
      return "Could not reach the server.";
    }
  }

  /** Own-side units a partner commands now: the view's answer, else the opening's (boot). */
  partnerUnits() {
    const seat = this.#boot.seat;
    if (!seat) return [];
    const now = this.#view()?.commanders ?? this.#boot.commanders ?? {};
    return Object.entries(now).filter(([, s]) => s && s !== seat).map(([unit]) => unit);
  }

  /** Players who joined since the page opened; at the start, which seat commands each own unit. */
  async load() {
    const boot = this.#boot;
    const game = await this.#game();
    if (!game) return; // failed, or a later reload is under way and will draw the seats
    this.#ui.seats = withUsers(this.#ui.seats, game.seats);
    boot.commanders ??= {};
    for (const s of game.seats ?? []) {
      if (s.side === boot.side) for (const unit of s.units ?? []) boot.commanders[unit] = s.id;
    }
    this.draw();
  }
}
