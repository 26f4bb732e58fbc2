// Importing a battle's document from a file: what it must be before the designer takes it.
// A file too big, not JSON, not a JSON object or of a game pgweb does not have is refused
// with the reason, and the battle open is left as it was. A document of the other game
// switches a new battle to that game; a saved battle keeps its game, so it is refused there.

// Panzer Leader's documents name their ruleset; Panzer Grenadier's format has no such field.
const UNNAMED = "panzer_grenadier";

function kindOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "string" ? "a string" : typeof value === "number" ? "a number" : "true or false";
}

/**
 * The document in a file's text, {doc, ruleset}, or {error} saying why it is refused.
 * `bytes` is the file's size and `limit` the server's; `titles` maps each game pgweb has to
 * its title; `current` is the open battle's game and `saved` whether it is saved already.
 */
export function documentIn(read, { bytes, limit, titles, current, saved }) {
  if (bytes > limit) return { error: `That file is ${bytes} bytes, more than the limit of ${limit}: nothing imported.` };
  let doc;
  try {
    doc = JSON.parse(read);
  } catch {
    return { error: "That file is not a JSON document: nothing imported." };
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    return { error: `That file is not a battle: a battle's document is a JSON object, not ${kindOf(doc)}. Nothing imported.` };
  }
  const ruleset = doc.ruleset ?? UNNAMED;
  if (typeof ruleset !== "string" || !Object.hasOwn(titles, ruleset)) {
    return { error: `That file is for a game pgweb does not have (ruleset ${JSON.stringify(ruleset)}): nothing imported.` };
  }
  if (ruleset !== current && saved) {
    return { error: `That file is a ${titles[ruleset]} battle and this one is ${titles[current]}: start a new battle to import it.` };
  }
  return { doc, ruleset };
}

/**
 * A battle's document as the start of another: the same map, forces and words, titled as a
 * copy and carrying the blank document's id (`unchosenId`), so that its first save gives it
 * an id of its own made from its title and never writes over the battle it was copied from.
 */
export function copyOf(doc, unchosenId) {
  const title = typeof doc.title === "string" && doc.title.trim() ? doc.title.trim() : "Battle";
  return { ...doc, id: unchosenId, title: `${title} (copy)` };
}
