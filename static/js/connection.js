// The sheet's word on the network: the connection line (live, reconnecting or offline, and a
// note when nothing was heard for longer than two poll intervals; once the match is over,
// offline alone), the offline copy's note, and the service worker that keeps the last good
// copy of a page. Served in the page bundle after outbox.js (companion/assets.py), whose queue
// it reads and wakes through window.companionOutbox.
(function () {
  "use strict";

  const outbox = function () { return window.companionOutbox; };
  let heard = Date.now();
  let stream = false;
  let failing = false;

  function pollMs() {
    const el = document.querySelector("[data-poll]");
    const every = el && /every (\d+(?:\.\d+)?)s/.exec(el.getAttribute("hx-trigger") || "");
    return every ? Number(every[1]) * 1000 : 0;
  }
  function show() {
    const el = document.getElementById("connection");
    const every = pollMs();
    if (!el) return;
    el.dataset.stream = stream ? "open" : "closed"; // the doorbell, for those who ask
    // A match that is over has nothing more coming unless its host reopens it: it is neither
    // live nor out of date. Only a lost network is still said (the host's undo would need it).
    const over = !!document.querySelector("[data-poll][data-over]");
    if (!every || (over && navigator.onLine)) { el.hidden = true; return; }
    // While the doorbell keeps beating, the page does not poll: the stream is what it hears.
    const ringing = navigator.onLine && !!window.companionDoorbell && window.companionDoorbell.heardLately();
    const waiting = outbox() ? outbox().waiting() : 0;
    // A sheet that has heard nothing for two intervals is not called live, even online.
    const old = !over && !ringing && Date.now() - heard > 2 * every;
    // Writes that could not be sent are not live either, even with the doorbell still beating
    // (a server that is shutting down keeps its streams a while but takes no new request).
    const stuck = waiting && (!ringing || outbox().failing());
    const state = !navigator.onLine ? "offline" : failing || old || stuck ? "reconnecting" : "live";
    el.hidden = false;
    el.dataset.state = state;
    el.querySelector(".state").textContent = el.dataset[state];
    el.querySelector(".old").textContent = old ? el.dataset.old : "";
  }
  // The server answered: the sheet follows it again, so an offline copy's note is no longer
  // true (the poll brings every part of the page up to date), and waiting writes go now.
  function answered() {
    heard = Date.now();
    const note = document.getElementById("offline-note");
    if (note && navigator.onLine) note.hidden = true;
  }
  function poll(event) { return event.detail.elt && event.detail.elt.hasAttribute && event.detail.elt.hasAttribute("data-poll"); }
  // The server speaks again: writes whose last try got no answer at all go now, not when the
  // outbox's back-off ends (up to 30 s after a few tries). A page that hears the stream does not
  // poll, so without this a beat would be all it heard until then. A write a busy server turned
  // away (503) keeps to the back-off and the server's Retry-After.
  function resume(back) {
    const box = outbox();
    if (box && (back || box.failing())) box.sendNow();
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!poll(event)) return;
    const back = failing && event.detail.successful;
    failing = !event.detail.successful;
    if (event.detail.successful) { answered(); resume(back); }
    show();
  });
  document.addEventListener("companion:live", function (event) {
    if (event.detail === "heard") {
      answered();
      resume(failing);
      failing = false;
      show();
      return;
    }
    stream = event.detail === "open";
    if (stream) { answered(); failing = false; if (outbox()) outbox().sendNow(); }
    show();
  });
  // Back online: ask for news at once. A ring that came while the page could not fetch was
  // lost, and a stream that stayed open through the cut will not ring for it again.
  window.addEventListener("online", function () {
    show();
    const poller = document.querySelector("[data-poll]");
    if (poller && window.htmx) window.htmx.trigger(poller, "refresh");
  });
  window.addEventListener("offline", show);
  document.addEventListener("companion:outbox", show);
  setInterval(show, 1000);

  // The service worker keeps the last good copy of this page for offline use. It keeps what
  // the network sends; on a first visit (before it ran), whenever the sheet moves on and when
  // the outbox takes a write (its form then holds a new key), the page hands it its own copy
  // and the files it named (from the browser's cache).
  function keepCopy() {
    const body = document.body;
    if (!body.dataset.keep || body.hasAttribute("data-offline-copy") || !("serviceWorker" in navigator)) return;
    const html = "<!doctype html>\n" + document.documentElement.outerHTML;
    const files = Array.from(document.querySelectorAll("script[src], link[rel=stylesheet]"))
      .map(function (el) { return el.getAttribute("src") || el.getAttribute("href"); });
    navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ type: "keep", tag: body.dataset.keep, path: location.pathname, html: html, files: files });
    });
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    const target = event.detail.target;
    if (target && (target.id === "scoreboard" || target.id === "entry")) keepCopy();
  });
  document.addEventListener("companion:kept", keepCopy);

  document.addEventListener("DOMContentLoaded", function () {
    const sw = document.body.dataset.sw;
    if (sw && "serviceWorker" in navigator) {
      if (!navigator.serviceWorker.controller) keepCopy();
      navigator.serviceWorker.register(sw, { scope: "/" }).catch(function () {});
    }
    show();
    if (document.body.hasAttribute("data-offline-copy")) {
      const note = document.getElementById("offline-note");
      if (note) note.hidden = false;
    }
  });
})();
