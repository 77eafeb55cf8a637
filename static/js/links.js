// A tapped link is given what only the phone knows, just before it is followed.
// - data-same-place (the language links): the page's fragment (#history, #seats after a seat
//   was taken). The server answers /lang/<code> with a 303 to the page, with no fragment of its
//   own, and a browser keeps the fragment of the link for such a redirect, so another language
//   comes back to the same place of the same page.
// - data-time-zone (the group's CSV table and JSON file): the phone's time zone by name, so the
//   table's times and both files' dates are the phone's, not the server's.
// Without JavaScript the links still work: the language changes at the top of the page, and
// the table's times are in the server's zone (the README says so).
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("a[data-same-place], a[data-time-zone]");
    if (!link) return;
    if (link.hasAttribute("data-same-place")) link.hash = location.hash;
    const zone = window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (link.hasAttribute("data-time-zone") && zone) {
      const url = new URL(link.href);
      url.searchParams.set("tz", zone);
      link.href = url.href;
    }
  });
})();
