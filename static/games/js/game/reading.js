// What the game page reads of the view it holds: counters by id and their names, the acting
// seat's legal commands by group, what the picked counters may do. Plain reads of the store,
// the page's boot data and its picks (main.js's `ui`); nothing here draws or sends.

import { unitName } from "../board/faces.js";
import { stacks } from "../board/layers.js";
import { actors, allCommands, isGlobal, seatGroups } from "./legal.js";
import { genericName } from "./panels.js";

/** The reads of one mounted page: `store` holds the view, `ui.picked` and `ui.acting` the
 * player's picks and the seat the board acts for. */
export function reading({ store, boot, ui }) {
  function view() {
    return store.view;
  }

  function units() {
    const v = view();
    return v?.units ?? {};
  }

  function unitById(id) {
    const all = units();
    return Array.isArray(all) ? all.find((u) => u.id === id) : all[id];
  }

  function nameOf(id) {
    const u = unitById(id);
    const f = boot.faces ?? {};
    if (!u) return f.units?.[id]?.name ?? f.aircraft?.[id]?.name ?? f.navies?.[id]?.name ?? "a unit";
    return unitName(u, boot.faces, u.marker ? genericName(u.marker) : "a unit");
  }

  /** Every counter id the page knows: its view's, and the faces' (units, aircraft, navies). */
  function knownIds() {
    const f = boot.faces ?? {};
    return [...Object.keys(units()), ...Object.keys(f.units ?? {}), ...Object.keys(f.aircraft ?? {}), ...Object.keys(f.navies ?? {})];
  }

  /** Own unit id -> the seat commanding it now (team games): the view's, else the page's. */
  function commandersNow() {
    return view()?.commanders ?? boot.commanders ?? {};
  }

  function groups() {
    return seatGroups(view(), ui.acting);
  }

  function stackAt(hex) {
    return hex ? stacks(units()).get(hex) ?? [] : [];
  }

  /** Legal commands naming any picked unit (and the stack activation of their hex). */
  function pickedCommands() {
    if (!ui.picked.length) return [];
    const hex = unitById(ui.picked[0])?.hex;
    return allCommands(groups()).filter((cmd) => {
      if (isGlobal(cmd)) return false;
      if (cmd.type === "activate" && cmd.kind === "stack") return cmd.hex === hex;
      return actors(cmd).some((id) => ui.picked.includes(id));
    });
  }

  /** Whether an own unit has any legal command naming it. */
  function canAct(id) {
    return allCommands(groups()).some((cmd) => !isGlobal(cmd) && actors(cmd).includes(id));
  }

  return { view, units, unitById, nameOf, knownIds, commandersNow, groups, stackAt, pickedCommands, canAct };
}
