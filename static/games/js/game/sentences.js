// What a player reads, from events and the server's sentences: the log line and the dice
// tray's rows of an event in its game's words, every counter id named as the board names it,
// and the rulebook's numbers kept while the referee's own notes (decision ids such as
// "D-UNDO-1" or "PL-D1", Q&A keys such as "QA CAT12") are left to the rules pages. One place,
// so the log, the replay, the dice, the notices and the why-not say things the same way.

import { namedText } from "./explain.js";
import { describeEvent, trayRolls } from "./log.js";
import { vocabulary } from "./vocabulary.js";

// A decision id or a Q&A key, alone or in a list: "D3", "D-UNDO-1", "PL-D16", "QA EM4, TB4", "RB VII.E.3".
const NOTE = /^(?:PL-)?D(?:-[A-Z]+)*-?\d+[a-z]?$|^(?:QA|RB)\b|^[A-Z]{1,3}\d+(?:-[A-Z]{1,3}\d+)?$/;

/** A sentence with only the rulebook's numbers in its brackets: "(6.3; QA EM1)" -> "(6.3)", "(D-UNDO-1)" -> "". */
export function bookOnly(text) {
  let carry = false; // the parts after a Q&A key ("QA O9, U1-U3") are its keys too
  return String(text ?? "").replace(/\s*\(([^()]*)\)/g, (whole, inner) => {
    carry = false;
    const parts = inner.split(/[;,]\s*/).filter((p) => {
      const part = p.trim();
      if (/^(QA|RB)\b/.test(part)) carry = true;
      else if (!/^[A-Z]{1,3}\d/.test(part)) carry = false;
      return !(NOTE.test(part) || carry);
    });
    if (parts.length === inner.split(/[;,]\s*/).length) return whole;
    return parts.length ? ` (${parts.join(", ")})` : "";
  });
}

/**
 * The words of one game for one page: `describe(event)` a log line, `dice(event)` the tray's
 * rows, `text(sentence)` any server sentence (a notice, a why-not). `ids()`: the counter ids
 * the page knows, `nameOf(id)` their names.
 */
export function playerWords({ ruleset, nameOf, sideName, formationName, ids = () => [] }) {
  const words = vocabulary(ruleset);
  const text = (s) => bookOnly(namedText(s, ids(), nameOf));
  return {
    describe: (event) => text(words?.describe(event, { nameOf, sideName }) ?? describeEvent(event, { nameOf, sideName, formationName })),
    dice: (event) => (words?.dice(event) ?? trayRolls(event, sideName)).map((row) => ({ ...row, label: text(row.label) })),
    text,
  };
}
