// What a side's log says its standing orders did in a window (games/planning/seen.py's
// `said`, in words): the mover as the side's view showed it then, where it moved, the side's
// own firers by name, and never a version number.
import assert from "node:assert/strict";
import { test } from "node:test";

import { answerItem, answerWords, moverWords } from "../../static/games/js/ui/order_answers.js";

const FACES = { types: { us_m4: { label: "Sherman platoon" }, ge_pz4: { label: "Panzer IV platoon" } }, units: { "su-rifle-2": { name: "2nd Rifle platoon" } } };
const NAMES = { "su-rifle-2": "2nd Rifle platoon", "su-mg-1": "1st MG section", "su-ldr-1": "Kapitan Petrov" };
const words = { faces: FACES, nameOf: (id) => NAMES[id] ?? id, named: (text) => text.replace("su-rifle-2", "2nd Rifle platoon") };
const SHERMAN = { id: "h-1f2e", type: "us_m4", name: "M4A1 Sherman (75)", leader: false, detail: "exact" };

test("holding fire says at what and where it moved, in words", () => {
  const a = { v: 41, said: { did: "held_fire", turn: 3, hex: "0507", mover: SHERMAN } };
  assert.equal(answerWords(a, words), "Your orders held fire at the Sherman platoon moving to 0507.");
});

test("firing names the side's own firers and the leader", () => {
  const a = { v: 12, said: { did: "fired", turn: 1, hex: "A0906", mover: SHERMAN, firers: ["su-rifle-2", "su-mg-1"], leader: "su-ldr-1" } };
  assert.equal(answerWords(a, words), "Your orders fired at the Sherman platoon moving to A0906 with 2nd Rifle platoon and 1st MG section, led by Kapitan Petrov.");
});

test("a double-blind mover is only what the side saw: a marker's kind, a leader, or nothing", () => {
  assert.equal(moverWords({ id: "h-77", detail: "type", marker: "armor" }, FACES), "the enemy armor");
  assert.equal(moverWords({ id: "h-77", detail: "type", marker: "infantry", stack: 3 }, FACES), "the enemy infantry (a stack of 3)");
  assert.equal(moverWords({ id: "h-78", detail: "leader", leader: true }, FACES), "an enemy leader");
  assert.equal(moverWords(null, FACES), "an enemy unit");
  // Named from the record, not from today's board: a type the faces know, as the record has it.
  assert.equal(moverWords({ id: "h-79", type: "ge_pz4", detail: "exact" }, FACES), "the Panzer IV platoon");
  const a = { said: { did: "no_shot", turn: 2, hex: "A0309", mover: null } };
  assert.equal(answerWords(a, words), "Your orders let an enemy unit moving to A0309 pass: none of your units could fire at it.");
});

test("take-back offers answered by orders read as sentences", () => {
  assert.equal(answerWords({ said: { did: "accepted_takeback", turn: 4 } }, words), "Your orders accepted the other side's offer to take back its last move.");
  assert.equal(answerWords({ said: { did: "declined_takeback", turn: 4 } }, words), "Your orders declined the other side's offer to take back its last move.");
});

test("the Plans panel's list heads a line with its turn, never a version number", () => {
  const a = { v: 41, said: { did: "held_fire", turn: 3, hex: "0507", mover: SHERMAN } };
  const line = answerItem(a, words);
  assert.equal(line, "Turn 3: Your orders held fire at the Sherman platoon moving to 0507.");
  assert.doesNotMatch(line, /\bv\d|41/);
});

test("an answer recorded before answers said what they did keeps the server's short text, its ids named", () => {
  const a = { v: 9, text: "Fired by standing order: su-rifle-2 at h-1f2e" };
  assert.equal(answerItem(a, words), "Fired by standing order: 2nd Rifle platoon at h-1f2e");
});

test("the replay names the side whose orders they were", () => {
  const a = { said: { did: "no_shot", turn: 2, hex: "A0309", mover: SHERMAN } };
  assert.equal(answerWords(a, { ...words, side: "Soviet" }), "Soviet's orders let the Sherman platoon moving to A0309 pass: none of Soviet's units could fire at it.");
});
