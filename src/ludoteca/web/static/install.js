// Every page: the service worker that makes ludoteca an installable app (web/pages/app_shell.py),
// told the page's language so that the page it shows offline speaks it.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").then(async () => {
    const ready = await navigator.serviceWorker.ready;
    if (ready.active) ready.active.postMessage({ language: document.documentElement.lang });
  }).catch((error) => console.warn("no service worker: pages still work online", error));
}
