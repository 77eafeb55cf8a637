// A round half typed survives a reload of the page (pulled to refresh, or a tab the phone's
// browser dropped and loads again), as it survives the sheet's polls. What the player changed in
// the entry form (boxes, choices, ticks; never its hidden fields: one-time key, token, version)
// is kept in sessionStorage for this page and the form's way of entering (a tab of the panel),
// with the entry it was typed for: the round label and the version. It is given back only to a
// form of that way for that same entry at that same version, on the reloaded page or when its
// tab is chosen there: if the sheet moved on meanwhile (another phone saved the round), the
// numbers belong to no form any more and are forgotten. They are forgotten too once the form
// is sent, kept by the outbox, or replaced by the next entry's.
// Served in the page bundle after tabs.js and picks.js, which give back what they kept first.
(function () {
  "use strict";

  const FIELDS = "input:not([type=hidden]), select, textarea";
  function keyOf(form) {
    const kind = form.dataset.refresh ? new URL(form.dataset.refresh, location.href).searchParams.get("entry") : "";
    return "companion.draft:" + location.pathname + ":" + (kind || "");
  }
  function entryOf(form) { // the round label and the version, as one text
    const label = form.querySelector(".round-label");
    const version = form.querySelector("input[type=hidden][name$='version']");
    return (label ? label.textContent.replace(/\s+/g, " ").trim() : "") + "|" + (version ? version.value : "");
  }
  function toggles(field) { return /^(checkbox|radio)$/.test(field.type); }
  function changed(field) {
    if (toggles(field)) return field.checked !== field.defaultChecked;
    if (field.tagName !== "SELECT") return field.value !== field.defaultValue;
    const drawn = Array.from(field.options).findIndex(function (o) { return o.defaultSelected; });
    return field.selectedIndex !== Math.max(drawn, 0);
  }

  function forget(form) {
    try { sessionStorage.removeItem(keyOf(form)); } catch (refused) { /* nothing was kept */ }
  }
  // The form as it is now: kept while typed in, forgotten once it holds nothing of the player's.
  // Nothing is noted before what was kept is given back: the outbox moves the form on past the
  // writes still waiting first (outbox.js), and that emptied form is not the player's doing.
  let givenBack = false;
  function note(form) {
    if (!form || !givenBack) return;
    const fields = form.dataset.dirty ? Array.from(form.querySelectorAll(FIELDS)).filter(function (f) {
      return f.name && changed(f);
    }).map(function (f) { return [f.name, f.value, f.checked]; }) : [];
    if (!fields.length) { forget(form); return; }
    try {
      sessionStorage.setItem(keyOf(form), JSON.stringify({ entry: entryOf(form), fields: fields }));
    } catch (full) { /* a private window may refuse: what is typed stays on this page */ }
  }
  function shown() { return document.querySelector("#entry form[data-entry]"); }
  function ours(event) { return event.target === shown() || (event.target.form && event.target.form === shown()); }
  ["input", "change", "companion:stepped", "companion:kept"].forEach(function (type) {
    document.addEventListener(type, function (event) { if (ours(event)) note(shown()); });
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt === shown() && event.detail.requestConfig.verb === "post") forget(shown());
  });
  // A write that failed for good leaves what was typed in the form: kept again.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt === shown()) note(shown());
  });

  function giveBack(form) {
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(keyOf(form)) || "null"); } catch (refused) { kept = null; }
    if (!kept || form.dataset.dirty) return; // given back by tabs.js or picks.js
    if (kept.entry !== entryOf(form)) { forget(form); return; }
    form.querySelectorAll(FIELDS).forEach(function (f) {
      const mine = kept.fields.find(function (k) { return k[0] === f.name && (!toggles(f) || k[1] === f.value); });
      if (mine && toggles(f)) f.checked = mine[2]; else if (mine) f.value = mine[1];
    });
    form.dataset.dirty = "1";
    form.dispatchEvent(new Event("companion:stepped", { bubbles: true })); // totals and counters follow
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (shown()) giveBack(shown());
    givenBack = true;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "entry" || !shown()) return;
    giveBack(shown());
    note(shown());
  });
})();
