// A finished game's result as the server words it (`result.words`: games/results.py), for
// the game page's banner and the lobby's finished games: the words come from one table
// there, so neither page keeps its own.

/** {title, outcome, reason}: "Game over: German wins", "German wins", "after the last turn"
 * ("Game over" and the reason as stored for a result the server sent without words). */
export function resultWords(result) {
  const words = result?.words;
  if (words && typeof words.outcome === "string") {
    return { title: words.title ?? `Game over: ${words.outcome}`, outcome: words.outcome, reason: words.reason ?? "" };
  }
  return { title: "Game over", outcome: "Game over", reason: typeof result?.reason === "string" ? result.reason : "" };
}

/** One line: "German wins: after the last turn"; "Game over" for no result. */
export function resultLine(result) {
  const { outcome, reason } = resultWords(result);
  return reason ? `${outcome}: ${reason}` : outcome;
}
