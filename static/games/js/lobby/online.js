// Who has the lobby open, in words: the signed-in players by name, then the visitors counted.

/** The visitors' line: "and 2 visitors" under a list of names, "1 visitor" with no name above it, or null. */
export function visitorsLine(online) {
  const n = online?.visitors ?? 0;
  if (!n) return null;
  const count = `${n} visitor${n === 1 ? "" : "s"}`;
  return online.users?.length ? `and ${count}` : count;
}
