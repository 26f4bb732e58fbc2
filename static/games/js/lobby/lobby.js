// The lobby page: lists kept live by /ws/lobby/v1/, quick match, joining and leaving seats,
// team division, a chat per pre-game room. No rules here; the server decides everything.

import { call, del, forgetToken, gameUrl, get, post, put } from "./api.js";
import { openChat } from "./chat.js";
import { gameCard, lobbySeatName, seatOfSide, tickCardClocks } from "./cards.js";
import { el, fill } from "./dom.js";
import { inviteFinder } from "./invite.js";
import { refusalParts } from "./refusal.js";
import { visitorsLine } from "./online.js";
import { fillKeyed } from "../ui/keyed.js";
import { followPresses, waitsForPress } from "../ui/presses.js";

const $ = (id) => document.getElementById(id);
// `drafts`: game id -> {formation id: seat id} a side's first seat has chosen but not saved,
// so a redraw of the lists (anyone joining, leaving, coming online) keeps the choice.
const state = { lists: null, seek: null, botWish: null, botLevels: new Map(), openMine: new Set(), running: null, chats: new Map(), invite: null, drafts: new Map() };
let leaving = false; // on the way to a game: see openGame

function say(text, kind = "info") {
  // Above the lists: a notice that wraps to more lines than the last would move them.
  // `text` is a string or refusal parts (refusal.js): strings and links.
  if (waitsForPress(document, say, () => say(text, kind))) return;
  const box = $("notice");
  const parts = Array.isArray(text) ? text : [text];
  fill(box, parts.map((p) => (typeof p === "string" ? p : el("a", { href: p.href }, p.text))));
  box.className = `notice ${kind}`;
}

async function act(promise, success) {
  const answer = await promise;
  if (!answer.ok) {
    say(refusalParts(answer.body, answer.status), "error");
  } else if (success) {
    success(answer.body);
  }
  return answer;
}

const actions = {
  join: async (game, side) => {
    // Signed out (an invite link, say): become a guest first, then take the seat.
    if (!state.lists || !state.lists.me) {
      if (!(await playAsGuest(null, false))) return null;
    }
    return actions.takeSeat(game, side);
  },
  takeSeat: (game, side) => act(post(`/api/v1/games/${game.id}/join`, { side }), (joined) => {
    // The last seat taken starts the game: its taker goes there like everyone else.
    if (joined.status === "active") openGame(joined.id);
    else say("You took a seat. The game starts when every seat is taken.");
  }),
  leave: (game) => act(post(`/api/v1/games/${game.id}/leave`), () => say("You left the game.")),
  remove: (game, seat) => act(post(`/api/v1/games/${game.id}/seats/${seat}/remove`), () => say(`The ${seatOfSide(game, seat)} is free again.`)),
  botLevel: (game, side) => state.botLevels.get(`${game.id}:${side}`),
  chooseBotLevel: (game, side, level) => state.botLevels.set(`${game.id}:${side}`, level),
  seatBot: (game, side, level) => act(post(`/api/v1/games/${game.id}/bot-seat`, { side, level }), (after) => {
    if (after.status === "active") openGame(after.id);
    else say(`A ${level} bot took a seat. The game starts when every seat is taken.`);
  }),
  rematch: (game) => act(post(`/api/v1/games/${game.id}/rematch`), (next) => {
    if (next.status === "active") openGame(next.id);
    else say("Rematch opened: it starts when your opponents ask for it too.");
  }),
  saveDivision: (game, side, seats) => act(put(`/api/v1/games/${game.id}/division`, { side, seats }), () => {
    state.drafts.delete(game.id);
    say("Division saved.");
  }),
  draft: (game, formation, seat) => {
    const draft = state.drafts.get(game.id) || {};
    state.drafts.set(game.id, { ...draft, [formation]: seat });
  },
};

// -- rendering ------------------------------------------------------------------------------

function roomChat(game) {
  // One chat panel per pre-game room, kept across redraws (its socket stays open).
  let entry = state.chats.get(game.id);
  if (!entry) {
    const box = el("section", { class: "room-chat", dataset: { game: game.id } });
    // Who is here, by the players' names as the room stands now (seats fill while it is open).
    const named = (seat) => lobbySeatName(entry.game, seat);
    entry = { box, game, chat: openChat(box, game.id, ["players", "side"], named) };
    state.chats.set(game.id, entry);
  }
  entry.game = game;
  return entry.box;
}

function drawList(container, games, empty, withChat = false) {
  if (!games.length) {
    fillKeyed(container, [{ key: `empty:${empty}`, draw: () => el("p", { class: "empty" }, empty) }]);
    return;
  }
  // A card's node is kept while its game, the viewer and its marks are unchanged; a choice
  // being made in it (a bot's level, a division) lives in its selects meanwhile.
  const me = state.lists.me;
  fillKeyed(container, games.map((g) => {
    const invited = g.id === invitedId();
    const chat = withChat && g.status === "open";
    return {
      key: JSON.stringify([g, me, invited, chat]),
      draw: () => gameCard(g, { me, actions, extra: chat ? roomChat(g) : null, invited, draft: state.drafts.get(g.id) }),
    };
  }));
}

function drawAccount(lists) {
  const box = $("account");
  if (!lists.me) {
    fill(box, el("button", { id: "play-as-guest", type: "button", onclick: playAsGuest }, "Play as a guest"), " or ",
      el("a", { href: "/accounts/login/" }, "sign in"), " or ",
      el("a", { href: "/accounts/signup/" }, "sign up"), ".");
    return;
  }
  fill(box, "Signed in as ", el("a", { class: "me", href: `/players/${encodeURIComponent(lists.me)}/` }, lists.me),
    lists.guest ? [" (a guest: ", el("a", { href: "/accounts/claim/" }, "keep this account"), ")"] : null);
}

function drawQueue(lists) {
  const counts = lists.queue || {};
  fill($("queue-counts"), Object.entries(counts).map(([size, n]) =>
    el("li", { dataset: { size } }, `${size} v ${size}: ${n} waiting`)));
  state.seek = lists.seek;
  drawSeek();
  ensurePolling();
}

function drawSeek() {
  if (waitsForPress(document, drawSeek, drawSeek)) return; // above the lists: as draw() says
  const box = $("seek-status");
  const form = $("quick-match-form");
  if (state.seek && state.seek.status === "waiting") {
    const size = String(state.seek.team_size);
    const waiting = (state.lists && state.lists.queue && state.lists.queue[size]) || 1;
    const wish = state.botWish && state.botWish.seek === state.seek.id ? state.botWish : null;
    const offer = wish && wish.offer
      ? el("span", { class: "bot-offer" }, " Nobody yet. ",
        el("button", { id: "accept-bot", type: "button", onclick: acceptBot }, `Play a ${wish.level} bot instead`))
      : null;
    fill(box, `Looking for ${size} v ${size} players… ${waiting} waiting. `,
      el("button", { id: "cancel-seek", type: "button", onclick: cancelSeek }, "Cancel"), offer);
    form.querySelector("button[type=submit]").disabled = true;
  } else {
    fill(box);
    form.querySelector("button[type=submit]").disabled = false;
  }
}

function drawOnline(lists) {
  const online = lists.online || { users: [], visitors: 0 };
  fill($("online"), el("ul", {}, online.users.map((n) => el("li", { class: "player-name" }, n))),
    visitorsLine(online) ? el("p", {}, visitorsLine(online)) : null);
}

function draw(lists) {
  // Lists drawn while a press is held wait for its click: any of them that grew or shrank
  // above the pressed button (my games, an invite, the queue) would move it from under the
  // pointer, and the release would land on whatever came there (ui/presses.js).
  if (waitsForPress(document, draw, () => draw(lists))) return;
  // A redraw replaces the cards; a room chat's nodes survive it, so typing there goes on.
  const focused = document.activeElement;
  state.lists = lists;
  drawAccount(lists);
  drawQueue(lists);
  drawList($("my-games"), lists.mine, lists.me ? "You have no games running." : "Sign in or play as a guest to play.", true);
  // The game of an invite link is drawn once, in the invite box at the top.
  const elsewhere = (g) => !lists.mine.some((m) => m.id === g.id) && g.id !== invitedId();
  drawList($("open-game-list"), lists.open.filter(elsewhere), "No open games: open one, or press Quick match.");
  drawList($("watch-games"), lists.watch.filter(elsewhere), "No games to watch right now.");
  drawList($("recent-games"), lists.recent || [], "No finished games yet.");
  drawOnline(lists);
  // A game of mine that has started since the last lists: go and play it. It is one not
  // among the games of mine seen running before, whether those lists showed it open or not
  // at all (on a busy server a game opened and filled at once can come as one frame). The
  // first lists only say what was running already.
  const running = lists.mine.filter((g) => g.status === "active").map((g) => g.id);
  const started = state.running && running.find((id) => !state.running.has(id));
  state.running = new Set([...(state.running || []), ...running]);
  state.openMine = new Set(lists.mine.filter((g) => g.status === "open").map((g) => g.id));
  for (const [id, entry] of state.chats) {
    if (!state.openMine.has(id)) { entry.chat.close(); state.chats.delete(id); }
  }
  if (started) openGame(started);
  drawInvite();
  if (focused && focused.isConnected && document.activeElement !== focused) focused.focus({ preventScroll: true });
}

/** A battle's title from its card in the catalogue on the page (the id if it has none). */
function scenarioTitle(id) {
  const card = [...document.querySelectorAll(".battle-card[data-play-id]")].find((c) => c.dataset.playId === id);
  return card ? card.querySelector(".battle-title").textContent.trim() : id;
}

function invitedId() {
  return new URLSearchParams(location.search).get("game");
}

let inviteShown = null; // the invited game's id once its card was brought into view

const findInvited = inviteFinder({ titleOf: scenarioTitle });

async function drawInvite() {
  const id = invitedId();
  const box = $("invite");
  if (!id || !state.lists) return;
  const found = await findInvited(state.lists, id);
  if (found === null) return; // a later redraw of the lists is under way and draws it
  if (found.mine) {
    // Your own game (you opened it, or joined): it stays in My games, marked.
    fill(box);
    showInvited(document.querySelector(`#my-games article[data-game="${CSS.escape(id)}"]`));
    return;
  }
  if (found.missing) {
    fill(box, el("h2", {}, "Invite link"), el("p", { class: "error" },
      "This invite link names no game: it was mistyped, or the game was removed. Ask for a new link, or pick a game below."));
    return;
  }
  const card = found.card;
  const title = card.scenario.title || card.scenario.id;
  const signIn = el("a", { href: `/accounts/login/?next=${encodeURIComponent(location.pathname + location.search)}` }, "sign in");
  const how = card.status !== "open" ? [card.status === "active" ? "It has started already." : "It has ended."]
    : state.lists.me ? ["Pick a side to join."]
      : ["Pick a side to play as a guest (no sign-up needed), or ", signIn, " first."];
  const me = state.lists.me;
  fillKeyed(box, [
    { key: `title:${title}`, draw: () => el("h2", {}, `You were invited to ${title}`) },
    { key: `how:${card.status}:${Boolean(me)}`, draw: () => el("p", { class: "hint" }, how) },
    { key: JSON.stringify([card, me]), draw: () => gameCard(card, { me, actions, invited: true, guestJoin: true }) },
  ]);
}

function showInvited(node) {
  if (!node || inviteShown === invitedId()) return;
  inviteShown = invitedId();
  node.scrollIntoView({ block: "start" });
}

function offerRematch(oldGameId) {
  const box = $("notice");
  fill(box, "Your opponent asks for a rematch, sides swapped. ",
    el("button", { id: "accept-rematch", type: "button", onclick: () => actions.rematch({ id: oldGameId }) }, "Accept"));
  box.className = "notice info";
}

// -- quick match ------------------------------------------------------------------------------

async function quickMatch(event) {
  event.preventDefault();
  if (!state.lists || !state.lists.me) {
    if (!(await playAsGuest(null, false))) return;
  }
  const form = $("quick-match-form");
  const body = { team_size: Number(form.elements.team_size.value) };
  // A side is asked for only with a battle: its sides are that battle's own.
  if (form.elements.scenario.value) {
    body.scenario = form.elements.scenario.value;
    if (form.elements.side?.value) body.side = form.elements.side.value;
  }
  if (form.elements.time_control?.value) body.time_control = form.elements.time_control.value;
  if (form.elements.rated?.checked) body.options = { rated: true };
  const answer = await act(post("/api/v1/matchmaking/seeks", body));
  if (!answer.ok) return;
  state.seek = answer.body;
  state.botWish = null;
  if (state.seek.status === "matched") { openGame(state.seek.game); return; }
  const after = Number(form.elements.bot_after?.value || 0);
  if (after) {
    // A bot is offered if nobody is found within the wait the player chose.
    const wish = await act(post("/api/v1/bots/quick-match",
      { seek: state.seek.id, level: form.elements.bot_level.value, after_seconds: after }));
    if (wish.ok) state.botWish = wish.body;
  }
  say("You are in the queue."); drawSeek(); ensurePolling();
}

async function checkBotOffer() {
  if (!state.botWish || !state.seek) return;
  const answer = await get(`/api/v1/bots/quick-match/${state.seek.id}`);
  if (answer.ok) { state.botWish = answer.body; drawSeek(); }
}

async function acceptBot() {
  if (!state.seek) return;
  await act(post(`/api/v1/bots/quick-match/${state.seek.id}/accept`), (game) => openGame(game.id));
}

/** Go to the game, once: the lobby socket's "matched" frame and the seek's poll may both
 * report the match, and a second navigation would abort the first one under way. */
// Back to the lobby from the page cache: the page is the lobby again, free to leave.
window.addEventListener("pageshow", (event) => { if (event.persisted) leaving = false; });

function openGame(gameId) {
  if (leaving) return;
  leaving = true;
  state.seek = null;
  location.assign(gameUrl(gameId));
}

let polling = false;

/** Poll while a seek waits, however the page learnt of it: the lobby's lists may say "no seek"
 * for a moment after the seek was made (lists made just before it) and bring it back next. */
function ensurePolling() {
  if (!polling && state.seek && state.seek.status === "waiting") pollSeek();
}

async function pollSeek() {
  // The lobby socket says "matched" at once; this is the fallback if it is reconnecting, and
  // the clock of the bot offer.
  polling = true;
  try {
    await pollWhileWaiting();
  } finally {
    polling = false;
  }
}

async function pollWhileWaiting() {
  while (state.seek && state.seek.status === "waiting") {
    await new Promise((r) => setTimeout(r, 3000));
    if (!state.seek || state.seek.status !== "waiting") return;
    let answer;
    try {
      await checkBotOffer();
      answer = await get(`/api/v1/matchmaking/seeks/${state.seek.id}`);
    } catch {
      continue; // the network, for a moment: ask again
    }
    if (answer.status === 404) { state.seek = null; drawSeek(); return; }
    if (!answer.ok) continue; // busy (429, 503): ask again in a moment
    if (answer.body.status === "matched") openGame(answer.body.game);
    else if (answer.body.status === "cancelled") { state.seek = null; drawSeek(); }
  }
}

async function cancelSeek() {
  if (!state.seek) return;
  await act(del(`/api/v1/matchmaking/seeks/${state.seek.id}`), (body) => {
    state.seek = body.status === "waiting" ? body : null;
    if (body.status === "matched") openGame(body.game);
    else say("You left the queue.");
    drawSeek();
  });
}

async function playAsGuest(_event, reload = true) {
  const answer = await call("POST", "/api/v1/auth/guest", {});
  if (!answer.ok) { say("Could not sign in as a guest.", "error"); return false; }
  if (reload) { location.reload(); return true; }
  forgetToken();
  await reconnect();
  return true;
}

// -- the lobby socket -------------------------------------------------------------------------

let socket = null;
let attempt = 0;
let onLists = null; // resolves reconnect() with the first lists of the new socket

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/lobby/v1/`);
  socket = ws;
  ws.addEventListener("open", () => { attempt = 0; });
  ws.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (frame.t === "lobby") {
      draw(frame.d);
      // Live once the lists are here: the server joins the socket to its groups before it
      // sends them, so from now on no change is missed.
      document.body.dataset.lobby = "live";
      if (onLists) { onLists(); onLists = null; }
    }
    else if (frame.t === "matched") openGame(frame.d.game);
    else if (frame.t === "removed") say("The game's creator gave your seat to someone else.", "error");
    else if (frame.t === "rematch") offerRematch(frame.d.of);
  });
  ws.addEventListener("close", () => {
    if (ws.replaced) return;
    document.body.dataset.lobby = "offline";
    const delay = Math.min(30_000, 500 * 2 ** attempt++) * (0.5 + Math.random() / 2);
    setTimeout(connect, delay);
  });
}

function reconnect() {
  // The session changed (a guest signed in): a new socket knows who it is.
  if (socket) { socket.replaced = true; socket.close(); }
  const ready = new Promise((resolve) => { onLists = resolve; });
  connect();
  return ready;
}

// A command that changes whose turn it is nudges the lobby like any other change
// (games.lobby.notify.turn_changed): no polling.

$("quick-match-form").addEventListener("submit", quickMatch);
followPresses(document); // from the start: the first lists may come while a button is pressed
connect();

// My games' running clocks count down between the lists the server sends.
setInterval(() => $("my-games") && tickCardClocks($("my-games")), 1000);
