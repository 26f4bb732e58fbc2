// Renders what a player reads, through the board's own modules (sentences.js): reads
// {ruleset, names, sides, events, why_not} as JSON on stdin and writes the log lines,
// the dice tray's labels and the server sentences (why-not reasons) as JSON lines on stdout.
// tests/rules/test_player_text.py feeds it a random game of every bundled scenario.

import { whyNotLines } from "../../../static/games/js/game/explain.js";
import { playerWords } from "../../../static/games/js/game/sentences.js";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const doc = JSON.parse(input);
const words = playerWords({
  ruleset: doc.ruleset,
  nameOf: (id) => doc.names[id] ?? "a unit",
  sideName: (id) => doc.sides[id] ?? id ?? "",
  formationName: (id) => doc.formations?.[id] ?? "the formation",
  ids: () => Object.keys(doc.names),
});
for (const e of doc.events) {
  process.stdout.write(JSON.stringify({ where: `log ${e.type}`, text: words.describe(e) }) + "\n");
  for (const row of words.dice(e)) process.stdout.write(JSON.stringify({ where: `dice ${e.type}`, text: row.label }) + "\n");
}
for (const answer of doc.why_not) {
  for (const line of whyNotLines(answer)) process.stdout.write(JSON.stringify({ where: `why-not ${line.action}`, text: words.text(line.text) }) + "\n");
}
