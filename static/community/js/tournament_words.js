// A tournament in words for its live page (tournament.js): a player's own round (whether
// their game is on, they sit out with a bye, or they wait for the others to finish), and
// who won once it is over.

/** What the player's own round holds, in words (null: nothing to say), and its game. */
export function myRoundWords(t, me) {
  if (!me || t.status === "finished" || t.status === "cancelled") return null;
  if (me.withdrawn) return { text: "You withdrew: you are not paired again." };
  if (t.status === "registering") return { text: "You are in. Your first game starts when round 1 is paired." };
  const last = t.rounds && t.current_round >= t.rounds;
  const next = last ? "The tournament ends when this round's last game ends."
    : `Round ${t.current_round + 1} is paired when this round's last game ends.`;
  if (me.game) return { text: `Your round ${t.current_round} game is on: `, game: me.game };
  if (me.bye) return { text: `You have a bye in round ${t.current_round}: it scores a win. ${next}` };
  if (me.round_over) return { text: `Your round ${t.current_round} game is over. ${next}` };
  return null;
}

/** Who won a finished tournament, from its standings (players equal on every tie-break
 * share a place): "anna won." or "anna and ben share first place." */
export function winnersWords(rows) {
  const first = rows.filter((r) => r.place === 1).map((r) => r.name);
  if (!first.length) return "";
  if (first.length === 1) return `${first[0]} won.`;
  return `${first.slice(0, -1).join(", ")} and ${first.at(-1)} share first place.`;
}
