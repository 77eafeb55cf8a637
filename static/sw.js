// Companion's service worker (served at /sw.js by companion/views/offline.py).
// Static files are fingerprinted (?v=...): cache-first. Pages are network-first: the network's
// answer is always shown while there is one; the last good copy of a sheet or of the home page
// is shown, with an offline notice, only when the network fails. Copies are kept under this
// device's tag and this release's version: another device's copies and an old release's caches
// are deleted, never shown.
"use strict";

const VERSION = "__VERSION__";
const CSP = "__CSP__";
const STATIC = "static-" + VERSION;
const PAGES = "pages-" + VERSION + "-";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== STATIC && name.indexOf(PAGES) !== 0;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// The cache of this device's pages; those of any other device are dropped first.
function pages(tag) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("pages-") === 0 && name !== PAGES + tag;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return caches.open(PAGES + tag); });
}
function keep(path, tag, response) {
  return pages(tag).then(function (cache) { return cache.put(path, response); });
}
function lastCopy(path) {
  return caches.keys().then(function (names) {
    const name = names.find(function (n) { return n.indexOf(PAGES) === 0; });
    return name ? caches.open(name).then(function (cache) {
      return cache.match(path, { ignoreSearch: true, ignoreVary: true });
    }) : undefined;
  }).then(function (copy) {
    if (!copy) return undefined;
    return copy.text().then(function (html) {
      return new Response(html.replace("<body ", "<body data-offline-copy "), {
        headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP },
      });
    });
  });
}

function page(event) {
  const path = new URL(event.request.url).pathname;
  return fetch(event.request).then(function (response) {
    const tag = response.headers.get("X-Offline-Copy");
    if (response.ok && tag) event.waitUntil(keep(path, tag, response.clone()));
    return response;
  }, function (failure) {
    return lastCopy(path).then(function (copy) {
      if (copy) return copy;
      throw failure;
    });
  });
}
function fingerprinted(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0 && url.searchParams.has("v")) {
    event.respondWith(fingerprinted(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  }
});

// The first visit happens before the worker runs: the page hands over its own copy and the
// files it loaded (from the browser's cache, no new download).
self.addEventListener("message", function (event) {
  const data = event.data || {};
  if (data.type !== "keep" || !data.tag) return;
  const copy = new Response(data.html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  event.waitUntil(Promise.all([
    keep(data.path, data.tag, copy),
    caches.open(STATIC).then(function (cache) { return cache.addAll(data.files || []); }),
  ]));
});
