// Whose turn a lobby card says it is, in words for the one reading it: "Your move", "Your
// partner Ben is acting", "Waiting for Anna", or for someone not in the game "Anna (German)
// to play". From the card's `turn` ({turn, phase, side, seat, acting}: `acting` the seats
// that may act now, as every view's may_act says) and its seats' players; nothing else, so a
// double-blind game's card says no more than its public view.

import { phaseName } from "../ui/phases.js";

function list(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
}

const playerOf = (seat) => seat.user ?? "an empty seat";

/** {text, mine}: "Turn 3, action phase. Your partner Ben is acting." for `me` (a player
 * name, or null) reading the card of `game`; null where the card has no turn. */
export function turnWords(game, me) {
  const t = game.turn;
  if (!t) return null;
  const seats = (game.sides ?? []).flatMap((side) => (side.seats ?? []).map((seat) => ({ ...seat, side })));
  const acting = seats.filter((s) => (t.acting ?? (t.seat ? [t.seat] : [])).includes(s.id));
  const mySeats = seats.filter((s) => me && s.user === me);
  const mine = Boolean(game.my_move) || acting.some((s) => mySeats.includes(s));
  const head = `Turn ${t.turn}, ${phaseName(t.phase).toLowerCase()}.`;
  if (mine) return { text: `${head} Your move.`, mine };
  const side = acting[0]?.side ?? (game.sides ?? []).find((s) => s.id === t.side);
  if (!side) return { text: head, mine };
  const ofSide = acting.filter((s) => s.side === side);
  const names = ofSide.map(playerOf);
  const team = (side.seats ?? []).length > 1;
  if (mySeats.some((s) => s.side === side)) {
    // My side, a partner's move (or, with no seat named, the side's as a whole).
    const partners = names.length ? names : side.seats.filter((s) => s.user !== me).map(playerOf);
    // A seat nobody holds (its player left) is not a partner to name.
    if (partners.every((p) => p === playerOf({}))) return { text: `${head} An empty seat of your side is to act.`, mine };
    return { text: `${head} Your partner${partners.length > 1 ? "s" : ""} ${list(partners)} ${partners.length > 1 ? "are" : "is"} acting.`, mine };
  }
  if (mySeats.length) {
    // The other side's move: whom I wait for, by name where the seats acting are known.
    return { text: `${head} Waiting for ${names.length ? list(names) : side.name}.`, mine };
  }
  // Someone not in the game (a spectator, an open list): the side, with who plays it.
  if (!names.length || (team && ofSide.length === side.seats.length)) return { text: `${head} ${side.name} to play.`, mine };
  if (!team) return { text: `${head} ${names[0]} (${side.name}) to play.`, mine };
  return { text: `${head} ${list(names)} (${side.name}) ${names.length > 1 ? "are" : "is"} acting.`, mine };
}
