// The new-match page only: a choice of seat ("Who starts the first round") shows the names
// typed above it instead of "Player 1…5", and follows them while they are typed. Without
// JavaScript the numbered labels stay, and the hint says they follow the order typed above.
(function () {
  "use strict";
  function relabel() {
    document.querySelectorAll("select[data-names] option").forEach(function (option) {
      if (!/^\d+$/.test(option.value)) return;
      if (!option.dataset.label) option.dataset.label = option.textContent;
      const box = document.getElementById("p" + option.value);
      const name = box ? box.value.trim() : "";
      option.textContent = name || option.dataset.label;
      option.hidden = !name && Number(option.value) > 0;
    });
  }
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("#players")) relabel();
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest(".chip[data-name]")) setTimeout(relabel, 0);
  });
  document.addEventListener("DOMContentLoaded", relabel);
})();
