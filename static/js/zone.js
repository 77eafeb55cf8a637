// The phone's time zone for downloads that write times (the group's CSV table). Only the phone
// knows its zone; the server would otherwise write every time in its own. A link marked
// data-time-zone asks for the zone by name when it is followed; without JavaScript the server's
// zone is used (the README says so).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("a[data-time-zone]");
    const zone = window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!link || !zone) return;
    const url = new URL(link.href);
    url.searchParams.set("tz", zone);
    link.href = url.href;
  });
})();
