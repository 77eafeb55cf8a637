// Counters that step a number (a Nuota hand, Pirsch footprints): − / + change it in the page,
// with no request, and the form's own button saves the whole form once. Without JavaScript
// they are submit buttons and the server steps the number instead. Served in the page bundle.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("[data-step]");
    const input = button && button.closest("[data-stepper]").querySelector("input");
    if (!input) return;
    event.preventDefault();
    const min = Number(input.min || 0);
    const max = input.max === "" ? Infinity : Number(input.max);
    const value = Math.min(max, Math.max(min, (Number(input.value) || 0) + Number(button.dataset.step)));
    input.value = value ? String(value) : "";
    const form = input.form;
    if (form) { form.dataset.dirty = "1"; form.dispatchEvent(new Event("companion:stepped", { bubbles: true })); }
  });

  // A total the page can say itself ([data-phrases]: one per sum, class and words), or null.
  // A count below its box's least or above its most ([data-impossible]) makes no full hand.
  function impossible(form) { // how many boxes hold a count below their least or above their most
    return Array.prototype.filter.call(form.querySelectorAll("[data-stepper] input"), function (i) {
      const value = Number(i.value) || 0;
      return value < Number(i.min || 0) || (i.max !== "" && value > Number(i.max));
    }).length;
  }
  function phraseFor(form) {
    const total = form && form.querySelector("[data-phrases]");
    if (!total) return null;
    let sum = 0;
    form.querySelectorAll("[data-stepper] input").forEach(function (i) { sum += Number(i.value) || 0; });
    const phrase = JSON.parse(total.dataset.phrases)[sum] || null;
    const wrong = impossible(form);
    if (phrase && wrong && total.dataset.impossible) {
      return ["over", phrase[1], JSON.parse(total.dataset.impossible)[wrong > 1 ? 1 : 0]];
    }
    return phrase;
  }
  // Words shown while the typed counts are exactly what they name ([data-shows-when]:
  // {"cat": 4}), such as a Nuota hand that holds a sudden-death set (more cats than the deck
  // holds is a mistake, not a sudden death).
  function showWhen(form) {
    form.querySelectorAll("[data-shows-when]").forEach(function (words) {
      const needs = JSON.parse(words.dataset.showsWhen);
      words.hidden = impossible(form) > 0 || !Object.keys(needs).every(function (name) {
        const input = form.querySelector("[data-stepper] input[name$='-" + name + "']");
        return input && (Number(input.value) || 0) === needs[name];
      });
    });
  }
  document.addEventListener("companion:stepped", function (event) {
    showWhen(event.target);
    const total = event.target.querySelector("[data-phrases]");
    if (!total) return;
    const phrase = phraseFor(event.target);
    if (!phrase) { // far past a full hand: the server says it
      const input = event.target.querySelector("[data-stepper] input");
      if (input) input.dispatchEvent(new Event("input", { bubbles: true }));
      return;
    }
    total.classList.remove("ok", "over");
    if (phrase[0]) total.classList.add(phrase[0]);
    total.querySelector("strong").textContent = phrase[1];
    total.querySelector("span").textContent = phrase[2];
  });
  // A typed count is added up in the page as a tap is, and its request for the running total
  // (what a page without this script asks) is not sent while the page has the words: typing
  // offline then counts too, and never reads as a tap that could not be sent.
  document.addEventListener("input", function (event) {
    const input = event.target;
    if (!event.isTrusted || !input.closest || !input.closest("[data-stepper]") || !input.form) return;
    input.form.dispatchEvent(new Event("companion:stepped", { bubbles: true }));
  });
  // The host's "Whose hand" list: choosing a player shows the hand held for them (an empty grid
  // when none is), as long as the counts are still those the form showed; typed ones stay.
  function handOf(select, seat) {
    const option = seat === "" ? null : select.querySelector("option[value='" + seat + "']");
    return option ? JSON.parse(option.dataset.hand || "{}") : {};
  }
  document.addEventListener("change", function (event) {
    const select = event.target;
    if (!select.matches || !select.matches("select[data-hands-of]")) return;
    const shown = select.form.querySelector("input[name$='-shown']");
    const inputs = select.form.querySelectorAll("[data-stepper] input");
    const before = handOf(select, shown ? shown.value : "");
    const typed = Array.prototype.some.call(inputs, function (i) {
      return (Number(i.value) || 0) !== (before[i.name.split("-").pop()] || 0);
    });
    if (typed) return;
    const hand = handOf(select, select.value);
    inputs.forEach(function (i) { const n = hand[i.name.split("-").pop()]; i.value = n ? String(n) : ""; });
    if (shown) shown.value = Object.keys(hand).length ? select.value : "";
    select.form.dispatchEvent(new Event("companion:stepped", { bubbles: true }));
  });
  document.addEventListener("htmx:confirm", function (event) {
    const elt = event.detail.elt;
    if (elt && elt.closest && elt.closest("[data-stepper]") && phraseFor(elt.form)) event.preventDefault();
  });
})();
