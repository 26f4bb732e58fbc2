// Seats in words: a player reads "seat 2" by its place in the side, or its player's name,
// never the server's seat id ("ge-2"), on a lobby card, in its division of units, in the
// room chat's presence and in the game page's team lines.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { FakeNode, fakeDom } from "./tools/fake_dom.mjs";
import { mountClocks } from "../../static/games/js/ui/clocks.js";
import { seatAndPlayer, seatHolder, seatWord } from "../../static/games/js/ui/seat_words.js";
import { gameCard, lobbySeatName, seatOfSide } from "../../static/games/js/lobby/cards.js";
import { actorWords } from "../../static/games/js/game/panels.js";

beforeEach(() => {
  fakeDom();
  globalThis.location = { origin: "http://pgweb.test" };
});

const ROSTER = [
  { id: "ge-1", side: "ge", user: "anna" }, { id: "ge-2", side: "ge", user: null },
  { id: "su-1", side: "su", user: "cleo" }, { id: "su-2", side: "su", user: "dan" },
];

/** A two-a-side room in the lobby as the REST list gives it: ben has yet to come. */
function room(overrides = {}) {
  return {
    id: "g1", status: "open", created_by: "anna", seats_per_side: 2, free: 1, spectators: 0,
    scenario: { id: "kessel", title: "Kessel", date: "1943" }, options: [],
    sides: [
      { id: "ge", name: "German", seats: [{ id: "ge-1", user: "anna", online: true }, { id: "ge-2", user: null }] },
      { id: "su", name: "Soviet", seats: [{ id: "su-1", user: "cleo", online: false }, { id: "su-2", user: "dan", online: true }] },
    ],
    ...overrides,
  };
}

const texts = (node, tag, cls) => {
  const found = [];
  const walk = (n) => {
    if (n.tag === tag && (!cls || (n.attrs.class ?? "").split(" ").includes(cls))) found.push(n.textContent);
    n.childNodes.forEach(walk);
  };
  walk(node);
  return found;
};

test("a seat is named by its place in its side", () => {
  assert.equal(seatWord(ROSTER, "ge-2"), "seat 2");
  assert.equal(seatWord(ROSTER, "su-1"), "seat 1");
  assert.equal(seatHolder(ROSTER, ROSTER[0]), "anna");
  assert.equal(seatHolder(ROSTER, ROSTER[1]), "the empty seat 2");
});

test("a lobby card lists each side's seats by place and player, never by id", () => {
  const card = gameCard(room(), { me: "anna", actions: {} });
  assert.deepEqual(texts(card, "span", "seat-id"), ["Seat 1", "Seat 2", "Seat 1", "Seat 2"]);
  assert.ok(!card.textContent.includes("ge-"), card.textContent);
  assert.ok(!card.textContent.includes("su-"), card.textContent);
});

test("the division of units offers each seat by place and player", () => {
  const game = room({ division: { "ge-1": ["f1"], "ge-2": ["f2"] }, formations: { f1: "1st Company", f2: "2nd Company" } });
  const card = gameCard(game, { me: "anna", actions: {} });
  assert.deepEqual(texts(card, "option").filter((t) => t.startsWith("Seat")), ["Seat 1 (anna)", "Seat 2 (free)", "Seat 1 (anna)", "Seat 2 (free)"]);
  const seen = gameCard(game, { me: "cleo", actions: {} }); // not the side's first player: read only
  assert.ok(seen.textContent.includes("2nd Company → Seat 2 (free)"), seen.textContent);
});

test("the room chat's presence and the lobby's notices name a seat's player, or its side and place", () => {
  const game = room();
  assert.equal(lobbySeatName(game, "su-2"), "dan");
  assert.equal(lobbySeatName(game, "ge-2"), "German seat 2");
  assert.equal(seatOfSide(game, "su-1"), "Soviet seat 1");
});

test("a team banner names an empty partner seat by its place", () => {
  const sideName = (side) => ({ ge: "German", su: "Soviet" })[side];
  assert.equal(actorWords("ge", ["ge-2"], "ge-1", sideName, ROSTER), "Your partner the empty seat 2");
});

test("the clocks' outcomes and act-for buttons name a seat by its player and place", async () => {
  const seats = [{ id: "ge-1", side: "ge", user: "anna" }, { id: "ge-2", side: "ge", user: "bob" }, { id: "su-1", side: "su", user: "cleo" }];
  assert.equal(seatAndPlayer(seats, "ge-2"), "bob, seat 2");
  globalThis.setInterval = () => 0;
  const root = new FakeNode("div");
  const flagged = { at: "2026-03-02T09:00:00+00:00", label: "Live", control: { kind: "live" },
    sides: { ge: { left: 0, running: false, flagged: true }, su: { left: 280, running: false } } };
  const mounted = mountClocks({
    root, addLine() {}, sideName: (id) => id, store: { subscribe() {} }, seatName: (id) => seatAndPlayer(seats, id),
    boot: { api: "/api/v1/games/g", seat: "ge-1", side: "ge", sides: [{ id: "ge" }, { id: "su" }] },
    fetch: async () => ({ now: flagged.at, clocks: flagged, events: [],
      outcomes: [{ side: "ge", outcome: "take_over", seat: "ge-2" }],
      act_for: [{ seat: "ge-2", player: "bob", why: "vacation" }] }),
  });
  await mounted.poll();
  const words = texts(root, "button");
  assert.ok(words.includes("Take over the absent seat (bob, seat 2)"), words);
  assert.ok(words.includes("My own seat") && words.includes("For bob (on vacation)"), words);
  assert.ok(!root.textContent.includes("ge-"), root.textContent);
});
