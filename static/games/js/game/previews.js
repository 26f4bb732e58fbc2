// The server's previews of a seat's commands (GET .../preview?unit=), kept per version and
// unit: what a move costs and what an attack risks. Nothing is computed here.

import { actingUnits, actors, commandKey, sameCommand } from "./legal.js";

// An answer lost on the way (the network, a server too busy to answer) is asked for again,
// a little later each time: otherwise the confirm box would say "Odds loading…" until the
// player picked the unit anew.
export const RETRIES = 3;
export const RETRY_MS = 1000;

export class Previews {
  #byKey = new Map(); // `${version}:${unit}` -> [{command, cost|odds}]
  #fetch;
  #api;
  #onLoad;
  #seat;
  #later;
  #current = null; // the page's version, once keepOnly has named it

  /** `fetch(url)` answers JSON or null; `onLoad()` is called when an answer arrives;
   * `seat()` names a partner's seat the board acts for (null: the player's own);
   * `later(fn, ms)` runs a retry (setTimeout). */
  constructor({ api, fetch, onLoad, seat = () => null, later = (fn, ms) => setTimeout(fn, ms) }) {
    this.#api = api;
    this.#fetch = fetch;
    this.#onLoad = onLoad;
    this.#seat = seat;
    this.#later = later;
  }

  /** The preview of one command at `version`, from any unit it names, or null. */
  of(command, version) {
    const own = this.#byKey.get(`${version}:${commandKey(command)}`)?.[0];
    if (own) return own;
    for (const id of [...actingUnits(command), ...actors(command)]) {
      const hit = this.#byKey.get(`${version}:${id}`)?.find((p) => sameCommand(p.command, command));
      if (hit) return hit;
    }
    return null;
  }

  /** Ask for the previews of the commands naming `unit` at `version` (once, unless the
   * answer is lost). */
  load(unit, version) {
    if (!unit) return;
    this.#ask(`${version}:${unit}`, version, `unit=${encodeURIComponent(unit)}`, (answer) => answer.previews);
  }

  /** Ask for the preview of one command no unit of the seat acts in (an air strike, naval
   * gunfire: GET .../preview?command=), kept under its own key at `version` (once, unless the
   * answer is lost). */
  loadCommand(command, version) {
    const query = `command=${encodeURIComponent(JSON.stringify(command))}`;
    const entry = (answer) => answer.previews?.[0];
    this.#ask(`${version}:${commandKey(command)}`, version, query, (answer) => (entry(answer) ? [{ command, ...entry(answer) }] : null));
  }

  /** GET the previews for `query` at `version` and keep what `kept(answer)` makes of them
   * under `key`. An answer for another version is dropped (the page's next frame asks
   * again); a lost one is asked for again while `version` is still the page's. */
  async #ask(key, version, query, kept, attempt = 0) {
    if (this.#byKey.has(key)) return;
    this.#byKey.set(key, []);
    const seat = this.#seat();
    const forSeat = seat ? `&seat=${encodeURIComponent(seat)}` : "";
    const answer = await this.#fetch(`${this.#api}/preview?${query}${forSeat}`);
    if (answer && answer.v === version) {
      const previews = kept(answer);
      if (previews) { // else the referee has none for it: the key stays, answered with nothing
        this.#byKey.set(key, previews);
        this.#onLoad();
      }
      return;
    }
    this.#byKey.delete(key);
    const lost = !answer && attempt < RETRIES && (this.#current === null || this.#current === version);
    if (lost) this.#later(() => this.#ask(key, version, query, kept, attempt + 1), RETRY_MS * (attempt + 1));
  }

  /** Keep a preview the page got another way (a composed fire's, ui/extra_commands.js). */
  add(unit, version, entry) {
    const key = `${version}:${unit}`;
    this.#byKey.set(key, [...(this.#byKey.get(key) ?? []), entry]);
  }

  /** Forget every version but `version`, the page's now. */
  keepOnly(version) {
    this.#current = version;
    for (const key of [...this.#byKey.keys()]) if (!key.startsWith(`${version}:`)) this.#byKey.delete(key);
  }
}

/** Whether the referee answers a preview of `command`: its type is one the seat's view lists
 * (`previewed`, the ruleset's view); an initiative roll or an activation has none. */
export function hasPreview(view, command) {
  return Boolean(command) && (view?.previewed ?? []).includes(command.type);
}
