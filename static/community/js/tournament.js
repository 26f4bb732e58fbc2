// The live tournament page: draws the standings and rounds from the page's JSON block, then
// asks /api/v1/tournaments/<id> again every few seconds while the tournament is not over.
// Names are inserted as text, never as markup.

import { localiseTimes } from "./local_time.js";
import { myRoundWords, winnersWords } from "./tournament_words.js";

const POLL_MS = 5000;
const OVER = ["finished", "cancelled"]; // nothing more will change
const boot = JSON.parse(document.getElementById("tournament-data").textContent);
const id = boot.tournament.id;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

// A deleted account is named so and has no page (games/player_names.py).
const DELETED_PLAYER = "deleted player";

function playerLink(name) {
  if (name === DELETED_PLAYER) return el("span", { class: "deleted-player" }, name);
  return el("a", { href: `/players/${encodeURIComponent(name)}/` }, name);
}

function half(x) {
  return Number.isInteger(x) ? String(x) : `${Math.floor(x) || ""}½`;
}

function drawStatus(t, me, standings) {
  const line = document.getElementById("tournament-status");
  const rounds = t.rounds ? ` of ${t.rounds}` : "";
  line.textContent = t.status === "registering" ? `Entering: ${t.players} player${t.players === 1 ? "" : "s"} so far.`
    : t.status === "running" ? `Round ${t.current_round}${rounds} is being played.`
    : t.status === "cancelled" ? `Cancelled: ${t.cancelled_why}.`
    : `Finished after ${t.current_round} round${t.current_round === 1 ? "" : "s"}: ${winnersWords(standings)}`;
  const mine = document.getElementById("my-game");
  const words = myRoundWords(t, me);
  if (words) {
    mine.replaceChildren(words.text,
      words.game ? el("a", { href: `/games/${words.game}/`, class: "button" }, "Play it") : "");
    mine.hidden = false;
  } else {
    mine.hidden = true;
  }
}

/** The standings; before the start nobody has a place, and the seeds (the ratings at the
 * start) are not set yet. */
function drawStandings(rows, started) {
  const body = document.querySelector("#standings tbody");
  body.replaceChildren(...rows.map((r) => {
    const name = el("td", {}, playerLink(r.name));
    if (r.withdrawn) name.append(" ", el("span", { class: "tag", title: r.withdrawn_why }, "withdrawn"));
    return el("tr", {}, el("td", {}, started ? r.place : "–"), name, el("td", { class: "points" }, half(r.score)),
      el("td", {}, half(r.buchholz)), el("td", {}, r.sonneborn_berger.toFixed(2).replace(/\.?0+$/, "")),
      el("td", {}, r.wins), el("td", {}, started ? r.seed : "–"));
  }));
}

function drawRounds(rounds) {
  const box = document.getElementById("rounds");
  if (!rounds.length) {
    box.replaceChildren(el("p", { class: "empty" }, "Pairings appear when the tournament starts."));
    return;
  }
  box.replaceChildren(...rounds.map((round) => {
    const rows = round.pairings.map((p) => {
      const result = p.game ? el("a", { href: `/games/${p.game}/` }, p.result_text) : p.result_text;
      const second = p.second ? [playerLink(p.second), ` (${p.second_side})`] : ["–"];
      return el("tr", { class: p.result ? "done" : "playing" }, el("td", {}, p.board),
        el("td", {}, playerLink(p.first), p.second ? ` (${p.first_side})` : ""), el("td", {}, ...second),
        el("td", { class: "result" }, result), el("td", {}, p.scenario));
    });
    return el("div", { class: "round" }, el("h3", {}, `Round ${round.round}`),
      el("div", { class: "table-scroll" }, el("table", { class: "games-table pairings" },
        el("thead", {}, el("tr", {}, el("th", {}, "Board"), el("th", {}, "First side"),
          el("th", {}, "Second side"), el("th", {}, "Result"), el("th", {}, "Scenario"))),
        el("tbody", {}, ...rows))));
  }));
}

function draw(data) {
  drawStatus(data.tournament, data.me, data.standings);
  drawStandings(data.standings, data.tournament.status !== "registering");
  drawRounds(data.rounds);
  const start = document.getElementById("tournament-start");
  if (start) start.hidden = data.tournament.status !== "registering";
  document.body.dataset.tournamentStatus = data.tournament.status;
  document.body.dataset.round = String(data.tournament.current_round);
}

async function poll() {
  try {
    const answer = await fetch(`/api/v1/tournaments/${id}`, { credentials: "same-origin" });
    if (answer.ok) {
      const data = await answer.json();
      draw(data);
      if (OVER.includes(data.tournament.status)) return;
    }
  } catch (error) {
    // offline for a moment: try again at the next tick
  }
  setTimeout(poll, POLL_MS);
}

localiseTimes(document);
draw(boot);
// Calling a tournament off, or withdrawing (which resigns the game in progress), cannot be
// undone: the player is asked first.
const ASKED = {
  "cancel-form": "Cancel this tournament? It will not start, and nobody can enter it any more.",
  "withdraw-form": "Withdraw from this tournament? Your game in progress is resigned, and you are not paired again.",
};
for (const [form, question] of Object.entries(ASKED)) {
  document.getElementById(form)?.addEventListener("submit", (event) => {
    if (!confirm(question)) event.preventDefault();
  });
}
if (!OVER.includes(boot.tournament.status)) setTimeout(poll, POLL_MS);
