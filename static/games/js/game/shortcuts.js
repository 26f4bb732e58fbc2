// The game page's keys: Enter and Esc for the confirm, n and t to pick, l for line of sight,
// + and − to zoom, and one key per always-available command (e, p, i, d). Typing in a field
// is left alone (keys.js).

import { bindKeys } from "./keys.js";
import { SHORTCUTS, commandKey, unitsWithCommands } from "./legal.js";

/** Bind the keys on `doc` to the page's actions (`page`: what main.js hands over). */
export function bindShortcuts(doc, page) {
  const { ui, board, los, groups, propose, confirm, cancel, select, openStack, setPicks, unitById, stackAt, canAct } = page;
  bindKeys(doc, {
    Escape: () => cancel(),
    // Enter confirms from the map, the page or the button that proposed it; on another button
    // or a link it presses that instead.
    Enter: (e) => {
      if (!ui.proposal) return false;
      const on = e.target?.closest?.("button, a, summary, select, [role=button]");
      if (on && on.getAttribute("data-focus-key") !== commandKey(ui.proposal.command)) return false;
      confirm();
      return true;
    },
    "+": () => board.zoom(1.25),
    "=": () => board.zoom(1.25),
    "-": () => board.zoom(0.8),
    n: () => {
      // The next own unit with something to do, centred on the map.
      const ids = unitsWithCommands(groups());
      if (!ids.length) return;
      const next = ids[(ids.indexOf(ui.selected) + 1) % ids.length];
      select(next);
      const hex = unitById(next)?.hex;
      if (hex) board.centerOn(hex);
    },
    t: () => {
      // The whole stack of the focused counter: its panel, every counter that can act picked.
      const hex = ui.selected && unitById(ui.selected)?.hex;
      if (!hex) return;
      openStack(hex, ui.selected);
      setPicks(stackAt(hex).filter((x) => x.own && canAct(x.id)).map((x) => x.id));
    },
    l: () => los.toggle(),
    // One key may serve a command of each game (e: end the activation, or end the phase).
    ...Object.fromEntries([...new Set(Object.values(SHORTCUTS))].map((key) => [key, () => {
      const types = Object.entries(SHORTCUTS).filter(([, k]) => k === key).map(([type]) => type);
      const cmd = types.map((type) => (groups()[type] ?? [])[0]).find(Boolean);
      if (cmd) propose(cmd);
    }])),
  });
}
