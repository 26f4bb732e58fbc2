// The server's previews in words: a move's MP cost, an attack's column, shifts and chances.
// Every number comes from GET /api/v1/games/<id>/preview (the engine's odds); none is
// computed here.

import { mixedNumber } from "../board/faces.js";

const pct = (p) => `${Math.round(p * 100)}%`;
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** A short label for the board: "col 4 · 25%" for fire, "+2 · 40%" anti-tank, "3/2 MP" a move. */
export function previewLabel(preview) {
  if (!preview) return null;
  if (preview.cost !== undefined) return `${mixedNumber(preview.cost)} MP`;
  const odds = preview.odds;
  if (!odds) return null;
  if (odds.sides) {
    const mine = odds.sides[odds.attacker];
    return mine?.column !== undefined ? `col ${mine.column} · ${pct(mine.any_effect ?? 0)}` : "assault";
  }
  if (!odds.legal) return "not possible";
  if (odds.kind === "anti_tank") return `AT ${signed(odds.modifier)} · ${pct(odds.any_effect)}`;
  return `col ${odds.column} · ${pct(odds.any_effect)}`;
}

function fireRows(odds, nameOf) {
  const rows = [];
  if (!odds.legal) return [["not possible", (odds.problems ?? []).join("; ")]];
  const parts = (odds.value_parts ?? []).map((p) => `${nameOf(p.unit)} ${p.value}${p.why?.length ? ` (${p.why.join("; ")})` : ""}`).join(" + ");
  rows.push(["fire value", `${odds.value}${parts ? ` = ${parts}` : ""}`]);
  if (odds.armor !== undefined) rows.push(["target armor", String(odds.armor)]);
  for (const s of odds.shifts ?? []) rows.push([`shift ${signed(s.shift ?? s.modifier ?? 0)}`, `${s.reason}${s.rule ? ` (${s.rule})` : ""}`]);
  if (odds.column !== undefined) rows.push(["column", `${odds.column}${odds.net_shift !== undefined ? ` (net shift ${signed(odds.net_shift)})` : ""}${odds.provisional ? ", provisional" : ""}`]);
  if (odds.modifier !== undefined) rows.push(["dice modifier", signed(odds.modifier)]);
  return rows;
}

/**
 * The rows the confirmation shows: [label, text] for the value, each shift and its reason,
 * the column; and the chances: [[result, "25%"], ...] most likely first.
 */
export function explainPreview(preview, nameOf = (id) => id, sideName = (id) => id) {
  if (!preview) return { rows: [], chances: [] };
  if (preview.cost !== undefined) {
    const rows = [["movement cost", `${mixedNumber(preview.cost)} MP`]];
    if (preview.minimum_move) rows.push(["minimum move", "one hex for all its MPs (D7)"]);
    if (preview.ends_move) rows.push(["ends the move", "no further movement this activation"]);
    return { rows, chances: [] };
  }
  const odds = preview.odds;
  if (!odds) return { rows: [["odds", "not shown under hidden information"]], chances: [] };
  if (odds.sides) {
    const rows = [];
    let chances = [];
    for (const [side, s] of Object.entries(odds.sides)) {
      const who = sideName(side);
      rows.push([`${who} assault value`, String(s.value)]);
      for (const sh of s.shifts ?? []) rows.push([`${who} shift ${signed(sh.shift)}`, `${sh.reason}${sh.rule ? ` (${sh.rule})` : ""}`]);
      if (s.column !== undefined) rows.push([`${who} column`, String(s.column)]);
      if (side === odds.attacker) chances = chanceList(s.probabilities);
    }
    return { rows, chances };
  }
  return { rows: fireRows(odds, nameOf), chances: chanceList(odds.probabilities) };
}

/** Probabilities {result: {p}} as [[result, "25%"]], most likely first. */
export function chanceList(probabilities) {
  return Object.entries(probabilities ?? {})
    .sort((a, b) => b[1].p - a[1].p || (a[0] < b[0] ? -1 : 1))
    .map(([result, { p }]) => [result === "-" ? "no effect" : result, pct(p)]);
}

/**
 * What the board writes over the picked units' options (`opts`: {moves, targets} by hex):
 * each reachable hex with its MP cost, each target with its column and chance, and whether
 * an assault is possible there (the assault marker). `previewOf(cmd)` gives the server's
 * preview of a command, or null while it is loading.
 */
export function overlayMarks(opts, previewOf) {
  const reach = [...opts.moves.entries()].map(([hex, cmd]) => {
    const p = previewOf(cmd);
    return { hex, cost: p?.cost ?? null, label: p ? previewLabel(p) : `${cmd.path.length} hex${cmd.path.length === 1 ? "" : "es"}` };
  });
  const targets = [...opts.targets.entries()].map(([hex, cmds]) => {
    const assault = cmds.find((c) => c.type === "assault");
    const shown = cmds.find((c) => c.type !== "assault") ?? assault;
    const p = previewOf(shown);
    const words = shown.type === "assault" ? "assault" : shown.type === "bombard" ? "bombard" : "fire";
    const more = cmds.length > 1 ? ` +${cmds.length - 1}` : "";
    return { hex, kind: shown.type === "assault" ? "assault" : "fire", assault: Boolean(assault), label: `${(p && previewLabel(p)) ?? words}${more}` };
  });
  return { reach, targets };
}
