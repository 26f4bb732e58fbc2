// The seats panel: who sits at each seat, which formations each commands, who is "you",
// who is your partner, and who has the game open. Plain data in, text out.

import { el, fill } from "./dom.js";

/**
 * One row per seat, grouped by side in the roster's order.
 * `seats`: [{id, side, user, you, formations}] (the page's boot data, users kept fresh);
 * `presence`: {seats: {seat id: bool}} or null; `mySeat`: the viewer's seat id or null.
 */
export function seatRows(seats, presence, mySeat, sideName) {
  const online = presence?.seats ?? {};
  const mySide = seats.find((s) => s.id === mySeat)?.side ?? null;
  const bySide = new Map();
  for (const s of seats) {
    if (!bySide.has(s.side)) bySide.set(s.side, []);
    const role = s.id === mySeat ? "you" : mySide && s.side === mySide ? "partner" : null;
    bySide.get(s.side).push({
      id: s.id,
      who: s.user ?? "empty seat",
      role,
      online: Boolean(online[s.id]),
      commands: s.formations?.length ? s.formations.join(", ") : null,
    });
  }
  // Your own side first: the seats you play with.
  const order = [...bySide.keys()].sort((a, b) => (b === mySide) - (a === mySide));
  return order.map((side) => ({ side, name: sideName(side), rows: bySide.get(side) }));
}

/** Draw the seats panel; a spectator count closes it. */
export function renderSeats(root, seats, presence, mySeat, sideName) {
  const groups = seatRows(seats, presence, mySeat, sideName);
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
      team && r.commands ? el("div", { class: "seat-commands" }, `commands ${r.commands}`) : null))))),
    presence ? el("li", { class: "spectators" }, `Spectators: ${presence.spectators ?? 0}${mySeat ? "" : " (you are watching)"}`) : null,
  );
}

/** Keep the roster's players current from the REST game's seats ([{id, user}]). */
export function withUsers(seats, restSeats) {
  const users = new Map((restSeats ?? []).map((s) => [s.id, s.user]));
  return seats.map((s) => (users.has(s.id) ? { ...s, user: users.get(s.id) } : s));
}
