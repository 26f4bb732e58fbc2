// Chat tabs: one per channel the viewer may use (a side's players: side and players;
// spectators: spectators). Lines are written as text; the socket carries them.

import { el, fill } from "./dom.js";

const CHANNEL_NAMES = { side: "Side", players: "Players", spectators: "Spectators" };

/** The channels a viewer may read and write. */
export function chatChannels(isPlayer, isCoach = false) {
  // A side's invited coach talks with that side only (games/spectating.py).
  return isPlayer ? ["side", "players"] : (isCoach ? ["side"] : ["spectators"]);
}

/** Wire the chat panel: `send(channel, text)` returns whether it went out. */
export function createChat({ tabs, lines, form, channels, send }) {
  const messages = [];
  let current = channels[0];

  function draw() {
    fill(tabs, channels.map((c) => el("button", {
      type: "button", role: "tab", "aria-selected": c === current ? "true" : "false",
      onclick: () => { current = c; draw(); },
    }, CHANNEL_NAMES[c] ?? c)));
    drawLines();
  }

  // A message redraws the lines alone: a tab drawn anew under a press would lose its click.
  function drawLines() {
    fill(lines, messages.filter((m) => m.channel === current).slice(-100)
      .map((m) => el("li", {}, el("strong", {}, m.from ?? "?"), ": ", m.text ?? "")));
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const input = form.elements.text;
    if (input.value.trim() && send(current, input.value)) input.value = "";
  });
  draw();
  return {
    add(message) {
      messages.push(message);
      if (messages.length > 500) messages.shift();
      drawLines();
    },
  };
}
