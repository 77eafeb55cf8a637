// What a form says of the entry after one the outbox kept offline, so the player does not take
// the kept round for lost and type it again, nor type one the server would not take. The game's
// templates mark what changes; this file knows no game. Served in the page bundle before
// outbox.js, which calls it (window.companionNext) when it keeps a write and when a page is
// loaded while writes wait.
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

  function freshKey() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  // A form after the outbox kept a write from it (params: the write's form data; first: not
  // kept before under its key, so the entry moves on). A form that took its last entry closes
  // showing that entry as typed (emptied, it would read as lost): on a page loaded again
  // (again), the form is drawn empty, so the kept values are put back first. Others empty for
  // the next entry. The form takes a new one-time key: the next write never replaces this one,
  // and notes the key it moved on past (data-past), which the page's offline copy keeps too.
  function moveOn(form, params, first, again) {
    const key = Array.from(params.entries()).find(function (pair) { return /(^|-)idem$/.test(pair[0]); });
    if (key) form.dataset.past = ((form.dataset.past || "") + " " + key[1]).trim();
    const closing = last(form, first);
    if (closing && again) put(form, params);
    if (!closing) form.reset();
    if (first) outside(form);
    if (first && !closing) entry(form, params);
    if (closing) window.companionStatus.closeKept(form);
    form.querySelectorAll("input[name$='idem']").forEach(function (i) { i.value = freshKey(); });
    delete form.dataset.dirty;
    form.dataset.kept = "1";
    form.dispatchEvent(new Event("companion:stepped", { bubbles: true }));
    const detail = { params: params, first: first, again: again };
    form.dispatchEvent(new CustomEvent("companion:kept", { bubbles: true, detail: detail }));
  }
  function put(form, params) {
    form.querySelectorAll("input:not([type=hidden]), select, textarea").forEach(function (field) {
      const values = params.getAll(field.name);
      if (/^(checkbox|radio)$/.test(field.type)) field.checked = values.includes(field.value);
      else if (field.multiple) Array.from(field.options).forEach(function (o) { o.selected = values.includes(o.value); });
      else if (values.length) field.value = values[0];
    });
  }

  // A page loaded while writes wait shows the sheet as the server had it (reloaded), or as the
  // page stood when its offline copy was saved, past the writes its forms note. Each form moves
  // on past the other writes made with it as it is drawn (its post, fields, version and other
  // hidden values: The Game's End turn is not its cards), as when it kept them, so it asks for
  // the entry after them and what was typed for that comes back (draft.js gives back after
  // this). A sheet that moved on since (another phone's round, ours stored with its answer
  // lost) shows as the server has it, as a poll would show it.
  function madeWith(form, params) {
    const names = new Set(Array.from(form.elements).map(function (field) { return field.name; }));
    return Array.from(params.keys()).every(function (name) { return name === "ahead" || names.has(name); }) &&
      Array.from(form.querySelectorAll("input[type=hidden]")).every(function (field) {
        return /(idem|csrf_token)$/.test(field.name) || params.get(field.name) === field.value;
      });
  }
  function pastWaiting(items) {
    items.filter(function (item) { return item.page === location.pathname; }).forEach(function (item) {
      const params = new URLSearchParams(item.body);
      const form = Array.from(document.querySelectorAll("form[data-entry][hx-post]")).find(function (f) {
        return f.getAttribute("hx-post") === item.url && madeWith(f, params);
      });
      const past = form ? (form.dataset.past || "").split(" ") : [];
      if (form && !past.includes(item.key)) moveOn(form, params, true, true);
    });
  }

  window.companionNext = { entry: entry, outside: outside, last: last, moveOn: moveOn, freshKey: freshKey,
    pastWaiting: pastWaiting };
})();
