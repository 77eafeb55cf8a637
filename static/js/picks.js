// Dice tapped to keep (Kuh Vadis) are a choice half made, like a half-typed form: a reload of
// the page, or a phone that slept and lost the tab, must not wipe them. A form marked
// data-keep-picks="STEP" keeps its ticked boxes and chosen radios for this page in
// sessionStorage, for that STEP of the game (the server names it: the newest entry and the
// throw), and gets them back when the page shows the form at the same STEP again; at any other
// STEP they are forgotten (the dice they were tapped on are gone). They are forgotten too once
// the form is saved. A form given back is typed-in: the sheet's updates leave it as it is.
// Served in the page bundle after app.js.
(function () {
  "use strict";

  const PREFIX = "companion.picks:";
  function keyOf() { return PREFIX + location.pathname; }
  function picked(form) {
    return Array.from(form.querySelectorAll("input[type=checkbox], input[type=radio]")).filter(function (f) {
      return f.name && f.checked;
    }).map(function (f) { return f.name + "=" + f.value; });
  }
  function forget() {
    try { sessionStorage.removeItem(keyOf()); } catch (refused) { /* nothing was kept */ }
  }
  function keep(form) {
    try {
      sessionStorage.setItem(keyOf(), JSON.stringify({ step: form.dataset.keepPicks, picked: picked(form) }));
    } catch (full) { /* a private window may refuse: the taps still count on this page */ }
  }
  function giveBack() {
    const form = document.querySelector("#entry form[data-keep-picks]");
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(keyOf()) || "null"); } catch (refused) { kept = null; }
    if (!kept) return;
    if (!form || kept.step !== form.dataset.keepPicks) {
      if (form) forget(); // another step of the game: those dice are gone
      return;
    }
    let changed = false;
    form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (f) {
      const on = kept.picked.indexOf(f.name + "=" + f.value) >= 0;
      if (f.checked !== on) { f.checked = on; changed = true; }
    });
    if (changed) form.dataset.dirty = "1";
  }
  document.addEventListener("change", function (event) {
    const form = event.target.closest && event.target.closest("form[data-keep-picks]");
    if (form && /^(checkbox|radio)$/.test(event.target.type)) keep(form);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    const form = event.detail.elt;
    if (form && form.matches && form.matches("form[data-keep-picks]") && event.detail.successful) forget();
  });
  document.addEventListener("htmx:afterSwap", giveBack);
  document.addEventListener("htmx:oobAfterSwap", giveBack);
  document.addEventListener("DOMContentLoaded", giveBack);
})();
