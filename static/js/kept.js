// A panel that counts what the outbox keeps offline (The Game: the cards put down towards the
// turn's minimum). Each write kept from a form marked data-counts-kept adds one, and the panel
// shows what its template prepared for that count: [data-kept-shown="K"] only at K (the hint
// "put down K more"), [data-kept-from="K"] from K on (End turn, once the minimum is kept). A
// panel the server sends starts again from what the server knows. Served in the page bundle.
(function () {
  "use strict";

  document.addEventListener("companion:kept", function (event) {
    const form = event.target;
    const panel = form.closest && form.closest("#entry");
    if (!panel || !form.hasAttribute("data-counts-kept")) return;
    const count = Number(panel.dataset.kept || 0) + 1;
    panel.dataset.kept = String(count);
    panel.querySelectorAll("[data-kept-shown]").forEach(function (el) { el.hidden = Number(el.dataset.keptShown) !== count; });
    panel.querySelectorAll("[data-kept-from]").forEach(function (el) { el.hidden = count < Number(el.dataset.keptFrom); });
  });
})();
