// Previews that come as an odds sheet (Panzer Leader's `attack`: attack and defence strengths,
// the odds ratio, the column after shifts, die modifiers, the chance of each result as a
// fraction), and the move or load costs that come as plain numbers. Every number is the
// server's; nothing is worked out here but the percentages of its fractions. Where a chart's
// values come from a transcription, the rules reference on the page says so once, with its
// source; no odds line repeats it.

import { mixedNumber } from "../board/faces.js";

const pct = (p) => `${Math.round(p * 100)}%`;
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** Words for the results of an odds-ratio table, as its chart prints them. */
export const RESULT_WORDS = Object.freeze({ X: "X: eliminated", DD: "DD: dispersed twice", D: "D: dispersed", "-": "no effect" });

/** Whether a preview is an odds sheet or a plain-number cost (this module's kind). */
export function isSheet(preview) {
  return Boolean(preview) && ("attack" in preview || "attacks" in preview || "counters" in preview || "eliminates" in preview || "quick_time" in preview || typeof preview.cost === "number" || preview.ok === false);
}

/** A server number as a player reads it: "11/2" -> "5½", "4.0" -> "4", 1.5 -> "1½". */
export function amount(value) {
  if (typeof value === "number") {
    for (const d of [1, 2, 3, 4, 6]) {
      const n = Math.round(value * d);
      if (Math.abs(value * d - n) < 1e-6) return mixedNumber(d === 1 ? String(n) : `${n}/${d}`);
    }
    return String(Math.round(value * 100) / 100);
  }
  const text = String(value ?? "");
  if (/^-?\d+\.0+$/.test(text)) return text.replace(/\.0+$/, "");
  if (/^-?\d+\.\d+$/.test(text)) return amount(Number(text));
  return mixedNumber(text);
}

/** A fraction "1/6" (or "1") as a probability. */
export function fraction(text) {
  const [n, d] = String(text).split("/").map(Number);
  return d ? n / d : n;
}

/** An attack's chances as [[result words, "33%"]], most likely first. */
export function sheetChances(chances) {
  const order = Object.keys(RESULT_WORDS); // ties in the table's order: X, DD, D, no effect
  const rank = (r) => (order.includes(r) ? order.indexOf(r) : order.length);
  return Object.entries(chances ?? {})
    .map(([r, f]) => [r, fraction(f)])
    .sort((a, b) => b[1] - a[1] || rank(a[0]) - rank(b[0]))
    .map(([r, p]) => [RESULT_WORDS[r] ?? r, pct(p)]);
}

/** The chance of any effect at all (anything but "-"). */
export function anyEffect(attack) {
  return Object.entries(attack?.chances ?? {}).filter(([r]) => r !== "-").reduce((sum, [, f]) => sum + fraction(f), 0);
}

const WEAPON_WORDS = { mg: "machine guns", ordnance: "bombs or rockets" };

/** One attack in a few words: "2-1 · 50%"; "below 1-4: no effect" when impossible. */
export function attackLabel(attack, { short = false } = {}) {
  if (!attack) return null;
  if (attack.column === null) return short ? "below 1-4" : `odds ${attack.odds}: below 1-4, no attack (8.3)`;
  if (attack.column === undefined) return `strength ${amount(attack.attack)}`;
  return `${attack.column} · ${pct(anyEffect(attack))}`;
}

/**
 * A short label for a sheet preview: "3 MP", "2-1 · 50%", "fire lands turn 4 · 1-3 · 17%",
 * "not possible: …"; null for commands the server gives no preview.
 */
export function sheetLabel(p, { short = false } = {}) {
  if (p.ok === false) return /^no preview for/.test(p.why_not ?? "") ? null : `not possible${short ? "" : `: ${p.why_not ?? ""}`}`;
  if (p.hidden) return short ? "no odds" : `strength ${amount(p.attack?.attack)} · no odds until it is revealed`;
  if (p.attack) return attackLabel(p.attack, { short });
  if (p.attacks || p.counters !== undefined) {
    const first = (p.attacks ?? [])[0];
    const lands = short ? `T${p.turn}` : `lands turn ${p.turn}`;
    return [lands, first ? attackLabel(first, { short }) : `${p.counters ?? 0} counters, no odds`].join(" · ");
  }
  if (typeof p.cost === "number") return `${amount(p.cost)} MP`;
  if (p.quick_time) return short ? `QT ${pct(fraction(p.quick_time.dispersed))}` : `Quick-Time · ${pct(fraction(p.quick_time.dispersed))} dispersed`;
  if (p.eliminates?.length) {
    const n = p.eliminates.reduce((sum, x) => sum + x.units.length, 0);
    return `eliminates ${n} unit${n === 1 ? "" : "s"}`;
  }
  return null;
}

/**
 * What ending the phase eliminates, one row per reason (the server's `eliminates`: units due
 * this turn that have not entered, 4.7; units still afloat, 19.2): "5 units due this turn
 * and not entered: A, B, … Ending the phase eliminates them (4.7; QA G4)".
 */
export function eliminatedRows(eliminates, nameOf = (id) => id) {
  const byWhy = new Map();
  for (const x of eliminates ?? []) {
    const key = `${x.why}|${x.rule}`;
    byWhy.set(key, { ...x, units: [...(byWhy.get(key)?.units ?? []), ...x.units] });
  }
  return [...byWhy.values()].map(({ units, why, rule }) => {
    const many = units.length !== 1;
    return ["eliminated", `${units.length} unit${many ? "s" : ""} ${why}: ${units.map(nameOf).join(", ")}. Ending the phase eliminates ${many ? "them" : "it"} (${rule}).`];
  });
}

/** A Quick-Time move's rows (the server's `quick_time`, 21.1): what it costs and risks. */
function quickTimeRows(q) {
  return [
    ["Quick-Time", `${q.hexes} hexes whatever they cost, no road rate: the unit's whole move this phase, no MP spent (${q.rule})`],
    q.half_defence ? ["while it moves", `it defends at half strength against opportunity fire (${q.rule})`] : null,
    ["after the move", `a die roll of ${q.disperses_on} disperses it until the end of this segment: ${pct(fraction(q.dispersed))} (${q.rule})`],
  ].filter(Boolean);
}

function attackRows(a, nameOf) {
  const rows = [];
  const lines = (a.lines ?? []).map((l) => {
    const who = l.unit === "naval" ? "naval gunfire" : l.unit ? nameOf(l.unit) : "fire";
    const weapon = l.class ? [`class ${l.class}`, WEAPON_WORDS[l.weapon] ?? l.weapon] : [l.weapon ? `class ${l.weapon}` : ""];
    const why = [...weapon, l.wec && l.wec !== "1" ? `×${amount(l.wec)} weapon effect` : "", l.elevation && l.elevation !== "1" ? `×${amount(l.elevation)} elevation` : "", l.halved ? "halved" : "", l.exit ? `leaves by ${l.exit}` : ""].filter(Boolean);
    return `${who} ${amount(l.strength ?? l.share ?? l.printed)}${why.length ? ` (${why.join(", ")})` : ""}`;
  });
  rows.push(["attack strength", `${amount(a.attack)}${lines.length ? ` = ${lines.join(" + ")}` : ""}`]);
  if (a.defense !== undefined) rows.push(["defence", amount(a.defense)]);
  if (a.odds !== undefined) rows.push(["odds", a.odds]);
  if (a.shift) rows.push([`column shift ${signed(a.shift)}`, "towards the attacker"]);
  if (a.column !== undefined) rows.push(["column", a.column === null ? "below 1-4: no attack (8.3)" : a.column]);
  if (a.drm) rows.push(["die modifier", signed(a.drm)]);
  for (const why of a.drm_reasons ?? []) rows.push(["note", why]);
  return rows;
}

/**
 * What the confirm box shows for a sheet preview: `rows` ([label, text]), `chances` and
 * `sections` ({title, rows, chances}: the extra rolls, each counter hit by indirect fire, the
 * anti-aircraft fire a strike meets).
 */
export function explainSheet(p, nameOf = (id) => id) {
  const rows = [];
  let chances = [];
  const sections = [];
  if (p.ok === false) {
    if (!/^no preview for/.test(p.why_not ?? "")) rows.push(["not possible", `${p.why_not ?? ""}${p.rule ? ` (${p.rule})` : ""}`]);
    return { rows, chances, sections };
  }
  if (typeof p.cost === "number") {
    rows.push(["movement cost", `${amount(p.cost)} MP${p.path ? ` (${p.path.join(" → ")})` : ""}`]);
    if (p.left !== undefined) rows.push(["left after it", `${amount(p.left)} of ${p.allowance} MP`]);
    if (p.road === false) rows.push(["off the road", "paying full terrain costs"]);
    if ((p.steps ?? []).some((s) => s.stream_roll)) rows.push(["stream", "a die roll decides whether it crosses"]);
    if (p.may_move_after === false) rows.push(["after loading", "the carrier moves no further"]);
    if (p.opportunity_fire) rows.push(["opportunity fire", "the enemy may fire at it (21.2)"]);
  }
  if (p.quick_time) {
    if (p.path) rows.push(["path", p.path.join(" → ")]);
    rows.push(...quickTimeRows(p.quick_time));
  }
  if (p.eliminates) rows.push(...eliminatedRows(p.eliminates, nameOf));
  if (p.hidden) {
    rows.push(...attackRows(p.attack, nameOf));
    rows.push(["odds", `none: ${p.why ?? "the target is face down"}`]);
    return { rows, chances, sections };
  }
  if (p.attack) {
    rows.push(...attackRows(p.attack, nameOf));
    chances = sheetChances(p.attack.chances);
    (p.attack.extra ?? []).forEach((x, i) => sections.push({ title: `Extra roll ${i + 1} in ${x.hex}`, rows: attackRows(x, nameOf), chances: sheetChances(x.chances) }));
    if (p.exits) rows.push(["leaves by", Object.entries(p.exits).map(([id, hex]) => `${nameOf(id)} to ${hex}`).join(", ")]);
  }
  if (p.anti_aircraft) {
    const aa = p.anti_aircraft;
    sections.push({
      title: `Anti-aircraft fire it meets: strength ${amount(aa.strength)}`,
      rows: aa.units?.length ? [["from", aa.units.map(nameOf).join(", ")]] : [],
      chances: Object.entries(aa.chances ?? {}).map(([r, f]) => [r === "-" ? "no effect" : r, pct(fraction(f))]),
    });
  }
  if (p.attacks || p.counters !== undefined) {
    rows.push(["strength", `${amount(p.strength)}`], ["fire lands", `turn ${p.turn}, in the combat phase`]);
    if (p.spotters?.length) rows.push(["spotters", p.spotters.map(nameOf).join(", ")]);
    if (p.why) rows.push(["note", p.why]);
    if (p.counters !== undefined) rows.push(["odds", `none: ${p.counters} counter${p.counters === 1 ? "" : "s"} there, one face down`]);
    for (const a of p.attacks ?? []) sections.push({ title: `On ${(a.targets ?? []).map(nameOf).join(", ") || a.hex}`, rows: attackRows(a, nameOf), chances: sheetChances(a.chances) });
  }
  return { rows, chances, sections };
}
