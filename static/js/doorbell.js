// The doorbell: a stream (Server-Sent Events) that only says "the match is at version V".
// Served in the page bundle right after app.js, whose timed poll it stands in for while heard.
(function () {
  "use strict";

  // A newer V fires the poller's "refresh", so the page fetches exactly what a poll fetches
  // and app.js's typed-form rules still apply. Between changes the stream beats: its "beat"
  // event says within how many seconds it will speak again. While it keeps that promise the
  // timed poll is skipped, since every change is rung (and the server re-reads the versions
  // at each beat, so none another process wrote goes unrung). A version is rung once: a page
  // that could not fetch it catches up by itself (behindAndIdle). A stream silent for two
  // beats is taken for dead, as one held open by a proxy that passes nothing would be: it is
  // opened anew, and from then on the page polls at its normal interval as well (a proxy that
  // held one stream may hold the next).
  // Without EventSource, after a refusal (204, 404) or while the stream is down, polling
  // carries on as before.
  const doorbell = { source: null, url: null, heard: 0, beatMs: 0, beats: 0, opens: 0, refused: null, rung: 0, chased: 0, fell: false };
  function heardLately() {
    return !!doorbell.source && !doorbell.fell && doorbell.beatMs > 0 && Date.now() - doorbell.heard < 2 * doorbell.beatMs;
  }
  function hear() {
    doorbell.heard = Date.now();
    document.dispatchEvent(new CustomEvent("companion:live", { detail: "heard" }));
  }
  function poller() { return document.querySelector("[data-poll]"); }
  function ringRefresh() {
    const el = poller();
    if (el && window.htmx) window.htmx.trigger(el, "refresh");
  }
  // A ring that lands while htmx is still settling a new scoreboard finds it not yet listening,
  // and one that lands while the board's own request is on its way is dropped with the board
  // that answer replaces. Once a board has settled and is idle, one older than the last version
  // rung asks again (once per version, so a server that answers with an older board cannot
  // start a loop); a board still busy keeps its chase for its own settle.
  function behindAndIdle() {
    const board = document.getElementById("scoreboard");
    return !!board && board.hasAttribute("data-poll") && Number(board.dataset.version) < doorbell.rung
      && !board.matches(".htmx-added, .htmx-settling, .htmx-request");
  }
  function catchUp() {
    if (!behindAndIdle() || doorbell.chased >= doorbell.rung) return;
    doorbell.chased = doorbell.rung;
    ringRefresh();
  }
  function closeDoorbell() {
    if (doorbell.source) doorbell.source.close();
    doorbell.source = null;
    doorbell.url = null;
    doorbell.heard = 0;
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
    source.addEventListener("beat", function (event) {
      doorbell.beatMs = 1000 * Number(event.data) || 0;
      doorbell.beats += 1;
      hear();
    });
    source.addEventListener("version", function (event) {
      hear();
      const board = document.getElementById("scoreboard");
      if (!board || !board.hasAttribute("data-poll")) { closeDoorbell(); return; }
      doorbell.rung = Math.max(doorbell.rung, Number(event.data) || 0);
      if (Number(event.data) > Number(board.dataset.version)) ringRefresh();
    });
    source.addEventListener("error", function () {
      doorbell.heard = 0;
      document.dispatchEvent(new CustomEvent("companion:live", { detail: "error" }));
      if (source.readyState === EventSource.CLOSED && doorbell.source === source) {
        doorbell.refused = url;
        closeDoorbell();
      }
    });
  }
  document.addEventListener("htmx:confirm", function (event) {
    const el = event.detail.elt;
    if (!el.hasAttribute || !el.hasAttribute("data-poll") || event.detail.triggeringEvent) return;
    if (!navigator.onLine) return;
    // The stream stands in for the timed poll only while the board shows what it last rang: a
    // ring whose refresh failed (a blip) or was dropped is not rung again, and the beats that
    // follow would otherwise keep an older board on the page until the next change.
    if (heardLately()) { if (!behindAndIdle()) event.preventDefault(); return; }
    if (doorbell.source && doorbell.heard && !doorbell.fell) { // silent for two beats
      doorbell.fell = true;
      closeDoorbell();
      openDoorbell();
    }
  });
  window.companionDoorbell = {
    heardLately: heardLately,
    fell: function () { return doorbell.fell; },
    beats: function () { return doorbell.beats; },
  };
  document.addEventListener("htmx:afterSettle", function () { openDoorbell(); catchUp(); });
  document.addEventListener("visibilitychange", openDoorbell);
  document.addEventListener("DOMContentLoaded", openDoorbell);
})();
