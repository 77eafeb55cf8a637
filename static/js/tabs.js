// What was typed in one way of entering survives a look at another: a tab of the entry panel
// ("Footprints" / "Pick the cards") replaces the form, so a form holding typed values is put
// aside for this page and its way of entering, and given back when that tab is chosen again,
// as long as it is still for the same entry (its round label says the same: typed for a round
// that is gone, it would be saved as the next one; a seat claimed meanwhile changes nothing).
// The form given back is sent with the version it was typed at, as any typed form is. The same
// holds across a change of language, which loads the sheet again.
// Served in the page bundle after app.js and status.js.
(function () {
  "use strict";

  const PREFIX = "companion.aside:";
  function kindOf(form) {
    return form && form.dataset.refresh ? new URL(form.dataset.refresh, location.href).searchParams.get("entry") || "" : null;
  }
  function versionOf(form) {
    const field = form.querySelector("input[type=hidden][name$='version']");
    return field ? field.value : "";
  }
  function entryOf(form) { // which entry the form is for
    const label = form.querySelector(".round-label");
    return label ? label.textContent.replace(/\s+/g, " ").trim() : "v" + versionOf(form);
  }
  function keyOf(form) { return PREFIX + location.pathname + ":" + kindOf(form); }
  function typed(form) {
    return Array.from(form.querySelectorAll("input:not([type=hidden]), select, textarea")).filter(function (f) {
      return f.name && (/^(checkbox|radio)$/.test(f.type) ? f.checked : f.value !== "");
    }).map(function (f) { return [f.name, f.value]; });
  }

  function stored(key) {
    try { return JSON.parse(sessionStorage.getItem(key) || "null"); } catch (refused) { return null; }
  }
  function forget(key) {
    try { sessionStorage.removeItem(key); } catch (refused) { /* nothing was kept */ }
  }

  function putAside(form) {
    if (!form || !form.dataset.dirty || !window.companionStatus.holdsTyped(form)) return;
    try {
      sessionStorage.setItem(keyOf(form), JSON.stringify({ entry: entryOf(form), version: versionOf(form), fields: typed(form) }));
    } catch (full) { /* a private window may refuse: the tab still opens */ }
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.defaultPrevented) return; // a tab tapped offline stays where it is (outbox.js)
    const tab = event.detail.elt.closest && event.detail.elt.closest("#entry .tabs a");
    if (tab) putAside(document.querySelector("#entry form[data-entry]"));
  });
  // A link that reloads the sheet as it is (data-holds-typed: another language) keeps what was
  // typed too; the page it opens gives it back while nothing was entered meanwhile (its round
  // label is in the other language then, so the version says it).
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("a[data-holds-typed]");
    if (link) putAside(document.querySelector("#entry form[data-entry]"));
  });

  function giveBack(form) {
    if (!form || form.dataset.dirty) return;
    const key = keyOf(form);
    const aside = stored(key);
    forget(key);
    // A form that opens holding values (an undone round's totals) shows what the server says.
    const same = aside && (aside.entry === entryOf(form) || aside.version === versionOf(form));
    if (!same || window.companionStatus.holdsTyped(form)) return;
    form.querySelectorAll("input:not([type=hidden]), select, textarea").forEach(function (f) {
      const mine = aside.fields.filter(function (pair) { return pair[0] === f.name; });
      if (/^(checkbox|radio)$/.test(f.type)) f.checked = mine.some(function (pair) { return pair[1] === f.value; });
      else if (mine.length) f.value = mine[0][1];
    });
    const version = form.querySelector("input[type=hidden][name$='version']");
    if (version) version.value = aside.version;
    form.dataset.dirty = "1";
    form.dispatchEvent(new Event("companion:stepped", { bubbles: true }));
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "entry") giveBack(document.querySelector("#entry form[data-entry]"));
  });
  document.addEventListener("DOMContentLoaded", function () {
    giveBack(document.querySelector("#entry form[data-entry]"));
  });
})();
