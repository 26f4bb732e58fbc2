// The line-of-sight tool: pick a hex to look from and one to look at; the server answers
// (GET .../los) seen or blocked, where and why, and the board draws it.

import { losSentence } from "./explain.js";

export class LosTool {
  picking = false;
  state = null; // null, {}, {from}, or {from, to, loading | answer | failed}
  #api;
  #fetch;
  #onChange;
  #terrainOf;

  constructor({ api, fetch, onChange, terrainOf }) {
    this.#api = api;
    this.#fetch = fetch;
    this.#onChange = onChange;
    this.#terrainOf = terrainOf;
  }

  get open() {
    return Boolean(this.state);
  }

  toggle() {
    if (this.open) return this.close();
    this.picking = true;
    this.state = {};
    this.#onChange();
  }

  close() {
    this.picking = false;
    this.state = null;
    this.#onChange();
  }

  /** The player pointed at a hex: the first is looked from, the second looked at. */
  async pick(hex) {
    if (!hex) return;
    if (!this.state?.from || this.state.to) {
      this.state = { from: hex };
      this.picking = true;
      return this.#onChange();
    }
    const from = this.state.from;
    this.state = { from, to: hex, loading: true };
    this.picking = false;
    this.#onChange();
    const answer = await this.#fetch(`${this.#api}/los?from=${encodeURIComponent(from)}&to=${encodeURIComponent(hex)}`);
    if (this.state?.to !== hex || this.state.from !== from) return;
    this.state = { from, to: hex, answer: sightAnswer(answer), failed: !answer };
    this.#onChange();
  }

  /** What the board draws: the server's answer, or the hex looked from while picking. */
  overlay() {
    const s = this.state;
    if (s?.answer) return s.answer;
    return s?.from ? { from: s.from, to: s.to ?? null, seen: true } : null;
  }

  /** The tool's line of text: what to click next, or the answer in words. */
  text() {
    const s = this.state;
    if (!s) return "";
    if (!s.from) return "click the hex to look from.";
    if (!s.to) return `from ${s.from}: click the hex to look at.`;
    if (s.loading) return `${s.from} → ${s.to}: asking the referee…`;
    if (s.failed) return `${s.from} → ${s.to}: the referee could not answer just now.`;
    return losSentence(s.answer, this.#terrainOf);
  }
}

/**
 * A line-of-sight answer in the board's shape ({from, to, seen, path, blocked_by}); an answer
 * that says `clear` and `why_not` instead (Panzer Leader's) is read the same way.
 */
export function sightAnswer(answer) {
  if (!answer || "seen" in answer || !("clear" in answer)) return answer;
  return { ...answer, seen: Boolean(answer.clear), path: answer.path ?? [], blocked_by: answer.clear ? null : { reason: answer.why_not ?? "", hex: answer.hex ?? null } };
}
