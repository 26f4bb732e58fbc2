// The game page's Coaches panel: under the "coach" spectator policy a player invites a coach
// to their side by name, or makes a link the first taker accepts, and revokes either. A coach
// sees the side's view live and talks on its side chat; a coach never acts (the server
// refuses a command without a seat). REST: /api/v1/games/<id>/coaches.

import { del, get, latestOnly, post } from "../lobby/api.js";
import { el, fill } from "./dom.js";

/** What the panel lists: each invitation as a row (a coach's name, or a link not yet taken). */
export function coachRows(invitations) {
  return (invitations ?? []).map((i) => ({
    id: i.id,
    who: i.user ?? "a link, not yet taken",
    url: i.user ? null : (i.url ?? null),
    by: i.invited_by,
  }));
}

function row(item, { revoke }) {
  const copy = item.url
    ? el("button", { type: "button", class: "coach-copy", onclick: () => navigator.clipboard?.writeText(item.url) }, "Copy link")
    : null;
  return el("li", { class: "coach", "data-invite": item.id },
    el("span", { class: "coach-who" }, item.who),
    item.url ? el("input", { class: "coach-url", readonly: true, value: item.url, "aria-label": "Coach link" }) : null,
    copy,
    el("button", { type: "button", class: "coach-revoke", onclick: () => revoke(item) }, "Revoke"));
}

/** Wire the panel for a player; nothing happens for anyone else. */
export function mountCoaches(root, boot) {
  if (!root || !boot.coaching) return;
  const base = `${boot.api}/coaches`;
  const list = root.querySelector("#coach-list");
  const notice = root.querySelector("#coach-notice");
  const say = (text) => { notice.textContent = text; };
  const invitations = latestOnly(() => get(base));

  async function load() {
    const answer = await invitations();
    if (answer === null) return; // a later reload is under way and will draw the list
    if (!answer.ok) return say(answer.body?.message ?? "Could not read the coaches.");
    const rows = coachRows(answer.body.invitations);
    fill(list, rows.length ? rows.map((r) => row(r, { revoke })) : [el("li", { class: "empty" }, "No coach yet.")]);
  }

  async function revoke(item) {
    const answer = await del(`${base}/${encodeURIComponent(item.id)}`);
    say(answer.ok ? `${item.who === "a link, not yet taken" ? "The link" : item.who} no longer coaches.` : (answer.body?.message ?? "Refused."));
    await load();
  }

  root.querySelector("#coach-invite").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = event.target.elements.username;
    const name = input.value.trim();
    if (!name) return;
    const answer = await post(base, { username: name });
    say(answer.ok ? `${answer.body.user} may now coach your side.` : (answer.body?.message ?? "Refused."));
    if (answer.ok) input.value = "";
    await load();
  });
  root.querySelector("#coach-link").addEventListener("click", async () => {
    const answer = await post(base, { link: true });
    say(answer.ok ? "Send this link to your coach: the first to open it becomes your coach." : (answer.body?.message ?? "Refused."));
    await load();
  });
  root.hidden = false;
  load();
}

const bootNode = typeof document !== "undefined" ? document.getElementById("pg-boot") : null;
if (bootNode) mountCoaches(document.getElementById("coaches"), JSON.parse(bootNode.textContent));
