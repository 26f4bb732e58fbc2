// The chats' lines and a press: in a lobby card a line added above the pressed button would
// move it, so the lines wait for the press's click, all of them and in order; on the game
// page a message redraws the lines alone, never the tab under a finger.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { FakeNode, fakeDom, listeningDocument } from "./tools/fake_dom.mjs";
import { openChat } from "../../static/games/js/lobby/chat.js";
import { createChat } from "../../static/games/js/game/chat.js";
import { followPresses } from "../../static/games/js/ui/presses.js";

/** A WebSocket that records its listeners; `say(frame)` delivers a frame to them. */
class FakeSocket {
  static OPEN = 1;
  static last = null;
  constructor(url) {
    Object.assign(this, { url, readyState: 0, listeners: {}, sent: [] });
    FakeSocket.last = this;
  }
  addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); }
  send(text) { this.sent.push(text); }
  close() {}
  say(frame) { for (const fn of this.listeners.message ?? []) fn({ data: JSON.stringify(frame) }); }
}

beforeEach(() => {
  fakeDom();
  listeningDocument();
  globalThis.WebSocket = FakeSocket;
  globalThis.location = { protocol: "http:", host: "pgweb.test" };
});

/** A lobby card's chat, its log and presence line, on a page whose presses are followed. */
function lobbyChat() {
  followPresses(document);
  const box = new FakeNode("section");
  openChat(box, "g1", ["players", "side"], (seat) => ({ "ge-1": "anna" })[seat] ?? `Soviet seat ${seat.slice(3)}`);
  const [, presence, log] = box.childNodes;
  return { socket: FakeSocket.last, presence, log };
}

const line = (from, text) => ({ t: "chat", d: { channel: "players", from, text } });

test("a room chat's lines come at once when nothing is pressed", () => {
  const { socket, log } = lobbyChat();
  socket.say(line("ann", "hello"));
  assert.equal(log.textContent, "[All players] ann: hello");
});

test("while a button is pressed the lines wait for its click, then all come in order, and the presence shows its latest", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { socket, presence, log } = lobbyChat();
  const join = new FakeNode("button");
  document.dispatch("pointerdown", join);
  socket.say(line("ann", "one"));
  socket.say({ t: "presence", d: { seats: { "ge-1": 1 }, spectators: 0 } });
  socket.say(line("bob", "two"));
  socket.say({ t: "presence", d: { seats: { "ge-1": 1, "su-1": 2 }, spectators: 1 } });
  assert.equal(log.childNodes.length, 0);
  assert.equal(presence.textContent, "");
  document.dispatch("pointerup", join);
  document.dispatch("click", join);
  assert.equal(log.childNodes.length, 0); // the click's own handlers come first
  t.mock.timers.tick(0);
  assert.deepEqual(log.childNodes.map((li) => li.textContent), ["[All players] ann: one", "[All players] bob: two"]);
  assert.equal(presence.textContent, "Here: anna, Soviet seat 1 ×2; spectators 1");
  socket.say(line("ann", "three")); // the press is over: at once again
  assert.equal(log.childNodes.length, 3);
});

test("on the game page a message redraws the chat's lines, and the tabs stay the nodes they were", () => {
  const tabs = new FakeNode("div");
  const lines = new FakeNode("ol");
  const chat = createChat({ tabs, lines, form: new FakeNode("form"), channels: ["side", "players"], send: () => true });
  const [side, players] = tabs.children;
  chat.add({ channel: "side", from: "ann", text: "hold the bridge" });
  chat.add({ channel: "players", from: "bob", text: "good luck" });
  assert.deepEqual(tabs.children, [side, players]);
  assert.equal(side.removals + players.removals, 0);
  assert.deepEqual(lines.childNodes.map((li) => li.textContent), ["ann: hold the bridge"]);
});
