// The doorbell: a stream (Server-Sent Events) that only says "the match is at version V".
// Served in the page bundle right after app.js, whose poll manners it relaxes while healthy.
(function () {
  "use strict";

  // A newer V fires the poller's "refresh", so the page fetches exactly what a poll fetches
  // and app.js's typed-form rules still apply. While the stream is healthy the timed poll
  // runs only every third interval (6 s instead of 2 s) as a safety net; without EventSource,
  // after a refusal (204, 404) or while the stream is down, polling carries on as before.
  function safetyMs(el) {
    const every = /every (\d+(?:\.\d+)?)s/.exec(el.getAttribute("hx-trigger") || "");
    return 3000 * (every ? Number(every[1]) : 2);
  }
  const doorbell = { source: null, url: null, healthy: false, opens: 0, refused: null };
  let lastPoll = Date.now();
  function poller() { return document.querySelector("[data-poll]"); }
  function ringRefresh() {
    const el = poller();
    if (el && window.htmx) window.htmx.trigger(el, "refresh");
  }
  function closeDoorbell() {
    if (doorbell.source) doorbell.source.close();
    doorbell.source = null;
    doorbell.url = null;
    doorbell.healthy = false;
  }
  function openDoorbell() {
    const el = poller();
    const url = el && el.dataset.events;
    if (!url || document.hidden || !window.EventSource || url === doorbell.refused) {
      if (!url || document.hidden) closeDoorbell();
      return;
    }
    if (doorbell.source && doorbell.url === url) return;
    closeDoorbell();
    const source = new EventSource(url);
    doorbell.source = source;
    doorbell.url = url;
    doorbell.opens = 0;
    source.addEventListener("open", function () {
      doorbell.opens += 1;
      document.dispatchEvent(new CustomEvent("companion:live", { detail: "open" }));
      // A reconnect may have missed rings: catch up at once.
      if (doorbell.opens > 1) ringRefresh();
    });
    source.addEventListener("version", function (event) {
      doorbell.healthy = true;
      const board = document.getElementById("scoreboard");
      if (!board || !board.hasAttribute("data-poll")) { closeDoorbell(); return; }
      if (Number(event.data) > Number(board.dataset.version)) ringRefresh();
    });
    source.addEventListener("error", function () {
      doorbell.healthy = false;
      document.dispatchEvent(new CustomEvent("companion:live", { detail: "error" }));
      if (source.readyState === EventSource.CLOSED && doorbell.source === source) {
        doorbell.refused = url;
        closeDoorbell();
      }
    });
  }
  document.addEventListener("htmx:confirm", function (event) {
    const el = event.detail.elt;
    if (!el.hasAttribute || !el.hasAttribute("data-poll")) return;
    const relaxed = doorbell.healthy && !event.detail.triggeringEvent;
    if (relaxed && Date.now() - lastPoll < safetyMs(el) - 500) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    const el = event.detail.elt;
    if (el && el.hasAttribute && el.hasAttribute("data-poll")) lastPoll = Date.now();
  });
  document.addEventListener("htmx:afterSettle", openDoorbell);
  document.addEventListener("visibilitychange", openDoorbell);
  document.addEventListener("DOMContentLoaded", openDoorbell);
})();
