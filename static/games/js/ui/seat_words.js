// A seat by its place in its side, for every page that names one ("seat 2"): players never
// see the server's seat ids ("ge-2"). `seats`: [{id, side}] in the server's order, which is
// each side's seats in turn.

/** "seat 2" for the second of its side's seats; the id itself for a seat not in `seats`. */
export function seatWord(seats, id) {
  const seat = seats.find((s) => s.id === id);
  if (!seat) return String(id);
  const place = seats.filter((s) => s.side === seat.side).indexOf(seat) + 1;
  return `seat ${place}`;
}

/** A seat's player, or "the empty seat 2" where nobody sits in it. */
export function seatHolder(seats, seat) {
  return seat.user ?? `the empty ${seatWord(seats, seat.id)}`;
}

/** "bob, seat 2": a seat by its player and place; "seat 2" where nobody sits in it. */
export function seatAndPlayer(seats, id) {
  const user = seats.find((s) => s.id === id)?.user;
  return user ? `${user}, ${seatWord(seats, id)}` : seatWord(seats, id);
}
