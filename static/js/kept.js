// What the outbox keeps offline shows in the page before the server has it. A panel whose form
// is marked data-counts-kept counts the writes kept from it (The Game: the cards put down
// towards the turn's minimum) and shows what its template prepared for that count:
// [data-kept-shown="K"] only at K (the hint "put down K more"), and anywhere in the page
// [data-kept-from="K"] from K on (End turn and the scoreboard's ✓, once the minimum is kept);
// a number marked data-kept-adds="N" anywhere in the page
// moves by N for each (the cards played this turn, left, in hand). A place marked
// data-kept-when="NAME=VALUE" stands for what a kept write with that field changes (The Game:
// a pile): inside it, [data-kept-value=FIELD] shows the write's FIELD (the card now on top)
// and [data-kept-hide] goes (what no longer holds).
// The server's next answer replaces all of it with what it knows. Served in the page bundle.
(function () {
  "use strict";

  function count(form) {
    const panel = form.closest && form.closest("#entry");
    if (!panel || !form.hasAttribute("data-counts-kept")) return;
    const kept = Number(panel.dataset.kept || 0) + 1;
    panel.dataset.kept = String(kept);
    panel.querySelectorAll("[data-kept-shown]").forEach(function (el) { el.hidden = Number(el.dataset.keptShown) !== kept; });
    document.querySelectorAll("[data-kept-from]").forEach(function (el) { el.hidden = kept < Number(el.dataset.keptFrom); });
    document.querySelectorAll("[data-kept-adds]").forEach(function (el) {
      el.textContent = String(Number(el.textContent) + Number(el.dataset.keptAdds));
    });
  }
  function show(params) {
    document.querySelectorAll("[data-kept-when]").forEach(function (place) {
      const [name, value] = place.dataset.keptWhen.split("=");
      if (params.get(name) !== value) return;
      place.querySelectorAll("[data-kept-value]").forEach(function (el) {
        const shown = params.get(el.dataset.keptValue);
        if (shown) el.textContent = shown;
      });
      place.querySelectorAll("[data-kept-hide]").forEach(function (el) { el.hidden = true; });
    });
  }
  document.addEventListener("companion:kept", function (event) {
    const detail = event.detail || {};
    if (!detail.first) return; // the same write kept again changes nothing more
    count(event.target);
    if (detail.params) show(detail.params);
  });
})();
