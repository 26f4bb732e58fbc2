// A chat panel on one game's socket: lines are inserted with textContent, never as markup.
// The panel sits in a lobby card, above the cards after it: while a press is held anywhere
// on the page, what the socket says waits for the press's click (ui/presses.js), as the
// lobby's lists do, since a line added would move the pressed button down.

import { el, fill } from "./dom.js";
import { queuesForPress, waitsForPress } from "../ui/presses.js";

const CHANNEL_NAMES = { side: "Side", players: "All players", spectators: "Spectators" };

/**
 * Open the game socket and draw the chat into `container`.
 * `channels`: the channels this viewer may write to (the first is the default); `seatName`
 * names a seat id in the presence line (its player).
 * Returns {close(), socket}.
 */
export function openChat(container, gameId, channels = ["players", "side"], seatName = (id) => id) {
  const log = el("ol", { class: "chat-log", "aria-live": "polite" });
  const input = el("input", { class: "chat-input", type: "text", maxlength: 500, placeholder: "Say something", "aria-label": "Chat message" });
  const select = el("select", { class: "chat-channel", "aria-label": "Chat channel" },
    channels.map((c) => el("option", { value: c }, CHANNEL_NAMES[c] || c)));
  const presence = el("p", { class: "chat-presence" });
  const form = el("form", { class: "chat-form" }, select, input, el("button", { type: "submit" }, "Send"));
  fill(container, el("h4", {}, "Chat"), presence, log, form);

  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}/v1/`);
  const waiting = []; // lines typed before the socket opened, sent once it has
  socket.addEventListener("open", () => {
    while (waiting.length) socket.send(waiting.shift());
  });
  socket.addEventListener("close", () => { delete container.dataset.live; });
  socket.addEventListener("message", (event) => {
    // Live from the first frame, not from "open": the server accepts the socket before it
    // has found the game and joined its room, and a line said in between never reaches it.
    container.dataset.live = "true";
    const frame = JSON.parse(event.data);
    if (frame.t === "chat") {
      const d = frame.d;
      addLine(el("li", { class: `chat-line chat-${d.channel}` },
        el("span", { class: "chat-channel-name" }, `[${CHANNEL_NAMES[d.channel] || d.channel}] `),
        el("b", { class: "chat-from" }, d.from),
        ": ",
        el("span", { class: "chat-text" }, d.text)));
    } else if (frame.t === "presence") {
      const seats = Object.entries(frame.d.seats).map(([seat, n]) => `${seatName(seat)}${n > 1 ? ` ×${n}` : ""}`);
      showPresence(`Here: ${seats.join(", ") || "nobody"}; spectators ${frame.d.spectators}`);
    } else if (frame.t === "error") {
      addLine(el("li", { class: "chat-error" }, frame.message));
    }
  });
  // Every line comes, in order; of the presence, the latest alone.
  function addLine(line) {
    if (queuesForPress(document, log, () => addLine(line))) return;
    log.appendChild(line);
    log.scrollTop = log.scrollHeight;
  }
  function showPresence(text) {
    if (waitsForPress(document, presence, () => showPresence(text))) return;
    presence.textContent = text;
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || socket.readyState > WebSocket.OPEN) return;
    const frame = JSON.stringify({ t: "chat", d: { channel: select.value, text } });
    if (socket.readyState === WebSocket.OPEN) socket.send(frame);
    else waiting.push(frame);
    input.value = "";
  });
  return { socket, close: () => socket.close() };
}
