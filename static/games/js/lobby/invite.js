// The game an invite link names (/lobby/?game=<id>), as the lobby shows it: one of the
// viewer's own games, a card from the lobby's lists, or the game as the REST API gives it
// (a private game is in no list).

import { get, latestOnly } from "./api.js";

const fetchGame = (id) => get(`/api/v1/games/${encodeURIComponent(id)}`);

/** The REST game drawn as a lobby card (the same sides and seats), under the battle's `title`. */
export function restCard(g, title) {
  return {
    id: g.id, status: g.status, seats_per_side: g.seats_per_side, options: g.options,
    created_by: g.created_by, spectators: 0, scenario: { id: g.scenario, title },
    free: g.seats.filter((s) => s.user === null).length,
    sides: g.sides.map((s) => ({ id: s.id, name: s.name, seats: s.seats.map((x) => ({ id: x.id, user: x.user, online: false })) })),
  };
}

/**
 * The invite's finder: `find(lists, id)` answers {mine: true} for a game of the viewer's,
 * {card} for one in the lists or from the REST API, {missing: true} when no game has that id;
 * or null once a later find has begun. Every lists frame redraws the invite: an answer about
 * the game from before its viewer joined must not draw over the one after. `titleOf(id)`
 * names a battle.
 */
export function inviteFinder({ fetch = fetchGame, titleOf = (id) => id } = {}) {
  return latestOnly(async (lists, id) => {
    if (lists.mine.some((g) => g.id === id)) return { mine: true };
    const listed = lists.open.find((g) => g.id === id) || lists.watch.find((g) => g.id === id);
    if (listed) return { card: listed };
    const answer = await fetch(id);
    return answer.ok ? { card: restCard(answer.body, titleOf(answer.body.scenario)) } : { missing: true };
  });
}
