// A phase of the turn by its name for players, for every page that names one (the game's
// banner, the lobby's cards). Both games' phases; one unknown is its id in words.

export const PHASES = {
  setup: "Set-up", initiative: "Initiative phase", action: "Action phase", ended: "Game over",
  combat: "Combat phase", air: "Air phase", move_vehicles: "Movement phase: vehicles",
  move_foot: "Movement phase: units on foot", assault: "Close assault phase",
};

/** "Action phase" for "action"; an unknown phase's id with its underscores as spaces. */
export function phaseName(phase) {
  return PHASES[phase] ?? String(phase ?? "").replace(/_/g, " ");
}
