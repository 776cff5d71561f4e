// Offline: the page and its WebAssembly are cached on first load and served from the cache
// afterwards (the network is tried first, so a new build replaces the cached one).
const CACHE = "calcudoku-v3";
const FILES = ["./", "index.html", "style.css", "app.js", "board.js", "game.js", "tasks.js", "worker.js", "hints.js", "print.js",
  "manifest.json",
  "pkg/calcudoku_web.js", "pkg/calcudoku_web_bg.wasm"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(
    fetch(e.request)
      .then((r) => {
        const copy = r.clone();
        caches.open(CACHE).then((c) => c.put(e.request, copy));
        return r;
      })
      .catch(() => caches.match(e.request, { ignoreSearch: true })),
  );
});
