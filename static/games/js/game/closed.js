// The connection banner, and when the server closes the game socket for good, the page never
// sits on "Connecting…".
//
// 4401 (signed out), 4403 (not your game, or no spectators) and 4404 (no such game) mean the
// page itself would now answer differently: reload it once, and the server shows the page
// that says why and what to do (games/game_gate.py). Should the same close come back right
// after that reload, say so here instead of reloading again.

import {
  CLOSE_NO_SUCH_GAME, CLOSE_NOT_SIGNED_IN, CLOSE_NOT_YOUR_GAME, CLOSE_UNSUPPORTED_VERSION,
} from "../protocol.js";
import { Status } from "../socket.js";
import { el, fill } from "./dom.js";

const GATE_CODES = [CLOSE_NOT_SIGNED_IN, CLOSE_NOT_YOUR_GAME, CLOSE_NO_SUCH_GAME];
const REASONS = {
  [CLOSE_NOT_SIGNED_IN]: "You are signed out.",
  [CLOSE_NOT_YOUR_GAME]: "You may not follow this game.",
  [CLOSE_NO_SUCH_GAME]: "This game no longer exists.",
  [CLOSE_UNSUPPORTED_VERSION]: "pgweb was updated while this page was open.",
};
const AGAIN_MS = 60_000;

/**
 * Decide what to do about a final close: {reload: true}, or {text, link} to show.
 * `storage` remembers (per tab) when the page last reloaded for this game and code.
 */
export function afterFinalClose(code, gameId, { storage, now = Date.now() } = {}) {
  if (code === CLOSE_UNSUPPORTED_VERSION) return { text: `${REASONS[code]} Reload the page.`, reloadButton: true };
  if (!GATE_CODES.includes(code)) return null;
  const key = `pgweb:closed:${gameId}:${code}`;
  let last = 0;
  try {
    last = Number(storage?.getItem(key) ?? 0);
    storage?.setItem(key, String(now));
  } catch {
    last = now; // no storage: never risk a reload loop
  }
  if (now - last > AGAIN_MS) return { reload: true };
  return { text: `${REASONS[code]} The game cannot be shown here.`, link: { href: "/", label: "Go to the lobby" } };
}

/**
 * Keep the connection banner (`banner`) saying how the game socket stands, and after a final
 * close do what `afterFinalClose` decides: reload, or say why with a way on.
 */
export function followConnection({ socket, banner, gameId, document }) {
  const window = document.defaultView;
  socket.on("status", ({ status, code }) => {
    banner.hidden = status === Status.OPEN;
    banner.textContent = status === Status.CLOSED ? "Disconnected. Reload the page to try again." : status === Status.CONNECTING ? "Connecting…" : "Reconnecting…";
    document.body.classList.toggle("socket-open", status === Status.OPEN);
    if (status !== Status.CLOSED) return;
    const next = afterFinalClose(code, gameId, { storage: window.sessionStorage });
    if (!next) return;
    if (next.reload) return window.location.reload();
    fill(banner, next.text, " ",
      next.link ? el("a", { href: next.link.href }, next.link.label) : null,
      next.reloadButton ? el("button", { type: "button", onclick: () => window.location.reload() }, "Reload") : null);
    document.querySelector('#turn-banner [data-field="turn"]').textContent = "Not connected";
  });
}
