// What a team player is told (issue: a team game played in the browser): who of a side is
// acting, a partner's command that took away the one the player had proposed, who commands a
// partner's counter, a declined draw offer, and a finished game's result in words.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { FakeNode, fakeDom } from "./tools/fake_dom.mjs";
import { PROPOSAL_GONE, declinedOffer, droppedProposal } from "../../static/games/js/game/notice.js";
import { actorWords, commanderWords, partnerActing, renderBanner, whoseMove } from "../../static/games/js/game/panels.js";
import { parseServerFrame } from "../../static/games/js/protocol.js";
import { Store } from "../../static/games/js/store.js";
import { resultLine } from "../../static/games/js/ui/results.js";

const names = (id) => ({ ge: "German", su: "Soviet" })[id] ?? id;
const SEATS = [
  { id: "ge-1", side: "ge", user: "erin" },
  { id: "ge-2", side: "ge", user: "frank" },
  { id: "su-1", side: "su", user: "gina" },
  { id: "su-2", side: "su", user: "hal" },
];
const activation = (seat) => ({ turn: 1, phase: "action", active_side: seat.slice(0, 2), may_act: [seat], activation: { side: seat.slice(0, 2), seat } });

describe("the banner names the seat acting in a team game", () => {
  test("a partner by name, the other side with its player", () => {
    assert.equal(whoseMove(activation("ge-1"), "ge-2", names, undefined, SEATS).text, "Your partner erin is acting");
    assert.equal(whoseMove(activation("ge-1"), "su-1", names, undefined, SEATS).text, "German: erin is acting");
  });
  test("a one-seat side, or a page without the roster, names the side alone", () => {
    assert.equal(whoseMove(activation("ge-1"), "su-1", names).text, "German is acting");
    assert.equal(actorWords("ge", ["ge"], "su", names, [{ id: "ge", side: "ge", user: "ann" }, { id: "su", side: "su", user: "bob" }]), "German");
  });
  test("a side whose every seat may act is named as a side", () => {
    assert.equal(actorWords("ge", ["ge-1", "ge-2"], "su-1", names, SEATS), "German");
  });
});

describe("a player waiting while a partner acts", () => {
  const units = {
    g1: { id: "g1", own: true, hex: null, entry_turn: 2 },
    g2: { id: "g2", own: true, hex: null, entry_turn: 3 },
    e1: { id: "e1", own: true, hex: "0304" },
  };
  const commanders = { g1: "ge-2", g2: "ge-2", e1: "ge-1" };
  test("is told who acts and when their own units arrive", () => {
    const view = { ...activation("ge-1"), units };
    assert.equal(partnerActing(view, "ge-2", SEATS, commanders), "Your partner erin is acting; your units arrive on turn 2.");
  });
  test("with units on the map, only who acts", () => {
    const view = { ...activation("ge-2"), units };
    assert.equal(partnerActing(view, "ge-1", SEATS, commanders), "Your partner frank is acting.");
  });
  test("nothing when the player may act, the other side acts, or the game is over", () => {
    assert.equal(partnerActing({ ...activation("ge-2"), units }, "ge-2", SEATS, commanders), null);
    assert.equal(partnerActing({ ...activation("su-1"), units }, "ge-2", SEATS, commanders), null);
    assert.equal(partnerActing({ ...activation("ge-1"), units, result: { winner: "ge" } }, "ge-2", SEATS, commanders), null);
  });
  test("a partner's counter says who commands it", () => {
    assert.equal(commanderWords("e1", "ge-2", SEATS, commanders), "your partner erin (seat 1)");
    assert.equal(commanderWords("g1", "ge-2", SEATS, commanders), "you");
    assert.equal(commanderWords("x9", "ge-2", SEATS, commanders), null);
  });
});

describe("a proposed command a partner's came before", () => {
  const by = { side: "ge", seat: "ge-1", player: "erin", acted_first: "Your partner erin (ge-1) acted first: erin activated Gren 2 in 0304. Your proposed command was not sent: look at the board again and choose." };
  test("is named in the server's words", () => {
    assert.equal(droppedProposal(by, "ge-2"), by.acted_first);
  });
  test("the player's own command, or none named, is said plainly, never in silence", () => {
    assert.equal(droppedProposal(by, "ge-1"), PROPOSAL_GONE);
    assert.equal(droppedProposal(null, "ge-2"), PROPOSAL_GONE);
  });
  test("the patch frame's `by` reaches the store's change", () => {
    const store = new Store();
    store.applyFrame(parseServerFrame(JSON.stringify({ t: "snapshot", v: 1, d: { units: {} } })));
    const change = store.applyFrame(parseServerFrame(JSON.stringify({ t: "patch", v: 2, d: { ops: [], log: [], by } })));
    assert.deepEqual(change.by, by);
    const plain = store.applyFrame(parseServerFrame(JSON.stringify({ t: "patch", v: 3, d: { ops: [], log: [] } })));
    assert.equal(plain.by, null);
  });
});

describe("a declined draw offer", () => {
  test("is told to the side that made it, not to the one who declined", () => {
    const d = { offers: [], declined: { seat: "su-1", text: "Soviet declined your draw offer." } };
    assert.equal(declinedOffer(d, "ge-1"), "Soviet declined your draw offer.");
    assert.equal(declinedOffer(d, "su-1"), null);
    assert.equal(declinedOffer({ offers: [] }, "ge-1"), null);
  });
});

describe("a finished game's result", () => {
  const words = { title: "Game over: German wins (tactical victory)", outcome: "German wins (tactical victory)", reason: "after the last turn" };
  test("the lobby reads it in the server's words, not its code", () => {
    assert.equal(resultLine({ winner: "ge", reason: "turns", words }), "German wins (tactical victory): after the last turn");
    assert.equal(resultLine(null), "Game over");
  });
  function banner() {
    fakeDom();
    const fields = Object.fromEntries(["turn", "phase", "initiative", "whose"].map((f) => [f, new FakeNode("span")]));
    const classes = new Set();
    const root = { querySelector: (sel) => fields[/data-field="(\w+)"/.exec(sel)[1]], classList: { toggle: (c, on) => (on ? classes.add(c) : classes.delete(c)) } };
    return { root, fields, classes };
  }
  test("the banner says who won and why", () => {
    const { root, fields, classes } = banner();
    renderBanner(root, { turn: 8, turns: 8, phase: "ended", result: { winner: "ge", reason: "turns", words } }, "su-1", names);
    assert.equal(fields.phase.textContent, "Game over: German wins (tactical victory)");
    assert.equal(fields.whose.textContent, "After the last turn");
    assert.ok(classes.has("game-over"));
  });
  test("an aborted game is aborted, not a draw", () => {
    const { root, fields } = banner();
    const aborted = { winner: null, agreed: "abort", words: { title: "Game aborted", outcome: "Game aborted", reason: "before the first move" } };
    renderBanner(root, { turn: 1, turns: 8, phase: "ended", result: aborted }, "su-1", names);
    assert.equal(fields.phase.textContent, "Game aborted");
  });
});
