// The server's previews in words: a move's MP cost, and with it the odds of the assault it
// makes (a move ending in an enemy hex, 12.1) and of the drumfire it runs into (17.2); an
// attack's column, shifts and chances. Every number comes from GET .../preview (the engine's
// odds); none is computed here. Where the server gave no odds (`odds: null`, hidden
// information) the words say so, never a bare cost that looks like the whole story.

import { mixedNumber } from "../board/faces.js";
import { formationRollLabel, formationRollParts } from "./formationroll.js";
import { explainSheet, isSheet, sheetLabel } from "./oddsratio.js";

const pct = (p) => `${Math.round(p * 100)}%`;
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/**
 * A fire table's column as the printed chart heads it, with how the attack got there, in the
 * same words in the log and in the confirmation: "11: the 7 column, net shift +1" (a fire
 * value of 8 is read in the column headed 7, one column right is 11). `c` is the server's
 * column event or odds: {column, base_column, net_shift, applied_shift}.
 */
export function columnWords(c) {
  if (c.base_column === undefined || c.base_column === null) return String(c.column);
  const net = c.net_shift ?? 0;
  const applied = c.applied_shift ?? net;
  const shift = applied !== net ? `net shift ${signed(net)}, ${signed(applied)} applied (10.3)` : `net shift ${signed(net)}`;
  return `${c.column}: the ${c.base_column} column, ${shift}`;
}

/** What the board says where the server gave no odds (null under hidden information). */
export const NO_ODDS = "no odds";
export const NO_ODDS_WHY = "the referee gives no odds where they would tell you about counters your side cannot see (hidden information, 17.8, 18.0)";

/** Whether a preview names an attack whose odds the server withheld (`odds: null`). */
export function oddsWithheld(preview) {
  return Boolean(preview) && "odds" in preview && preview.odds === null;
}

/** One attack's odds in a few words: "col 4 · 25%", "AT +2 · 40%", an assault's column. */
export function oddsLabel(odds) {
  if (odds === null) return NO_ODDS;
  if (!odds) return null;
  if (odds.overrun) {
    const lives = odds.overrun.map((o) => pct(o.survives?.p ?? 0)).join(", ");
    return `on leaders alone: ${lives} survive`;
  }
  if (odds.sides) {
    const mine = odds.sides[odds.attacker];
    return mine?.column !== undefined ? `col ${mine.column} · ${pct(mine.any_effect ?? 0)}` : "assault";
  }
  if (odds.kind === "smoke") return "smoke";
  if (!odds.legal) return "not possible";
  if (odds.kind === "anti_tank") return `AT ${signed(odds.modifier)} · ${pct(odds.any_effect)}`;
  if (odds.column === undefined) return "no effect possible";
  return `col ${odds.column} · ${pct(odds.any_effect ?? 0)}`;
}

function drumfireAttacks(preview) {
  return (preview?.drumfire ?? []).flatMap((d) => (d.attacks ?? []).map((a) => ({ hex: d.hex, odds: a })));
}

/**
 * A short label: "col 4 · 25%" for fire, "AT +2 · 40%" anti-tank, "1½ MP" a move; a move
 * into an enemy hex adds its assault ("2 MP · assault col 13 · 50%"), a move through
 * drumfire its attacks ("· drumfire ×2"). `short`: the few characters a hex on the map holds.
 */
export function previewLabel(preview, { short = false } = {}) {
  if (!preview) return null;
  if (isSheet(preview)) return sheetLabel(preview, { short });
  if (preview.formation_roll) return formationRollLabel(preview.formation_roll);
  const parts = [];
  if (preview.cost !== undefined) parts.push(`${mixedNumber(preview.cost)} MP`);
  if ("odds" in preview) {
    const odds = oddsLabel(preview.odds);
    const assault = preview.cost !== undefined;
    if (short && assault) parts.push(preview.odds ? `⚔ ${pct(preview.odds.sides?.[preview.odds.attacker]?.any_effect ?? 0)}` : "⚔ ?");
    else parts.push(assault ? `assault ${odds}` : odds);
  }
  const drum = drumfireAttacks(preview);
  if (drum.length) parts.push(short ? `☄${drum.length}` : `drumfire ×${drum.length}`);
  return parts.length ? parts.join(" · ") : null;
}

function fireRows(odds, nameOf) {
  const rows = [];
  if (odds.kind === "smoke") return [["smoke", `${odds.effect ?? "a Smoke marker"}${odds.rule ? ` (${odds.rule})` : ""}`]];
  if (!odds.legal) return [["not possible", (odds.problems ?? []).join("; ")]];
  const parts = (odds.value_parts ?? []).map((p) => `${nameOf(p.unit)} ${p.value}${p.why?.length ? ` (${p.why.join("; ")})` : ""}`).join(" + ");
  rows.push(["fire value", `${odds.value}${parts ? ` = ${parts}` : ""}`]);
  if (odds.armor !== undefined) rows.push(["target armor", String(odds.armor)]);
  for (const s of odds.shifts ?? []) rows.push([`shift ${signed(s.shift ?? s.modifier ?? 0)}`, `${s.reason}${s.rule ? ` (${s.rule})` : ""}`]);
  if (odds.column !== undefined) rows.push(["column", `${columnWords(odds)}${odds.provisional ? ", provisional" : ""}`]);
  if (odds.modifier !== undefined) rows.push(["dice modifier", signed(odds.modifier)]);
  if (odds.arrives) rows.push(["the aircraft arrive", `${pct(odds.arrives.p)}${odds.arrives.rule ? ` (${odds.arrives.rule})` : ""}`]);
  return rows;
}

/** An assault's odds: each side's value, shifts and column; the attacker's chances first. */
function assaultParts(odds, sideName) {
  const rows = [];
  const sections = [];
  let chances = [];
  if (odds.overrun) {
    for (const o of odds.overrun) rows.push(["leader alone", `survives on 2d6 ≤ ${o.morale}: ${pct(o.survives?.p ?? 0)} (${o.rule ?? "6.71"})`]);
    return { rows, chances, sections };
  }
  if (odds.defenders_fire_first) rows.push(["order", "the defenders fire first"]);
  for (const [side, s] of Object.entries(odds.sides ?? {})) {
    const who = sideName(side);
    rows.push([`${who} assault value`, String(s.value)]);
    for (const sh of s.shifts ?? []) rows.push([`${who} shift ${signed(sh.shift)}`, `${sh.reason}${sh.rule ? ` (${sh.rule})` : ""}`]);
    if (s.column !== undefined) rows.push([`${who} column`, columnWords(s)]);
    if (side === odds.attacker) chances = chanceList(s.probabilities);
    else if (s.probabilities) sections.push({ title: `${who} assault fire: chance of each result`, rows: [], chances: chanceList(s.probabilities) });
  }
  return { rows, chances, sections };
}

/**
 * What the confirmation shows: `rows` ([label, text]: the cost, the value, each shift and its
 * reason, the column), `chances` ([[result, "25%"], ...] most likely first) and `sections`
 * ({title, rows, chances}: the other side's assault fire, each drumfire attack on the way).
 */
export function explainPreview(preview, nameOf = (id) => id, sideName = (id) => id) {
  if (!preview) return { rows: [], chances: [], sections: [] };
  if (isSheet(preview)) return explainSheet(preview, nameOf);
  if (preview.formation_roll) return { ...formationRollParts(preview.formation_roll, nameOf), sections: [] };
  const rows = [];
  let chances = [];
  const sections = [];
  if (preview.cost !== undefined) {
    rows.push(["movement cost", `${mixedNumber(preview.cost)} MP`]);
    if (preview.minimum_move) rows.push(["minimum move", "one hex for all its MPs (D7)"]);
    if (preview.ends_move) rows.push(["ends the move", "no further movement this activation"]);
    if ("odds" in preview) rows.push(["ends in an enemy hex", "an assault (12.1)"]);
  }
  if ("odds" in preview) {
    const odds = preview.odds;
    if (!odds) rows.push(["odds", `none: ${NO_ODDS_WHY}`]);
    else if (odds.sides || odds.overrun) {
      const a = assaultParts(odds, sideName);
      rows.push(...a.rows);
      chances = a.chances;
      sections.push(...a.sections);
    } else {
      rows.push(...fireRows(odds, nameOf));
      chances = chanceList(odds.probabilities);
    }
  }
  for (const d of drumfireAttacks(preview)) {
    sections.push({ title: `Drumfire in ${d.hex} (17.2)`, rows: fireRows(d.odds, nameOf), chances: chanceList(d.odds.probabilities) });
  }
  return { rows, chances, sections };
}

/** Probabilities {result: {p}} as [[result, "25%"]], most likely first. */
export function chanceList(probabilities) {
  return Object.entries(probabilities ?? {})
    .sort((a, b) => b[1].p - a[1].p || (a[0] < b[0] ? -1 : 1))
    .map(([result, { p }]) => [result === "-" ? "no effect" : result, pct(p)]);
}

const TARGET_WORDS = { assault: "assault", bombard: "bombard", overrun: "overrun", order_indirect: "order fire", air_strike: "strike", smoke: "smoke", anti_aircraft: "AA fire" };

/**
 * What the board writes over the picked units' options (`opts`: {moves, targets} by hex):
 * each reachable hex with its MP cost (and its assault's chance where the move ends in an
 * enemy hex), each target with its column and chance, and whether an assault is possible
 * there (the assault marker). `previewOf(cmd)` gives the server's preview of a command, or
 * null while it is loading. A hex both reachable and a target is labelled once, as a target.
 */
export function overlayMarks(opts, previewOf) {
  const reach = [...opts.moves.entries()].map(([hex, cmd]) => {
    const p = previewOf(cmd);
    const steps = cmd.path?.length;
    const mark = { hex, cost: p?.cost ?? null, label: p ? previewLabel(p, { short: true }) : steps ? `${steps} hex${steps === 1 ? "" : "es"}` : null };
    if (p && "odds" in p) mark.assault = true;
    if (opts.targets.has(hex)) mark.label = null;
    return mark;
  });
  const targets = [...opts.targets.entries()].map(([hex, cmds]) => {
    const assault = cmds.find((c) => c.type === "assault");
    const shown = cmds.find((c) => c.type !== "assault") ?? assault;
    const p = previewOf(shown);
    const words = TARGET_WORDS[shown.type] ?? "fire";
    const count = cmds.length + (opts.moves.has(hex) ? 1 : 0) + (opts.more?.get(hex)?.length ?? 0);
    // Other commands at the hex, in words: a bare "+2" beside a column reads as a shift.
    const more = count > 1 ? ` · ${count - 1} more` : "";
    const label = !p ? words : oddsWithheld(p) ? `${words} · ${NO_ODDS}` : previewLabel(p, { short: isSheet(p) }) ?? words;
    return { hex, kind: shown.type === "assault" ? "assault" : "fire", assault: Boolean(assault), label: `${label}${more}` };
  });
  return { reach, targets };
}
