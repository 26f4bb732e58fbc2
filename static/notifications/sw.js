// pgweb's service worker: shows Web Push notifications and opens the game on a click.
// Served at /notifications/sw.js, so its scope is /notifications/; it handles no fetches.

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: "pgweb", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "pgweb", {
      body: data.body || "",
      tag: data.tag || "pgweb",
      data: { url: data.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const win of windows) {
        if (win.url === url && "focus" in win) return win.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
