// Boards kept for reuse, offered to start a battle from or to join to its map: a ruleset's
// bundled boards and the designer's own (GET /api/v1/designer/boards).

import { get, latestOnly } from "../lobby/api.js";

const listBoards = (ruleset) => get(`/api/v1/designer/boards?ruleset=${encodeURIComponent(ruleset)}`);

/** The boards of a listing as choices: {key, label, drawing}, the key naming where it is kept. */
export function boardChoices(boards) {
  return (boards ?? []).map((b) => ({
    key: `${b.bundled ? "bundled" : "mine"}:${b.id}`,
    label: `${b.name} (${b.bundled ? "bundled" : "yours"})`,
    drawing: b.drawing,
  }));
}

/**
 * A board list's loader: `load(ruleset)` gives the ruleset's board choices ([] when the
 * listing fails), or null once a later load has begun. A designer who switches rulesets
 * quickly must not be offered the first ruleset's boards because its answer came last.
 */
export function boardLoader(fetchBoards = listBoards) {
  const latest = latestOnly(fetchBoards);
  return async (ruleset) => {
    const answer = await latest(ruleset);
    if (answer === null) return null;
    return answer.ok ? boardChoices(answer.body.boards) : [];
  };
}
