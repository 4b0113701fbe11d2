// ludoteca's service worker (served as /sw.js, after the VERSION and SHELL lines that
// web/pages/app_shell.py writes in front of it): the static files from a cache named by VERSION, so
// that pages open quickly on a slow connection; pages and the API from the network, with the
// offline page when there is none. Nothing is played offline. It also shows the server's pushes
// ("your turn", web.notify).
const CACHE = `ludoteca-${VERSION}`;
const OFFLINE = "/offline";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll([...SHELL, OFFLINE]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

// A page tells the worker its language: the offline page is kept in it. Asked by
// Accept-Language, not `?lang=`, which would remember a language the reader never chose.
self.addEventListener("message", (event) => {
  const language = event.data && event.data.language;
  if (!/^[a-z]{2}$/.test(language || "")) return;
  event.waitUntil((async () => {
    const response = await fetch(OFFLINE, { headers: { "Accept-Language": language } });
    if (response.ok) await (await caches.open(CACHE)).put(OFFLINE, response);
  })().catch(() => {}));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(request);
      if (kept) return kept;
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    })());
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE)) || Response.error()));
  }
});

// "Your turn" from the server (web.notify), worded there in the reader's language. Not shown
// while that seat's page is open and in view: the server leaves out pages open through its own
// process, this catches one open through another.
const samePage = (a, b) => { const x = new URL(a, self.location.origin), y = new URL(b, self.location.origin); return x.pathname + x.search === y.pathname + y.search; };

self.addEventListener("push", (event) => {
  const notice = event.data ? event.data.json() : null;
  if (!notice || !notice.title) return;
  event.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    if (pages.some((page) => page.visibilityState === "visible" && samePage(page.url, notice.url))) return;
    await self.registration.showNotification(notice.title, {
      body: notice.body, icon: notice.icon, tag: notice.tag, renotify: true, data: { url: notice.url },
    });
  })());
});

// A click on the notice opens the seat's page (or brings it forward where it is open).
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = pages.find((page) => samePage(page.url, url));
    if (open) return open.focus();
    return self.clients.openWindow(url);
  })());
});
