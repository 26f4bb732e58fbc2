// The seats panel: who sits at each seat, what each commands (formations, or a band of the
// map under Sector Command, and how many units now), who is "you", who is your partner, and
// who has the game open. Plain data in, text out.

import { el, fill } from "./dom.js";

/**
 * What a seat commands, in words, from what the server says: its formations; under Sector
 * Command its band of the map ("hex columns A01–A08", `columnName(q)` naming a column); and,
 * on its own side's page, how many units it commands now (`commanders`: unit -> seat).
 */
export function commandWords(seat, { sectors = null, commanders = null, columnName = (q) => String(q) } = {}) {
  const parts = [];
  if (seat.formations?.length) parts.push(seat.formations.join(", "));
  const band = sectors?.[seat.id];
  if (band) parts.push(`the units in hex columns ${columnName(band[0])}–${columnName(band[1])}`);
  if (commanders) {
    const n = Object.values(commanders).filter((x) => x === seat.id).length;
    if (n || band || parts.length) parts.push(`${n} unit${n === 1 ? "" : "s"} now`);
  }
  return parts.length ? parts.join("; ") : null;
}

/**
 * One row per seat, grouped by side in the roster's order.
 * `seats`: [{id, side, user, you, formations}] (the page's boot data, users kept fresh);
 * `presence`: {seats: {seat id: bool}} or null; `mySeat`: the viewer's seat id or null;
 * `command`: the view's {sectors, commanders} and `columnName` (commandWords).
 */
export function seatRows(seats, presence, mySeat, sideName, command = {}) {
  const online = presence?.seats ?? {};
  const mySide = seats.find((s) => s.id === mySeat)?.side ?? null;
  const bySide = new Map();
  for (const s of seats) {
    if (!bySide.has(s.side)) bySide.set(s.side, []);
    const role = s.id === mySeat ? "you" : mySide && s.side === mySide ? "partner" : null;
    bySide.get(s.side).push({
      id: s.id,
      who: s.user ?? "empty seat",
      person: Boolean(s.user) && !/^(Recruit|Veteran|Elite)Bot(-\d+)?$/.test(s.user),
      role,
      online: Boolean(online[s.id]),
      standIn: s.stand_in ?? null, // the bot its player chose to stand in for them (untimed games)
      commands: commandWords(s, { ...command, commanders: s.side === mySide ? command.commanders : null }),
    });
  }
  // Your own side first: the seats you play with.
  const order = [...bySide.keys()].sort((a, b) => (b === mySide) - (a === mySide));
  return order.map((side) => ({ side, name: sideName(side), rows: bySide.get(side) }));
}

const BOT_LEVELS = [["recruit", "Recruit"], ["veteran", "Veteran"], ["elite", "Elite"]];

/** For a seated player, beside an away player's seat: ask a bot to stand in for them (the
 * server decides whether they have left, or their side is out of time). */
function standInControl(row, standIn, chosen = null) {
  // The player's own choice is the only level offered to an opponent (the server holds to it).
  const levels = chosen ? BOT_LEVELS.filter(([value]) => value === chosen) : BOT_LEVELS;
  const level = el("select", { class: "stand-in-level", "aria-label": `Bot level to stand in for ${row.who}` },
    levels.map(([value, name]) => el("option", { value, selected: value === (chosen ?? "veteran") }, name)));
  const said = el("span", { class: "stand-in-said", role: "status" });
  const ask = el("button", { type: "button", class: "stand-in", "data-seat": row.id, onclick: async () => {
    ask.disabled = true;
    fill(said, await standIn(row.id, level.value));
    ask.disabled = false;
  } }, "Ask a bot to stand in");
  return el("div", { class: "seat-stand-in" }, level, " ", ask, " ", said);
}

/** Draw the seats panel; a spectator count closes it. `standIn(seat, level)` -> words, when
 * the viewer may ask a bot to stand in for an away player. */
export function renderSeats(root, seats, presence, mySeat, sideName, command = {}, standIn = null) {
  const groups = seatRows(seats, presence, mySeat, sideName, command);
  const team = groups.some((g) => g.rows.length > 1);
  fill(
    root,
    groups.map((g) => el("li", { class: "seat-side", "data-side": g.side },
      el("span", { class: "seat-side-name" }, g.name),
      el("ul", {}, g.rows.map((r) => el("li", {
        class: `seat-row ${r.online ? "online" : "offline"}${r.role ? ` seat-${r.role}` : ""}`, "data-seat": r.id,
      },
      el("span", { class: "presence-dot", "aria-hidden": "true" }, r.online ? "●" : "○"),
      " ", el("span", { class: "seat-user" }, r.who),
      r.role === "you" ? el("strong", { class: "seat-badge you" }, " (you)") : null,
      r.role === "partner" ? el("span", { class: "seat-badge partner" }, " (your partner)") : null,
      " ", el("span", { class: "presence-word" }, r.online ? "online" : "away"),
      team && r.commands ? el("div", { class: "seat-commands" }, `commands ${r.commands}`) : null,
      standIn && mySeat && presence && r.role !== "you" && !r.online && r.person
        && (r.role === "partner" || !command.standInPartnersOnly || r.standIn)
        ? standInControl(r, standIn, r.role === "partner" ? null : r.standIn) : null))))),
    presence ? el("li", { class: "spectators" }, `Spectators: ${presence.spectators ?? 0}${mySeat ? "" : " (you are watching)"}`) : null,
  );
}

/** Keep the roster's players current from the REST game's seats ([{id, user, stand_in}]). */
export function withUsers(seats, restSeats) {
  const rest = new Map((restSeats ?? []).map((s) => [s.id, s]));
  return seats.map((s) => (rest.has(s.id) ? { ...s, user: rest.get(s.id).user, stand_in: rest.get(s.id).stand_in ?? null } : s));
}
