{% load static %}/* Tabletop's service worker (docs/notifications.md, "Installable"): keeps the static shell
   so the installed app opens off line on a clear "you are offline" page, shows pushes, and
   opens the match when a notification is clicked. Rendered by Django: the shell's URLs come
   from {% templatetag openvariable %} static {% templatetag closevariable %}, and the cache's name changes with them. */
const SHELL = [
  "{% url 'notifications:offline' %}",
  "{% static 'css/site.css' %}",
  "{% static 'js/site.js' %}",
  "{% static 'js/notices.js' %}",
  "{% static 'favicon.svg' %}",
  "{% static 'icons/icon.svg' %}",
  "{% static 'icons/icon-192.png' %}",
];
const CACHE = "shell-" + SHELL.join("|").length + "-{{ shell_version }}";
const OFFLINE = SHELL[0];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages are always fresh from the server; only when it cannot be reached, the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  }
});

self.addEventListener("push", (event) => {
  let notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch (e) { notice = {}; }
  const title = notice.title || "{{ SITE_NAME|escapejs }}";
  const shown = self.registration.showNotification(title, {
    body: notice.line || "",
    icon: "{% static 'icons/icon-192.png' %}",
    badge: "{% static 'icons/icon-96.png' %}",
    data: { link: notice.link || "/" },
    tag: notice.link || undefined,
  });
  // The acknowledgement: this device was told (the e-mail of the same notice may stay home).
  const acked = notice.ack ? fetch(notice.ack, { method: "POST", credentials: "omit" }).catch(() => null) : null;
  event.waitUntil(Promise.all([shown, acked]));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = new URL((event.notification.data && event.notification.data.link) || "/", self.location.origin);
  if (link.origin !== self.location.origin) return;  // only ever a page of this site
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (new URL(w.url).pathname === link.pathname && "focus" in w) return w.focus();
      }
      return self.clients.openWindow(link.href);
    })
  );
});
