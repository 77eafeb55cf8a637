// What a form says of the entry after one the outbox kept offline, so the player does not take
// the kept round for lost and type it again, nor type one the server would not take. The game's
// templates mark what changes; this file knows no game. Served in the page bundle before
// outbox.js, which calls it (window.companionNext).
(function () {
  "use strict";

  // The first run of digits goes up by one, in any language, in the text alone (markup stays).
  function raise(el) {
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!/\d/.test(node.nodeValue)) continue;
      node.nodeValue = node.nodeValue.replace(/\d+/, function (n) { return String(Number(n) + 1); });
      return;
    }
  }

  // A form whose next entry is itself with a number one higher marks the elements that say that
  // number (data-next-entry): once a write is kept they say the next one, as a saved write's
  // fresh form would. A marked choice (whose hand it is) moves on to the first option after the
  // kept one that is not marked data-next-skip (else simply the next one). Outside the form, an element marked data-next-entry="<panel id>" (Pirsch's "Next: round
  // 2 of 4" in the scoreboard) goes up too when an entry of that panel is kept, and one marked
  // data-next-stale="<panel id>" (who leads the next round) hides: only the server knows it.
  // The server's answer replaces these guesses later.
  function entry(form, params) {
    form.querySelectorAll("[data-next-entry]").forEach(function (el) {
      if (el.tagName !== "SELECT") { raise(el); return; }
      const options = Array.from(el.options);
      const at = options.findIndex(function (o) { return o.value === params.get(el.name); });
      if (at < 0 || at + 1 >= options.length) return;
      const open = options.findIndex(function (o, i) { return i > at && !o.hasAttribute("data-next-skip"); });
      el.selectedIndex = open > at ? open : at + 1;
    });
  }
  function outside(form) {
    document.querySelectorAll("[data-next-entry]:not([data-next-entry='']), [data-next-stale]").forEach(function (el) {
      const panel = document.getElementById(el.dataset.nextEntry || el.dataset.nextStale);
      if (!panel || !panel.contains(form) || form.contains(el)) return;
      if (el.hasAttribute("data-next-stale")) el.hidden = true; else raise(el);
    });
  }

  // Whether the form has taken its last entry and closes (status.js) until the server sends the
  // next one: data-next-online on the first kept, data-entries-left="N" on the Nth (a fixed
  // match's last round, Pirsch's third, however many rounds ago the form was drawn).
  function last(form, counted) {
    if (form.hasAttribute("data-next-online")) return true;
    const left = Number(form.dataset.entriesLeft || 0) - (counted ? 1 : 0);
    if (!form.dataset.entriesLeft) return false;
    form.dataset.entriesLeft = String(left);
    return left <= 0;
  }

  // The outbox empties a kept form for the next entry by resetting it, which brings back the
  // values the server drew it with: a refused entry's, an undone round put back in its boxes,
  // or what was typed before another phone saved first. None of them is the next entry's: its
  // boxes start empty, and a refusal's words and marks go (they were about what is now kept).
  const BOXES = "input[type=text], input[type=number], input[type=tel], input:not([type])";
  const SAID = ".error, .field-error, [role=alert], [data-taken-back]";
  function fresh(form) {
    const refused = !!form.querySelector(SAID + ", [aria-invalid=true]");
    form.querySelectorAll(BOXES).forEach(function (box) { box.value = ""; });
    form.querySelectorAll("input[type=checkbox]").forEach(function (box) { box.checked = false; });
    if (refused) form.querySelectorAll("input[type=radio]").forEach(function (box) { box.checked = false; });
    form.querySelectorAll(SAID).forEach(function (el) { el.remove(); });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
    form.querySelectorAll(".has-error").forEach(function (el) { el.classList.remove("has-error"); });
    form.dispatchEvent(new Event("companion:stepped", { bubbles: true })); // totals follow
  }
  // A form closed on the write it kept (status.js) keeps showing that write, not empty boxes.
  document.addEventListener("companion:kept", function (event) {
    const form = event.target;
    if (form.matches && form.matches("form[data-entry]") && !form.hasAttribute("data-closed-kept")) fresh(form);
  });

  window.companionNext = { entry: entry, outside: outside, last: last };
})();
