// Ending a game by agreement on the board: what the player may do about draws and aborts
// now, from the offers the server sends (`offer` frames, games/services/endings.py). Pure:
// the server decides; this only words the choices.

/**
 * The lines and buttons of the resign row: {text, commands: [{cmd, label}]} per line.
 * `offers`: the offers this side may see; `version`: the game's version (an abort is open
 * only at the opening version, before any move); `abortRefused`: why this game is never
 * aborted (a tournament game, the page's boot data), when it is not.
 */
export function endingChoices({ offers = [], seat, side, version, sideName = (id) => id, abortRefused = null }) {
  if (!seat) return [];
  const lines = [];
  const own = offers.find((o) => o.by === side);
  const theirs = offers.filter((o) => o.by !== side && o.stands);
  for (const offer of theirs) {
    const accepted = offer.agreed.includes(seat);
    lines.push({
      text: accepted
        ? `The ${sideName(offer.by)} side offers a draw; you accepted, waiting for ${offer.waiting.length} more.`
        : `The ${sideName(offer.by)} side offers a draw.`,
      commands: accepted
        ? [{ cmd: { type: "decline_draw" }, label: "Decline the draw…" }]
        : [{ cmd: { type: "accept_draw" }, label: "Accept the draw…" }, { cmd: { type: "decline_draw" }, label: "Decline…" }],
    });
  }
  if (own) {
    const agreed = own.agreed.includes(seat);
    lines.push({
      text: agreed
        ? `Your side offers a draw: waiting for ${own.waiting.length} more ${own.waiting.length === 1 ? "answer" : "answers"}.`
        : "A partner proposes that your side offer a draw.",
      commands: agreed
        ? [{ cmd: { type: "decline_draw" }, label: "Withdraw the offer…" }]
        : [{ cmd: { type: "offer_draw" }, label: "Agree to offer a draw…" }, { cmd: { type: "decline_draw" }, label: "Refuse…" }],
    });
  } else if (!theirs.length) {
    lines.push({ text: "", commands: [{ cmd: { type: "offer_draw" }, label: "Offer a draw…" }] });
  }
  if (version === 1 && !abortRefused) {
    lines.push({ text: "Nobody has moved yet: the game may be aborted, unrated.", commands: [{ cmd: { type: "abort" }, label: "Abort the game…" }] });
  }
  return lines;
}
