// The server's previews of a seat's commands (GET .../preview?unit=), kept per version and
// unit: what a move costs and what an attack risks. Nothing is computed here.

import { actingUnits, actors, commandKey, sameCommand } from "./legal.js";

export class Previews {
  #byKey = new Map(); // `${version}:${unit}` -> [{command, cost|odds}]
  #fetch;
  #api;
  #onLoad;
  #seat;

  /** `fetch(url)` answers JSON or null; `onLoad()` is called when an answer arrives;
   * `seat()` names a partner's seat the board acts for (null: the player's own). */
  constructor({ api, fetch, onLoad, seat = () => null }) {
    this.#api = api;
    this.#fetch = fetch;
    this.#onLoad = onLoad;
    this.#seat = seat;
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

  /** Ask for the previews of the commands naming `unit` at `version` (once). */
  async load(unit, version) {
    const key = `${version}:${unit}`;
    if (!unit || this.#byKey.has(key)) return;
    this.#byKey.set(key, []);
    const seat = this.#seat();
    const forSeat = seat ? `&seat=${encodeURIComponent(seat)}` : "";
    const answer = await this.#fetch(`${this.#api}/preview?unit=${encodeURIComponent(unit)}${forSeat}`);
    if (answer && answer.v === version) {
      this.#byKey.set(key, answer.previews);
      this.#onLoad();
    } else {
      this.#byKey.delete(key);
    }
  }

  /** Ask for the preview of one command no unit of the seat acts in (an air strike, naval
   * gunfire: GET .../preview?command=), kept under its own key at `version` (once). */
  async loadCommand(command, version) {
    const key = `${version}:${commandKey(command)}`;
    if (this.#byKey.has(key)) return;
    this.#byKey.set(key, []);
    const seat = this.#seat();
    const forSeat = seat ? `&seat=${encodeURIComponent(seat)}` : "";
    const answer = await this.#fetch(`${this.#api}/preview?command=${encodeURIComponent(JSON.stringify(command))}${forSeat}`);
    const entry = answer?.previews?.[0];
    if (answer && answer.v === version && entry) {
      this.#byKey.set(key, [{ command, ...entry }]);
      this.#onLoad();
    }
  }

  /** Keep a preview the page got another way (a composed fire's, ui/extra_commands.js). */
  add(unit, version, entry) {
    const key = `${version}:${unit}`;
    this.#byKey.set(key, [...(this.#byKey.get(key) ?? []), entry]);
  }

  /** Forget every version but `version`. */
  keepOnly(version) {
    for (const key of [...this.#byKey.keys()]) if (!key.startsWith(`${version}:`)) this.#byKey.delete(key);
  }
}

/** Whether the referee answers a preview of `command`: its type is one the seat's view lists
 * (`previewed`, the ruleset's view); an initiative roll or an activation has none. */
export function hasPreview(view, command) {
  return Boolean(command) && (view?.previewed ?? []).includes(command.type);
}
