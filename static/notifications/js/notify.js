// Live notices for the signed-in player on any page: "your move", "your time is running out",
// "game over". The server pushes them over /ws/notifications/v1/ (games/notifications); this
// module shows each in the page, and raises a browser notification (Notification API) when
// the page is in the background and the player allowed it.

const RETRY_MS = [1000, 2000, 5000, 10000, 30000];
const PING_MS = 25000;

export function socketUrl(loc = window.location) {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}/ws/notifications/v1/`;
}

// The part of a notice this page acts on, or null for anything else.
export function parseNotice(text) {
  let frame;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (!frame || frame.t !== "notice" || typeof frame.d !== "object" || !frame.d) return null;
  const { kind, title, text: body, url, game } = frame.d;
  if (typeof title !== "string" || typeof url !== "string") return null;
  return { kind, title, body: String(body || ""), url, game: String(game || "") };
}

// Whether this page is the notice's own game page (then the board already says it).
export function isOwnGamePage(notice, path = window.location.pathname) {
  return Boolean(notice.game) && path.startsWith(`/games/${notice.game}/`);
}

export function showInPage(notice, doc = document) {
  let box = doc.getElementById("your-move-notice");
  if (!box) {
    box = doc.createElement("div");
    box.id = "your-move-notice";
    box.className = "your-move-notice";
    box.setAttribute("role", "status");
    doc.body.appendChild(box);
  }
  box.replaceChildren();
  const link = doc.createElement("a");
  link.href = notice.url;
  link.textContent = notice.title;
  const text = doc.createElement("div");
  text.textContent = notice.body;
  const close = doc.createElement("button");
  close.type = "button";
  close.textContent = "Dismiss";
  close.addEventListener("click", () => box.remove());
  box.append(close, link, text);
  return box;
}

export function raiseBrowserNotification(notice, win = window) {
  const api = win.Notification;
  if (!api || api.permission !== "granted" || !win.document.hidden) return null;
  const shown = new api(notice.title, { body: notice.body, tag: `pgweb-${notice.game}` });
  shown.onclick = () => {
    win.focus();
    win.location.assign(notice.url);
    shown.close();
  };
  return shown;
}

/** Close a browser notification once the player is back on the page: from then on the page
 * says it (the board, or the in-page notice), and a "your move … turn 1" left in the
 * system's list would still read so on turn 2. */
export function closeWhenSeen(shown, win = window) {
  const doc = win.document;
  const seen = () => {
    if (doc.hidden) return;
    shown.close();
    doc.removeEventListener("visibilitychange", seen);
  };
  doc.addEventListener("visibilitychange", seen);
}

export function handle(text, win = window) {
  const notice = parseNotice(text);
  if (!notice) return null;
  if (!isOwnGamePage(notice, win.location.pathname)) showInPage(notice, win.document);
  const shown = raiseBrowserNotification(notice, win);
  if (shown) closeWhenSeen(shown, win);
  win.document.dispatchEvent(new CustomEvent("pgweb:notice", { detail: notice }));
  return notice;
}

export function connect(win = window, attempt = 0) {
  const ws = new win.WebSocket(socketUrl(win.location));
  let ping = null;
  ws.addEventListener("open", () => {
    attempt = 0;
    win.document.documentElement.dataset.notify = "open"; // for tests and styles
    ping = win.setInterval(() => ws.send(JSON.stringify({ t: "ping" })), PING_MS);
  });
  ws.addEventListener("message", (event) => handle(event.data, win));
  ws.addEventListener("close", (event) => {
    if (ping) win.clearInterval(ping);
    win.document.documentElement.dataset.notify = "closed";
    if (event.code === 4401) return; // signed out
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
    win.setTimeout(() => connect(win, attempt + 1), wait);
  });
  return ws;
}

// base.html includes this module for signed-in players only, with this id.
if (typeof document !== "undefined" && document.getElementById("pgweb-notify")) {
  connect();
}
