// The server's answers about what cannot be done, in words: "why not" for the picked units
// at a hex, and a line of sight between two hexes. Pure; every reason and rule number is the
// server's (GET .../why_not and .../los).

const ACTION_WORDS = { deploy: "Place it there", move: "Move there", fire: "Fire at it", assault: "Assault it", bombard: "Bombard it", overrun: "Overrun it", opportunity_fire: "Opportunity fire", exit: "Exit" };

/**
 * Why-not answer -> [{action, ok, text, rules}] with each reason and its rule: "no line of
 * sight (10.1)"; `rules`: the rule numbers its reasons cite (for links to the rules reference).
 */
export function whyNotLines(answer) {
  return (answer?.actions ?? []).map((a) => {
    const label = ACTION_WORDS[a.action] ?? String(a.action).replace(/_/g, " ");
    const reasons = (a.reasons ?? []).map((r) => `${r.message}${r.rule ? ` (${r.rule})` : ""}`);
    const rules = a.ok ? [] : [...new Set((a.reasons ?? []).map((r) => r.rule).filter(Boolean))];
    return { action: a.action, ok: Boolean(a.ok), text: a.ok ? `${label}: possible` : `${label}: ${reasons.join("; ") || "not possible"}`, rules };
  });
}

/** The two hexes a hexside is named by ("A0101|A0102", "A0101/A0102", or a pair), or null. */
export function hexsideEnds(hexside) {
  if (Array.isArray(hexside) && hexside.length === 2) return hexside.map(String);
  const parts = String(hexside ?? "").split(/[|/,\s]+|(?<=\d)-(?=[A-Za-z])/).filter(Boolean);
  return parts.length === 2 ? parts : null;
}

/** A line-of-sight answer as one sentence: seen, or blocked where, by what and why. */
export function losSentence(answer, terrainOf = () => "") {
  if (!answer) return "";
  const head = `${answer.from} → ${answer.to}`;
  if (answer.seen) return `${head}: in sight.`;
  const b = answer.blocked_by;
  if (!b) return `${head}: not in sight.`;
  if (!b.hexside && !b.hex) return `${head}: blocked: ${b.reason ?? "not in sight"}${b.rule ? ` (${b.rule})` : ""}`.trim();
  const where = b.hexside ? `the hexside ${hexsideEnds(b.hexside)?.join("–") ?? b.hexside}` : `${b.hex}${terrainOf(b.hex) ? ` (${terrainOf(b.hex)})` : ""}`;
  const what = b.terrain ? `${String(b.terrain).replace(/_/g, " ")}: ` : "";
  return `${head}: blocked at ${where}. ${what}${b.reason ?? ""}${b.rule ? ` (${b.rule})` : ""}`.trim();
}

/**
 * A sentence from the server with every counter id in it replaced by the counter's name
 * ("ge-at75-1 has no line of sight" -> "75 mm AT Gun has no line of sight"): a player reads
 * names, never ids. `ids`: the ids the page knows (its view's counters, the faces).
 */
export function namedText(text, ids, nameOf = (id) => id) {
  const known = [...new Set(ids)].filter((id) => typeof id === "string" && id.length > 2).sort((a, b) => b.length - a.length);
  if (!known.length || !text) return text ?? "";
  const escape = (id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?<![\\w-])'?(${known.map(escape).join("|")})'?(?![\\w-])`, "g");
  return String(text).replace(pattern, (_, id) => nameOf(id));
}
