// The notification settings page: ask for the browser's permission, subscribe this browser
// to Web Push through the service worker, or unsubscribe it.

const script = document.querySelector("script[data-vapid-key]");
const cfg = script ? script.dataset : {};

function csrf() {
  const field = document.querySelector("input[name=csrfmiddlewaretoken]");
  return field ? field.value : "";
}

function say(id, text) {
  const el = document.getElementById(id);
  if (el) el.textContent = text;
}

export function keyBytes(base64url) {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

function permissionWords(state) {
  return {
    granted: "Browser notifications are allowed.",
    denied: "This browser blocks notifications from pgweb; allow them in the site settings.",
    default: "Not allowed yet.",
  }[state] || "";
}

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || `the server answered ${response.status}`);
  return data;
}

async function registration() {
  return navigator.serviceWorker.register(cfg.worker, { scope: cfg.worker.replace(/[^/]*$/, "") });
}

async function showPushState() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    say("push-state", "This browser cannot receive Web Push.");
    document.getElementById("push-subscribe").disabled = true;
    return;
  }
  const reg = await navigator.serviceWorker.getRegistration(cfg.worker.replace(/[^/]*$/, ""));
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  document.getElementById("push-unsubscribe").hidden = !sub;
  document.getElementById("push-subscribe").hidden = Boolean(sub);
}

async function askPermission() {
  if (!("Notification" in window)) {
    say("browser-permission-state", "This browser has no notifications.");
    return "unsupported";
  }
  const state = await Notification.requestPermission();
  say("browser-permission-state", permissionWords(state));
  return state;
}

async function subscribe() {
  try {
    if ((await askPermission()) !== "granted") return;
    const reg = await registration();
    await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(cfg.vapidKey),
    });
    const data = await post(cfg.subscribe, sub.toJSON());
    say("push-state", `Web Push is on for this browser (${data.subscriptions} subscribed).`);
  } catch (err) {
    say("push-state", `Could not subscribe: ${err.message}`);
  }
  showPushState();
}

async function unsubscribe() {
  const reg = await navigator.serviceWorker.getRegistration(cfg.worker.replace(/[^/]*$/, ""));
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (sub) {
    await post(cfg.unsubscribe, { endpoint: sub.endpoint }).catch(() => {});
    await sub.unsubscribe();
  }
  say("push-state", "Web Push is off for this browser.");
  showPushState();
}

/**
 * The digest's time zone, when the player never chose one: this browser's, if the page
 * offers it (they still see it, and save it, or not).
 */
export function guessZone(select, zone) {
  if (!select || select.dataset.chosen === "1" || !zone) return false;
  if (![...select.options].some((o) => o.value === zone)) return false;
  select.value = zone;
  return true;
}

if (typeof window !== "undefined" && script) {
  guessZone(document.getElementById("id_digest_timezone"), Intl.DateTimeFormat().resolvedOptions().timeZone);
  if ("Notification" in window) say("browser-permission-state", permissionWords(Notification.permission));
  document.getElementById("browser-permission").addEventListener("click", askPermission);
  document.getElementById("push-subscribe").addEventListener("click", subscribe);
  document.getElementById("push-unsubscribe").addEventListener("click", unsubscribe);
  showPushState();
}
