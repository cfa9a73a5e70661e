// sw.js — the page offline after a first visit: a teacher opens it once on the
// school's network, and it opens in class without one.
//
// Installed, it keeps a copy of the page's files (both builds: the page picks
// one by the headers it is served with). Every request of the page's own
// files then goes to the network first, and its answer replaces the copy, so
// a page online is always the one served; only when the network fails is the
// copy given instead, with the headers it came with (the isolation headers
// too, so the threaded page stays threaded offline).
const CACHE = 'timeslice-lab';
const FILES = ['index.html', 'favicon.ico', 'timeslice-lab.js', 'timeslice-lab.wasm', 'timeslice-lab.worker.js', 'timeslice-lab.data',
               'timeslice-lab-st.js', 'timeslice-lab-st.wasm', 'wqy-microhei.ttf', 'lang-zh-Hant.json', 'lang-zh-Hans.json'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The copy a request is kept under: the file, whatever the address's query
// (index.html?lesson=timeslicing&step=3 is index.html); the folder is index.html.
function kept(request) {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/')) url.pathname += 'index.html';
  url.search = '';
  return url.href;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(kept(request), copy)));
    }
    return response;
  }).catch(() => caches.match(kept(request)).then((copy) => copy || Response.error())));
});
