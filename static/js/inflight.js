// An entry form while its own write is on its way. Most forms show the entry being sent (a
// round's heads, a hand): their fields are locked until the answer comes, so a late correction
// is never carried into the next round nor mixed into a refused one; the answer's form, or the
// one the outbox empties for the next entry when no answer came, takes their place. A form
// marked data-type-ahead (The Game's tracker, one card at a time) stays open: what is typed
// into it meanwhile is the next entry, put into the form that takes its place, and a button
// tapped meanwhile (the next card's pile), which htmx drops while the write is on its way, is
// tapped again there. Nothing is carried into a refusal: it shows what was sent. The next entry
// starts at the form's first box. Served in the page bundle after outbox.js.
(function () {
  "use strict";

  let flight = null; // { form, open, typed: Map of "name" (or "name=value" for a box), tap }

  const FIELDS = "input:not([type=hidden]), select, textarea, button";
  function lock(form) {
    form.querySelectorAll(FIELDS).forEach(function (field) {
      if (field.disabled || field.readOnly) return;
      field.dataset.locked = "1";
      if (field.tagName === "INPUT" && /^(text|number|tel|search)$/.test(field.type)) field.readOnly = true;
      else field.disabled = true;
    });
  }
  function unlock(form) {
    form.querySelectorAll("[data-locked]").forEach(function (field) {
      delete field.dataset.locked;
      field.readOnly = false;
      field.disabled = false;
    });
  }

  // The form's own write only: a count asking for the hand's running total (its own request,
  // from an input) is no write, and must never lock what is being typed.
  document.addEventListener("htmx:beforeSend", function (event) {
    const form = event.detail.elt;
    if (!form || !form.matches || !form.matches("form[data-entry]") || event.detail.requestConfig.verb !== "post") return;
    flight = { form: form, open: true, typed: new Map(), tap: null };
    if (!form.hasAttribute("data-type-ahead")) lock(form);
  });

  function during(form) { return flight && flight.open && form === flight.form; }
  function note(field) {
    if (!field.name || field.type === "hidden") return;
    const key = field.type === "checkbox" ? field.name + "=" + field.value : field.name;
    if (field.type === "radio" && !field.checked) return;
    flight.typed.set(key, { name: field.name, type: field.type, value: field.value, checked: field.checked });
  }
  document.addEventListener("input", function (event) {
    if (event.isTrusted && during(event.target.form)) note(event.target);
  });
  document.addEventListener("submit", function (event) {
    if (!during(event.target)) return;
    const button = event.submitter;
    flight.tap = button && button.name ? { name: button.name, value: button.value } : {};
  }, true);

  function refused(form) {
    const entry = form && form.closest("#entry");
    return !!(entry && entry.querySelector(".error, .field-error, [role=alert]"));
  }
  function put(form, state) {
    let found = false;
    form.querySelectorAll("[name='" + CSS.escape(state.name) + "']").forEach(function (field) {
      if (field.type === "hidden" || field.disabled) return;
      if (field.type === "radio") field.checked = field.value === state.value;
      else if (field.type === "checkbox") { if (field.value === state.value) field.checked = state.checked; }
      else field.value = state.value;
      found = true;
    });
    return found;
  }
  function carry(form) {
    const was = flight;
    flight = null;
    if (!form || !was.typed.size || refused(form)) return;
    let carried = false;
    was.typed.forEach(function (state) { carried = put(form, state) || carried; });
    if (!carried) return; // another kind of form (the match is over): it has no such fields
    form.dataset.dirty = "1";
    form.dispatchEvent(new Event("companion:stepped", { bubbles: true })); // totals follow
    if (!was.tap) return;
    const selector = was.tap.name ? "button[name='" + CSS.escape(was.tap.name) + "'][value='" + CSS.escape(was.tap.value) + "']" : null;
    const button = selector ? form.querySelector(selector) : null;
    if (!selector || button) form.requestSubmit(button);
  }
  // The answer took the form's place: what was typed meanwhile goes into the new one.
  document.addEventListener("htmx:afterSwap", function () {
    if (flight && flight.open && !flight.form.isConnected) carry(document.querySelector("#entry form[data-entry]"));
  });
  // While a tap answered in the panel is on its way (an entry, an undo from the panel or the
  // log, a tab), no poll or refresh replaces the panel: htmx took the panel as it was when the
  // request left for the answer's place, and fires the answer's events on what was tapped,
  // so a panel swapped in meanwhile would hide the answer (a notice, a refusal, the tab) and
  // deafen the outbox to a failure. The answer brings the panel anew; if none takes its place
  // (no answer, an error page) or it is older than the board the poll brought, the panel is
  // asked for again, unless the outbox kept the write.
  const asked = new Set();
  let heldBack = false;
  document.addEventListener("htmx:beforeSend", function (event) {
    const elt = event.detail.elt, xhr = event.detail.xhr, target = event.detail.target;
    if (!target || target.id !== "entry" || elt === document.body) return; // a refresh (app.js)
    asked.add(xhr);
    xhr.addEventListener("loadend", function () {
      asked.delete(xhr);
      if (asked.size || !heldBack) return;
      heldBack = false;
      const panel = document.querySelector("#entry [data-refresh]");
      if (!panel || elt.dataset.kept || (!target.isConnected && !older(panel))) return;
      window.companionEntry.refresh(panel.dataset.refresh, { "X-Follow-Sheet": "1" });
    });
  });
  // An answer drawn before the sheet the poll brought (a tab asked for before another phone's
  // round) is older than the board: the panel is asked for again, unless typed in meanwhile.
  function older(panel) {
    const board = document.getElementById("scoreboard");
    const field = panel.querySelector("input[name$='version']");
    const version = Number(field ? field.value : panel.dataset.version);
    return !!board && version < Number(board.dataset.version);
  }
  function holdBack(event) {
    const target = event.detail.target;
    if (!asked.size || !target || target.id !== "entry" || asked.has(event.detail.xhr)) return;
    event.detail.shouldSwap = false;
    heldBack = true;
  }
  document.addEventListener("htmx:beforeSwap", holdBack);
  document.addEventListener("htmx:oobBeforeSwap", holdBack);
  // The write's own request is over (a poll's, meanwhile, is not): the form opens again, for an
  // answer that left it in place or none at all (the outbox may yet keep the write).
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!flight || event.detail.elt !== flight.form) return;
    flight.open = false;
    unlock(flight.form);
  });
  // A saved entry's form starts the next one at its first box. After Enter in a box, htmx gives
  // the focus back to the box of the same name in the answer's form: the last one typed in,
  // another player's. A refusal keeps it there; a form typed ahead into keeps its own. A key on
  // one of the form's buttons (a pile of The Game, Save) leaves the focus on nothing once the
  // answer replaced the button: the keyboard goes on at the first box, refused or not. A tap
  // leaves it so, not to open the phone's keyboard over the sheet.
  const BOXES = "input[type=text], input[type=number], input[type=tel], input:not([type])";
  let keyed = false;
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = event.detail.elt, at = document.activeElement;
    if (!form || !form.matches || !form.matches("form[data-entry]")) return; // a poll, say
    keyed = form.contains(at) && at.matches(":focus-visible") && !at.matches(BOXES);
  });
  function startAtFirst(form, refusal) {
    const at = document.activeElement, lost = keyed && (!at || at === document.body);
    keyed = false;
    if (!form || (!lost && (form.hasAttribute("data-type-ahead") || refusal || !form.contains(at) || !at.matches(BOXES)))) return;
    const first = Array.from(form.querySelectorAll(BOXES)).find(function (box) {
      return !box.disabled && !box.readOnly && box.offsetParent !== null;
    });
    if (first && first !== at) first.focus();
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    const config = event.detail.requestConfig, target = event.detail.target;
    const form = document.querySelector("#entry form[data-entry]");
    if (config && config.verb === "post" && target && target.id === "entry") startAtFirst(form, refused(form));
  });
  // No answer: the outbox kept the write and emptied the form for the next entry.
  document.addEventListener("companion:kept", function (event) {
    if (flight && event.target === flight.form) carry(flight.form);
    // Kept: emptied for the next entry (next.js); a page loaded again stays where it opens.
    if (!(event.detail && event.detail.again)) startAtFirst(event.target, false);
  });
})();
