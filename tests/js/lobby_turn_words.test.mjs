// Whose turn a lobby card says it is, for each reader: one seat a side, team games and
// double-blind (turn_words.js).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { turnWords } from "../../static/games/js/lobby/turn_words.js";

const duel = (turn, extra = {}) => ({
  sides: [
    { id: "ge", name: "German", seats: [{ id: "ge-1", user: "anna" }] },
    { id: "su", name: "Soviet", seats: [{ id: "su-1", user: "ben" }] },
  ],
  turn: { turn: 3, phase: "action", side: "ge", seat: null, ...turn },
  ...extra,
});

const team = (turn, extra = {}) => ({
  sides: [
    { id: "ge", name: "German", seats: [{ id: "ge-1", user: "anna" }, { id: "ge-2", user: "ben" }] },
    { id: "su", name: "Soviet", seats: [{ id: "su-1", user: "cleo" }, { id: "su-2", user: "dan" }] },
  ],
  turn: { turn: 2, phase: "action", side: "ge", seat: "ge-2", ...turn },
  ...extra,
});

describe("one seat a side", () => {
  test("the player who may act reads 'Your move'", () => {
    assert.deepEqual(turnWords(duel({ acting: ["ge-1"] }, { my_move: true }), "anna"), { text: "Turn 3, action phase. Your move.", mine: true });
  });
  test("the other player reads whom they wait for, by name", () => {
    assert.equal(turnWords(duel({ acting: ["ge-1"] }, { my_move: false }), "ben").text, "Turn 3, action phase. Waiting for anna.");
  });
  test("a spectator reads the player and the side they play", () => {
    assert.equal(turnWords(duel({ acting: ["ge-1"] }), null).text, "Turn 3, action phase. anna (German) to play.");
  });
  test("a window the other side answers (opportunity fire) names the side deciding, not the side moving", () => {
    assert.equal(turnWords(duel({ acting: ["su-1"] }, { my_move: false }), "anna").text, "Turn 3, action phase. Waiting for ben.");
  });
  test("no id, no underscore, no 'to act:' left in the words", () => {
    const text = turnWords(duel({ phase: "move_foot", acting: ["su-1"] }), null).text;
    assert.equal(text, "Turn 3, movement phase: units on foot. ben (Soviet) to play.");
    assert.doesNotMatch(text, /su-1|_|to act:/);
  });
});

describe("team games", () => {
  test("a partner of the seat acting reads who is acting", () => {
    assert.equal(turnWords(team({ acting: ["ge-2"] }, { my_move: false }), "anna").text, "Turn 2, action phase. Your partner ben is acting.");
  });
  test("the seat acting reads 'Your move'", () => {
    assert.equal(turnWords(team({ acting: ["ge-2"] }, { my_move: true }), "ben").text, "Turn 2, action phase. Your move.");
  });
  test("the other side waits for the player acting", () => {
    assert.equal(turnWords(team({ acting: ["ge-2"] }, { my_move: false }), "cleo").text, "Turn 2, action phase. Waiting for ben.");
  });
  test("with the whole side free to act, the other side waits for both by name and a spectator reads the side", () => {
    const both = team({ seat: null, acting: ["ge-1", "ge-2"] }, { my_move: false });
    assert.equal(turnWords(both, "dan").text, "Turn 2, action phase. Waiting for anna and ben.");
    assert.equal(turnWords(team({ seat: null, acting: ["ge-1", "ge-2"] }), null).text, "Turn 2, action phase. German to play.");
  });
  test("a spectator reads the partner acting and the side", () => {
    assert.equal(turnWords(team({ acting: ["ge-2"] }), null).text, "Turn 2, action phase. ben (German) is acting.");
  });
  test("a seat left empty is named as such, never by its id", () => {
    const game = team({ acting: ["ge-2"] }, { my_move: false });
    game.sides[0].seats[1].user = null;
    assert.equal(turnWords(game, "anna").text, "Turn 2, action phase. An empty seat of your side is to act.");
  });
});

describe("double-blind", () => {
  test("the card says only whose move it is, as every view's may_act does: no unit, no hex", () => {
    const game = duel({ acting: ["su-1"] }, { options: { double_blind: true }, my_move: false });
    const words = turnWords(game, "anna");
    assert.equal(words.text, "Turn 3, action phase. Waiting for ben.");
    assert.deepEqual(Object.keys(words), ["text", "mine"]);
  });
  test("hidden set-up: both sides place at once, each player reads 'Your move'", () => {
    const game = duel({ phase: "setup", acting: ["ge-1", "su-1"] }, { my_move: true });
    assert.equal(turnWords(game, "ben").text, "Turn 3, set-up. Your move.");
  });
});

test("a card without a turn (open, finished, a spectator delay) says nothing of it", () => {
  assert.equal(turnWords({ sides: [] }, "anna"), null);
});

test("a card from before `acting` was sent still names the seat acting", () => {
  assert.equal(turnWords(team({ acting: undefined }), null).text, "Turn 2, action phase. ben (German) is acting.");
});
