// Renders what a player reads, through the board's own modules (sentences.js, logbook.js):
// reads one game a line on stdin, each {ruleset, names, sides, formations, events, why_not,
// logs} as JSON (`logs`: each side's own log, {side: [events]}, optional), and answers each
// as soon as it is read: the log lines, the dice tray's labels, the server sentences
// (why-not reasons) and each side's log as the page groups it (a group's heading, its tag and
// sentence as one text, then its lines) as JSON lines {game, where, text} on stdout, `game`
// counting the input's lines from 0, then {game, end: true}. tests/rules/test_player_text.py
// feeds it a random game of every bundled scenario, one after the other, to one process
// (node started and the modules loaded once).

import { createInterface } from "node:readline";

import { whyNotLines } from "../../../static/games/js/game/explain.js";
import { groupHeading, groupLines, groupLog } from "../../../static/games/js/game/logbook.js";
import { playerWords } from "../../../static/games/js/game/sentences.js";

function render(doc, game, write) {
  const words = playerWords({
    ruleset: doc.ruleset,
    nameOf: (id) => doc.names[id] ?? "a unit",
    sideName: (id) => doc.sides[id] ?? id ?? "",
    formationName: (id) => doc.formations?.[id] ?? "the formation",
    ids: () => Object.keys(doc.names),
  });
  for (const e of doc.events) {
    write({ game, where: `log ${e.type}`, text: words.describe(e) });
    for (const row of words.dice(e)) write({ game, where: `dice ${e.type}`, text: row.label });
  }
  const sideName = (id) => doc.sides[id] ?? id ?? "";
  for (const events of Object.values(doc.logs ?? {})) {
    for (const group of groupLog(events.map((event, v) => ({ v, event })))) {
      const { tag, text } = groupHeading(group, words.describe, sideName);
      write({ game, where: `heading ${group.title.event.type}`, text: `${tag}${text}` });
      for (const line of groupLines(group)) write({ game, where: `group ${line.event.type}`, text: words.describe(line.event) });
    }
  }
  for (const answer of doc.why_not) {
    for (const line of whyNotLines(answer)) write({ game, where: `why-not ${line.action}`, text: words.text(line.text) });
  }
}

let game = 0;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const out = [];
  render(JSON.parse(line), game, (row) => out.push(JSON.stringify(row) + "\n"));
  out.push(JSON.stringify({ game, end: true }) + "\n");
  process.stdout.write(out.join(""));
  game += 1;
}
