// What a player types into an entry form while its own write is on its way is the next entry
// (The Game's next card, typed as soon as the last pile was tapped). The answer replaces the
// form, and the outbox empties it when it keeps a write whose answer never came: either would
// wipe those fields, so they are noted as typed and put back into the form that takes the old
// one's place, which then counts as typed-in. Served in the page bundle after outbox.js.
(function () {
  "use strict";

  let flight = null; // { form, open, typed: Map of "name" (or "name=value" for a box) to state }

  document.addEventListener("htmx:beforeSend", function (event) {
    const elt = event.detail.elt;
    const form = elt && (elt.form || (elt.closest && elt.closest("form[data-entry]")));
    if (!form || !form.matches("form[data-entry]")) return;
    if (event.detail.requestConfig.verb === "post") flight = { form: form, open: true, typed: new Map() };
  });

  function note(field) {
    if (!field.name || field.type === "hidden") return;
    const key = field.type === "checkbox" ? field.name + "=" + field.value : field.name;
    if (field.type === "radio" && !field.checked) return;
    flight.typed.set(key, { name: field.name, type: field.type, value: field.value, checked: field.checked });
  }
  function during(form) { return flight && flight.open && form === flight.form; }
  document.addEventListener("input", function (event) {
    if (event.isTrusted && during(event.target.form)) note(event.target);
  });
  // A counter's − / + changes its number without an input event (counters.js, which runs first).
  document.addEventListener("click", function (event) {
    const stepper = event.target.closest && event.target.closest("[data-step]") && event.target.closest("[data-stepper]");
    const input = stepper && stepper.querySelector("input");
    if (input && during(input.form)) note(input);
  });

  function carry(form) {
    const typed = flight.typed;
    flight = null;
    if (!form || !typed.size) return;
    let carried = false;
    typed.forEach(function (state) {
      form.querySelectorAll("[name='" + CSS.escape(state.name) + "']").forEach(function (field) {
        if (field.type === "hidden" || field.disabled) return;
        if (field.type === "radio") field.checked = field.value === state.value;
        else if (field.type === "checkbox") { if (field.value === state.value) field.checked = state.checked; }
        else field.value = state.value;
        carried = true;
      });
    });
    if (!carried) return; // another kind of form (the match is over): it has no such fields
    form.dataset.dirty = "1";
    form.dispatchEvent(new Event("companion:stepped", { bubbles: true })); // totals follow
  }
  // The answer took the form's place: what was typed meanwhile goes into the new one.
  document.addEventListener("htmx:afterSwap", function () {
    if (flight && flight.open && !flight.form.isConnected) carry(document.querySelector("#entry form[data-entry]"));
  });
  // The write's own request is over (a poll's, meanwhile, is not): an answer with no form, or
  // none at all, in which case the outbox may yet keep it.
  document.addEventListener("htmx:afterRequest", function (event) {
    const elt = event.detail.elt;
    if (flight && elt && (elt === flight.form || elt.form === flight.form)) flight.open = false;
  });
  // No answer: the outbox kept the write and emptied the form for the next entry.
  document.addEventListener("companion:kept", function (event) {
    if (flight && event.target === flight.form) carry(flight.form);
  });
})();
