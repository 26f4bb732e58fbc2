// Draw the lobby's game cards. Every name and title goes in as text (dom.js), never markup.

import { el } from "./dom.js";
import { gameUrl } from "./api.js";
import { formatLeft, secondsLeft } from "../ui/clocks.js";
import { resultLine } from "../ui/results.js";
import { turnWords } from "./turn_words.js";
import { seatWord } from "../ui/seat_words.js";

const POLICY = { public: "spectators see the public view", coach: "sides may invite coaches",
  after_end: "spectators after the end", none: "no spectators" };

let names = null;
/** Option ids to the names players read (the lobby page embeds them; games.rules data). */
function optionNames() {
  if (names === null) {
    const script = document.getElementById("option-names");
    names = script ? JSON.parse(script.textContent) : {};
  }
  return names;
}

/** A game's settings as the card's badges, in words. Double-blind is an optional rule itself
 * (18.0): a double-blind game with no other is not also "no optional rules". */
export function badgeWords(options, optionName = (id) => optionNames()[id] || id) {
  const out = [];
  if (options.rated) out.push("rated");
  if (options.double_blind) out.push("double-blind");
  if (options.optional_rules && options.optional_rules.length) {
    out.push(`optional rules: ${options.optional_rules.map(optionName).join(", ")}`);
  }
  else if (!options.double_blind) out.push("no optional rules");
  out.push(POLICY[options.spectators] || options.spectators);
  if (options.spectator_delay) out.push(`spectators ${options.spectator_delay} commands behind`);
  if (options.private) out.push("private");
  return out;
}

function badges(options) {
  return el("ul", { class: "badges" }, badgeWords(options).map((b) => el("li", {}, b)));
}

/** Whose turn, in words for the viewer (turn_words.js); mine marked for the eye. */
function turnLine(game, me) {
  const words = turnWords(game, me);
  if (!words) return null;
  return el("p", { class: `turn${words.mine ? " your-move" : ""}` }, words.text);
}

/** My games: each side's time left (the server sorts mine first; "Your move" is the turn
 * line's). A running clock's time is counted down from its deadline by `tickCardClocks`. */
function clockLine(game) {
  if (!game.clock) return null;
  const parts = [];
  const now = Date.now();
  // The sides' times side by side in one format (formatLeft's scale).
  const scale = Math.max(0, ...game.sides.map((side) => (game.clock?.sides?.[side.id] ? secondsLeft(game.clock.sides[side.id], now) || 0 : 0)));
  for (const side of game.sides) {
    const reading = game.clock?.sides?.[side.id];
    if (!reading) continue;
    const time = el("span", {
      class: "card-time",
      dataset: { side: side.id, running: reading.running && !reading.flagged ? "1" : "", deadline: reading.deadline ?? "", scale: String(scale) },
    }, reading.flagged ? "out of time" : formatLeft(secondsLeft(reading, now), scale));
    parts.push(parts.length ? ` · ${side.name} ` : `${side.name} `, time);
  }
  if (game.clock) parts.push(` (${game.clock.label})`);
  return el("p", { class: "card-clock", "data-field": "clock" }, parts);
}

/** Count the running clocks of the cards under `root` down to `nowMs` (called every second).
 * A face that reads the same (a day's clock in days and hours) is not written again: the
 * write would have the lobby laid out and painted again for nothing. */
export function tickCardClocks(root, nowMs = Date.now()) {
  for (const time of root.querySelectorAll(".card-time[data-running='1']")) {
    const shown = formatLeft(secondsLeft({ running: true, deadline: time.dataset.deadline }, nowMs), Number(time.dataset.scale) || 0);
    if (time.textContent !== shown) time.textContent = shown;
  }
}

/**
 * One game. `ctx`: {me, actions: {join(game, side), leave(game), remove(game, seat),
 * saveDivision(game, side, seats)}, extra: node to append (a chat panel)}.
 */
/** Every seat of a lobby game with its side's id ([{id, side, user, ...}]), for seatWord. */
export function lobbyRoster(game) {
  return game.sides.flatMap((side) => side.seats.map((seat) => ({ ...seat, side: side.id })));
}

/** "German seat 2": a seat of a lobby game by its side's name and its place in it. */
export function seatOfSide(game, id) {
  const side = game.sides.find((s) => s.seats.some((seat) => seat.id === id));
  return side ? `${side.name} ${seatWord(lobbyRoster(game), id)}` : seatWord([], id);
}

/** A seat of a lobby game by its player's name, or "German seat 2" while it is free. */
export function lobbySeatName(game, id) {
  return lobbyRoster(game).find((seat) => seat.id === id)?.user ?? seatOfSide(game, id);
}

export function gameCard(game, ctx) {
  const me = ctx.me;
  const roster = lobbyRoster(game);
  const mySeat = game.sides.flatMap((s) => s.seats).find((s) => me && s.user === me);
  const open = game.status === "open";
  const sides = game.sides.map((side) => {
    const first = side.seats[0];
    const seats = side.seats.map((seat) => {
      const who = seat.user === null
        ? el("span", { class: "free" }, "free")
        : el("span", { class: "player-name" }, seat.user);
      const dot = seat.user !== null
        ? el("span", { class: seat.online ? "online" : "offline", title: seat.online ? "online" : "away" }, seat.online ? "●" : "○")
        : null;
      const remove = open && me && game.created_by === me && seat.user && seat.user !== me
        ? el("button", { class: "remove", type: "button", onclick: () => ctx.actions.remove(game, seat.id) }, "Remove")
        : null;
      return el("li", { class: "seat", dataset: { seat: seat.id } }, dot, " ", el("span", { class: "seat-id" }, capitalised(seatWord(roster, seat.id))), " ", who, " ", remove);
    });
    const free = side.seats.some((s) => s.user === null);
    // Signed out, a card may still offer Join (an invite): joining signs in as a guest first.
    const join = open && (me || ctx.guestJoin) && !mySeat && free
      ? el("button", { class: "join", type: "button", dataset: { side: side.id }, onclick: () => ctx.actions.join(game, side.id) }, `Join ${side.name}`)
      : null;
    const division = game.division && side.seats.length > 1
      ? divisionBlock(game, side, me && first.user === me, ctx, roster)
      : null;
    // The game's creator may give a free seat to a bot (a partner or an opponent).
    const bot = open && me && game.created_by === me && free && ctx.actions.seatBot
      ? botSeatControl(game, side, ctx)
      : null;
    return el("div", { class: "side", dataset: { side: side.id } },
      el("h4", {}, side.name), el("ul", { class: "seats" }, seats), join, bot, division);
  });
  // A side's view is for its players and the coaches they invite (by name or link, from
  // the game page): the lobby offers everyone else the public view only.
  const link = game.status === "active"
    ? el("a", { class: "enter", href: gameUrl(game.id) }, mySeat ? "Play" : "Watch")
    : null;
  const finished = game.status === "finished";
  const after = finished
    ? el("p", { class: "after" },
      el("span", { class: "result" }, resultLine(game.result)), " · ",
      el("a", { href: `${gameUrl(game.id)}replay` }, "Replay"), " ",
      mySeat ? el("button", { class: "rematch", type: "button", onclick: () => ctx.actions.rematch(game) }, "Rematch, sides swapped") : null)
    : null;
  const leave = open && mySeat
    ? el("button", { class: "leave", type: "button", onclick: () => ctx.actions.leave(game) }, "Leave")
    : null;
  const invite = open && mySeat ? inviteLine(game) : null;
  const sc = game.scenario;
  return el("article", { class: `game-card status-${game.status}${ctx.invited ? " invited" : ""}`, dataset: { game: game.id } },
    el("header", {},
      el("img", { class: "thumb", src: `/scenarios/${encodeURIComponent(sc.id)}/thumbnail.svg`, alt: "", width: 96, height: 64, loading: "lazy" }),
      el("div", {},
        el("h3", {}, sc.title || sc.id),
        el("p", { class: "meta" },
          [sc.date, `${game.seats_per_side} v ${game.seats_per_side}`,
            game.status === "open" ? `${game.free} free seat${game.free === 1 ? "" : "s"}` : null,
            game.status === "active" ? `${game.spectators} watching` : null]
            .filter(Boolean).join(" · "),
          game.created_by && !game.tournament ? [" · opened by ", el("span", { class: "creator" }, game.created_by)] : null),
        tournamentLine(game.tournament),
        badges(game.options))),
    el("div", { class: "sides" }, sides),
    turnLine(game, me), clockLine(game), link, after, leave, invite, ctx.extra || null);
}

/** A tournament game's card names its tournament and round, linking to the tournament's
 * page (the community app adds `tournament` to my games' cards). */
function tournamentLine(tournament) {
  if (!tournament) return null;
  return el("p", { class: "card-tournament" },
    el("a", { href: `/tournaments/${encodeURIComponent(tournament.id)}/` }, tournament.name),
    `, round ${tournament.round}`);
}

const BOT_LEVELS = [["recruit", "Recruit"], ["veteran", "Veteran"], ["elite", "Elite"]];

function botSeatControl(game, side, ctx) {
  // The chosen level outlives a redraw of the lists (anyone joining, coming online).
  const chosen = ctx.actions.botLevel?.(game, side.id) ?? "veteran";
  const level = el("select", { class: "bot-level", "aria-label": `Bot level for ${side.name}`,
    onchange: () => ctx.actions.chooseBotLevel?.(game, side.id, level.value) },
  BOT_LEVELS.map(([value, name]) => el("option", { value, selected: value === chosen }, name)));
  return el("p", { class: "bot-seat" }, level, " ",
    el("button", { class: "seat-bot", type: "button", dataset: { side: side.id },
      onclick: () => ctx.actions.seatBot(game, side.id, level.value) }, `Give a ${side.name} seat to a bot`));
}

function inviteLine(game) {
  const link = `${location.origin}/?game=${game.id}`;
  const input = el("input", { class: "invite-link", readonly: true, value: link, "aria-label": "Invite link", onfocus: (e) => e.target.select() });
  const button = el("button", { type: "button", class: "copy-invite", onclick: async () => {
    button.textContent = (await copyText(link, input)) ? "Copied" : "Select the link and copy it";
    setTimeout(() => { button.textContent = "Copy link"; }, 2500);
  } }, "Copy link");
  return el("p", { class: "invite" }, "Invite link: ", input, " ", button);
}

/** Put text on the clipboard; without the async clipboard (plain http), copy the selection. */
async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input.select();
    return document.execCommand && document.execCommand("copy");
  }
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "seat 2 (ben)", "seat 3 (free)": a seat named for the side's first player dividing units. */
function seatChoice(roster, seat) {
  return `${seatWord(roster, seat.id)} (${seat.user ?? "free"})`;
}

function divisionBlock(game, side, editable, ctx, roster) {
  const seats = side.seats.map((s) => s.id);
  const named = (id) => capitalised(seatChoice(roster, side.seats.find((s) => s.id === id)));
  const formations = Object.entries(game.division)
    .filter(([seat]) => seats.includes(seat))
    .flatMap(([seat, forms]) => forms.map((f) => [f, seat]));
  const names = game.formations || {};
  const rows = formations.map(([form, seat]) => {
    const label = el("span", { class: "formation" }, names[form] || form);
    if (!editable) return el("li", {}, label, ` → ${named(seat)}`);
    const chosen = (ctx.draft && ctx.draft[form]) || seat; // an unsaved choice outlives redraws
    const select = el("select", { dataset: { formation: form }, "aria-label": `Seat for ${names[form] || form}`,
      onchange: (e) => ctx.actions.draft(game, form, e.target.value) },
    seats.map((s) => el("option", { value: s, selected: s === chosen }, named(s))));
    return el("li", {}, label, " → ", select);
  });
  const list = el("ul", { class: "division" }, rows);
  const save = editable
    ? el("button", { type: "button", class: "save-division", onclick: () => {
      const plan = Object.fromEntries(seats.map((s) => [s, []]));
      for (const select of list.querySelectorAll("select")) plan[select.value].push(select.dataset.formation);
      ctx.actions.saveDivision(game, side.id, plan);
    } }, "Save division")
    : null;
  return el("div", { class: "division-block" }, el("p", {}, "Units by formation:"), list, save);
}
