// A tournament as its players follow it: what their own round holds in words, start times
// in their own zone (and the zone the announce form sends beside its start), and the lobby
// card of a tournament game naming its tournament and round.
import assert from "node:assert/strict";
import { after, beforeEach, test } from "node:test";

import { fakeDom } from "./tools/fake_dom.mjs";
import { myRoundWords, winnersWords } from "../../static/community/js/tournament_words.js";
import { localWhen, offsetOf } from "../../static/community/js/local_time.js";
import { gameCard } from "../../static/games/js/lobby/cards.js";

const running = { status: "running", current_round: 2, rounds: 3 };
const me = (facts) => ({ entered: true, withdrawn: false, game: null, bye: false, round_over: false, ...facts });

test("a player whose game is on is sent to it", () => {
  assert.deepEqual(myRoundWords(running, me({ game: "g7" })), { text: "Your round 2 game is on: ", game: "g7" });
});

test("a bye scores a win and the next round is paired when this one ends", () => {
  assert.equal(myRoundWords(running, me({ bye: true })).text,
    "You have a bye in round 2: it scores a win. Round 3 is paired when this round's last game ends.");
});

test("a player whose game is over waits for the round; in the last round, for the end", () => {
  assert.equal(myRoundWords(running, me({ round_over: true })).text,
    "Your round 2 game is over. Round 3 is paired when this round's last game ends.");
  assert.equal(myRoundWords({ ...running, current_round: 3 }, me({ round_over: true })).text,
    "Your round 3 game is over. The tournament ends when this round's last game ends.");
});

test("before the start, after a withdrawal, at the end and for a visitor", () => {
  assert.equal(myRoundWords({ status: "registering", current_round: 0, rounds: 3 }, me({})).text,
    "You are in. Your first game starts when round 1 is paired.");
  assert.equal(myRoundWords(running, me({ withdrawn: true })).text, "You withdrew: you are not paired again.");
  assert.equal(myRoundWords({ ...running, status: "finished" }, me({ round_over: true })), null);
  assert.equal(myRoundWords(running, null), null);
});

test("a finished tournament names its winner, or those who share first place", () => {
  const row = (name, place) => ({ name, place });
  assert.equal(winnersWords([row("anna", 1), row("ben", 2), row("cleo", 2)]), "anna won.");
  assert.equal(winnersWords([row("anna", 1), row("ben", 1)]), "anna and ben share first place.");
  assert.equal(winnersWords([row("anna", 1), row("ben", 1), row("cleo", 1)]), "anna, ben and cleo share first place.");
  assert.equal(winnersWords([]), "");
});

const zone = process.env.TZ;
after(() => { if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone; });

test("the form sends how far the start's zone lies behind UTC on that date, summer time counted", () => {
  process.env.TZ = "Europe/Berlin";
  assert.equal(offsetOf("2030-01-15T18:00"), "-60");
  assert.equal(offsetOf("2030-07-15T18:00"), "-120");
  process.env.TZ = "America/New_York";
  assert.equal(offsetOf("2030-01-15T18:00"), "300");
  assert.equal(offsetOf(""), "");
  assert.equal(offsetOf("not a time"), "");
});

test("a start is shown in the reader's own zone", () => {
  process.env.TZ = "Asia/Tokyo";
  const words = localWhen("2030-01-15T09:00:00+00:00", "en-GB");
  assert.match(words, /15 Jan 2030/);
  assert.match(words, /18:00/);
  assert.equal(localWhen("garbage", "en-GB"), "garbage");
});

beforeEach(() => {
  fakeDom();
  globalThis.location = { origin: "http://pgweb.test" };
});

function tournamentGame(tournament) {
  return {
    id: "g1", status: "active", created_by: "ann", seats_per_side: 1, free: 0, spectators: 0,
    scenario: { id: "kessel", title: "Kessel", date: "1943" }, options: {},
    sides: [{ id: "ge", name: "German", seats: [{ id: "ge-1", user: "ann", online: true }] },
      { id: "su", name: "Soviet", seats: [{ id: "su-1", user: "bob", online: false }] }],
    ...(tournament ? { tournament } : {}),
  };
}

test("a tournament game's lobby card names the tournament and round, linking to it", () => {
  const card = gameCard(tournamentGame({ id: 4, name: "Winter <Cup>", round: 2 }), { me: "ann", actions: {} });
  assert.ok(card.outerHTML.includes('<p class="card-tournament"><a href="/tournaments/4/">Winter <Cup></a>, round 2</p>'),
    card.outerHTML);
  assert.ok(!card.textContent.includes("opened by"), card.textContent); // the tournament opened it
  const plain = gameCard(tournamentGame(null), { me: "ann", actions: {} });
  assert.ok(!plain.outerHTML.includes("card-tournament") && plain.textContent.includes("opened by ann"));
});
