// A refused request in a player's words: the server's message and, where it names games in
// the way (too many games against bots), a link to each (its battle and the player's side,
// as the page's message reads), so the player can finish or resign one. Plain parts (strings and {href, text}); the lobby turns them into nodes.

/** The parts of a refusal's notice from the answer's body and status. */
export function refusalParts(body, status) {
  const message = (body && (body.message || body.detail)) || `refused (${status})`;
  const games = Array.isArray(body?.games) ? body.games.filter((g) => typeof g?.url === "string" && /^\/[^/]/.test(g.url)) : [];
  if (!games.length) return [message];
  const links = games.flatMap((g, i) => [i ? ", " : "", { href: g.url, text: g.side ? `${g.title || "a game"} (${g.side})` : g.title || "a game" }]);
  return [message, " Your games against bots: ", ...links.filter((p) => p !== ""), "."];
}
