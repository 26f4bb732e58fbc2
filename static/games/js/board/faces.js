// What a counter is called and how it is coloured, from the faces the server sends with the
// page (games/rules/panzer_grenadier/faces.py): {sides: {id: {fill, ink, edge}}, types: {id: {label, short,
// symbol}}, units: {id: {name, short}}}. Pure: no DOM, no rules.

const NEUTRAL = Object.freeze({ fill: "#d9d2bd", ink: "#1f1f1f", edge: "#4a4a4a" });

/** A side's counter colours ({fill, ink, edge}); the same for every viewer. */
export function sideColours(faces, side) {
  return faces?.sides?.[side] ?? NEUTRAL;
}

/**
 * A counter's human name: "2nd Grenadier platoon", "Hauptmann Becker". An enemy known by a
 * handle falls back to its type's label, a generic marker to its kind.
 */
export function unitName(unit, faces, fallback = "unit") {
  if (!unit) return fallback;
  const own = faces?.units?.[unit.id]?.name;
  if (own) return own;
  const type = faces?.types?.[unit.type]?.label;
  if (type) return type;
  if (unit.name) return String(unit.name).replace(/\s*\([^)]*\)\s*$/, "");
  return fallback;
}

/** The short designation printed on a counter: "Gren 2", "Becker", "T-34/76". */
export function unitShort(unit, faces) {
  return faces?.units?.[unit?.id]?.short ?? faces?.types?.[unit?.type]?.short ?? null;
}

const VULGAR = { "1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/5": "⅕", "2/5": "⅖", "3/5": "⅗", "4/5": "⅘", "1/6": "⅙", "5/6": "⅚", "1/8": "⅛", "3/8": "⅜", "5/8": "⅝", "7/8": "⅞" };
const SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const SUB = "₀₁₂₃₄₅₆₇₈₉";
const digits = (n, set) => String(n).split("").map((d) => set[Number(d)]).join("");

/** A fraction as a player writes it: "14/3" or "4 2/3" -> "4⅔", "1/2" -> "½", "3" -> "3". */
export function mixedNumber(text) {
  const s = String(text ?? "").trim();
  const m = /^(-?)(?:(\d+)\s+)?(\d+)\/(\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, whole0, num0, den] = m;
  let whole = Number(whole0 ?? 0) + Math.floor(Number(num0) / Number(den));
  const num = Number(num0) % Number(den);
  if (!num) return `${sign}${whole}`;
  const g = gcd(num, Number(den));
  const key = `${num / g}/${Number(den) / g}`;
  const part = VULGAR[key] ?? `${digits(num / g, SUP)}⁄${digits(Number(den) / g, SUB)}`;
  return `${sign}${whole ? whole : ""}${part}`;
}

function gcd(a, b) {
  return b ? gcd(b, a % b) : a;
}

/** Every MP fraction in a sentence as a mixed number ("spent 14/3 MP" -> "spent 4⅔ MP"). */
export function withMixedNumbers(text) {
  return String(text ?? "").replace(/(?<![\w/-])(\d+\s+)?\d+\/\d+(?=\s*MP)/g, (f) => mixedNumber(f));
}
