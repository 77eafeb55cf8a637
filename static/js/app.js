// The sheet's manners: polling, keeping typed forms safe, panels that follow the sheet, name chips
// and the log's clock. The page bundle (companion/assets.py) serves it first, then doorbell.js,
// outbox.js and counters.js.
(function () {
  "use strict";

  // Polls pause while the tab is hidden and back off after errors. Only the timed polls back
  // off: a refresh rung by the doorbell (it has a triggering event) means the server is up,
  // and dropping it would leave the sheet behind until a later poll.
  let failures = 0;
  let skip = 0;
  document.addEventListener("htmx:confirm", function (event) {
    const el = event.detail.elt;
    if (!el.hasAttribute || !el.hasAttribute("data-poll")) return;
    if (document.hidden || (skip > 0 && !event.detail.triggeringEvent)) {
      if (skip > 0) skip -= 1;
      event.preventDefault();
    }
  });
  function failed(event) {
    const el = event.detail.elt;
    if (!el || !el.hasAttribute || !el.hasAttribute("data-poll")) return;
    failures += 1;
    skip = Math.min(2 ** failures, 15);
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:afterRequest", function (event) {
    const el = event.detail.elt;
    if (el && el.hasAttribute && el.hasAttribute("data-poll") && event.detail.successful) failures = 0;
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && window.htmx) {
      const poller = document.querySelector("[data-poll]");
      if (poller) window.htmx.trigger(poller, "refresh");
    }
  });

  // A form someone has started typing in is never replaced; a pristine one follows the sheet.
  document.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest("form[data-entry]");
    if (form) form.dataset.dirty = "1";
    // A number typed in the box beside a choice (6 nimmt!'s limit) picks that choice.
    const row = event.target.closest && event.target.closest(".radio-row");
    const choice = row && event.target.value && row.querySelector("input[type=radio]");
    if (choice && choice !== event.target) choice.checked = true;
  });
  // A form that came back refused (or kept after a conflict) holding what was typed is typed-in;
  // one with nothing typed in it (a refused End turn) goes on following the sheet.
  // A refusal is said where the answer puts it (an undo tapped far down the log is refused at
  // the top of the entry panel, a rename low on the history page beside its box): bring it into
  // view, or the tap seems to have done nothing.
  document.addEventListener("htmx:afterSwap", function (event) {
    const target = event.detail.target;
    const root = target && target.id ? document.getElementById(target.id) : null;
    const said = root && root.querySelector(".error[role=alert], .notice[role=alert]:not([data-kept]), .field-error");
    const box = said && said.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > innerHeight)) said.scrollIntoView({ block: "center" });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    const target = event.detail.target;
    if (!target || target.id !== "entry") return;
    const entry = document.getElementById("entry");
    if (entry && entry.querySelector(".error, .field-error, [data-kept]")) {
      entry.querySelectorAll("form[data-entry]").forEach(function (f) {
        if (window.companionStatus.holdsTyped(f)) f.dataset.dirty = "1";
      });
    }
  });
  // htmx follows an HX-Location answer with a request of its own whose promise nobody holds;
  // when the network drops just then it rejects with no reason. The failure is already an htmx
  // event (the poll backs off, the outbox keeps writes), so it is not an uncaught error.
  window.addEventListener("unhandledrejection", function (event) {
    if (event.reason === undefined) event.preventDefault();
  });
  // htmx.ajax's promise rejects (with nothing) when the request fails or its target is gone;
  // the failure is already an htmx event the rest of this file handles, so the refresh that
  // could not happen is simply dropped instead of surfacing as an unhandled rejection.
  function refreshEntry(url, headers) {
    const sent = window.htmx.ajax("GET", url, { target: "#entry", swap: "outerHTML", headers: headers || {} });
    if (sent && sent.catch) sent.catch(function () {});
  }
  window.companionEntry = { refresh: refreshEntry }; // the outbox asks for the panel anew too
  // A poll brings the entry panel along when the phone's own is untouched (a pristine form or a
  // "waiting" notice): it asks with entry=<its kind>, so a new version needs no second request.
  // The poll's copy is dropped if, while it was on its way, someone started typing, another tab
  // was chosen or a newer panel arrived (this phone's own write answered first).
  function kindOf(refresh) {
    return refresh ? new URL(refresh, location.href).searchParams.get("entry") || "" : null;
  }
  function followedPanel() {
    const waiting = document.querySelector("#entry [data-entry-waiting]");
    if (waiting) return waiting.dataset.refresh;
    const form = document.querySelector("#entry form[data-entry]");
    return form && !form.dataset.dirty ? form.dataset.refresh : null;
  }
  function panelOf(root) {
    const panel = root.querySelector("[data-entry-waiting], form[data-entry]");
    if (!panel) return null;
    const field = panel.querySelector("input[name$='version']");
    return { kind: kindOf(panel.dataset.refresh), version: Number(field ? field.value : panel.dataset.version) };
  }
  document.addEventListener("htmx:configRequest", function (event) {
    const el = event.detail.elt;
    const refresh = el && el.hasAttribute && el.hasAttribute("data-poll") && followedPanel();
    if (refresh) event.detail.parameters.entry = kindOf(refresh);
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const shown = document.getElementById("entry");
    if (!event.detail.target || event.detail.target !== shown) return;
    const form = shown.querySelector("form[data-entry]");
    const now = panelOf(shown);
    const coming = panelOf(event.detail.fragment);
    const otherKind = now && coming && now.kind && coming.kind !== now.kind; // "": any kind
    const outdated = now && coming && (otherKind || coming.version < now.version);
    if ((form && form.dataset.dirty) || outdated) event.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    const target = event.detail.target;
    if (!target || target.id !== "scoreboard" || !window.htmx) return;
    const board = document.getElementById("scoreboard");
    const form = document.querySelector("#entry form[data-entry]");
    const waiting = document.querySelector("#entry [data-entry-waiting]");
    if (!board) return;
    if (waiting && waiting.dataset.version !== board.dataset.version) {
      refreshEntry(waiting.dataset.refresh);
      return;
    }
    if (!form || form.dataset.dirty) return;
    const version = form.querySelector("input[name$='version']");
    if (version && version.value !== board.dataset.version) {
      refreshEntry(form.dataset.refresh, { "X-Follow-Sheet": "1" });
    }
  });
  // A notice an answer to this phone brought (its row choice came second, its round was
  // overtaken) is news for this phone alone, which no poll repeats: a panel that follows the
  // sheet in its place (a poll's copy, a refresh) keeps it on top, until this phone itself asks
  // for something (its next entry, a tab, an undo).
  let news = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    const el = event.detail.elt; // the body: a refresh of the panel (refreshEntry)
    if (el !== document.body && !(el.hasAttribute && el.hasAttribute("data-poll"))) news = null;
  });
  document.addEventListener("companion:kept", function () { news = null; }); // a write kept offline
  function keepNews(event) {
    const entry = event.detail.target && event.detail.target.id === "entry" && document.getElementById("entry");
    if (!entry) return;
    const said = entry.querySelector(":scope > .notice[role=alert]");
    if (said) news = said; else if (news) entry.prepend(news);
  }
  document.addEventListener("htmx:afterSwap", keepNews);
  document.addEventListener("htmx:oobAfterSwap", keepNews);
  // An undo in the log is sent with the version of the sheet the phone shows, the scoreboard's:
  // an answer to a round adds its line on top and leaves the older lines (and the version
  // their forms were rendered with) as they were; every other change re-renders them all.
  document.addEventListener("htmx:configRequest", function (event) {
    const field = event.detail.elt && event.detail.elt.querySelector && event.detail.elt.querySelector("input[data-sheet-version]");
    const board = document.getElementById("scoreboard");
    if (field && board && Number(board.dataset.version) > Number(field.value)) event.detail.parameters.version = board.dataset.version;
  });
  // A log opened in full stays open: every request says so, and the answer (a poll's, a
  // write's) brings the whole log back rather than the newest lines.
  document.addEventListener("htmx:configRequest", function (event) {
    const log = document.getElementById("log");
    if (log && log.dataset.log === "all") event.detail.parameters.log = "all";
  });
  // A line an answer adds may be there already (a poll the doorbell rang can bring it first):
  // the answer's copy takes its place, never a second one. Unless opened in full, the log keeps
  // the newest lines a page shows (data-keep), as after a reload: the oldest go.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const list = event.detail.target;
    if (!list || list.id !== "log-entries") return;
    const added = event.detail.fragment.querySelectorAll("li[id]");
    added.forEach(function (line) { const there = document.getElementById(line.id); if (there) there.remove(); });
    const keep = list.closest("[data-log=all]") ? 0 : Number(list.dataset.keep || 0);
    while (keep && list.children.length && list.children.length + added.length > keep) list.lastElementChild.remove();
  });
  // A refresh that left before someone started typing must not land on what they typed since.
  document.addEventListener("htmx:beforeSwap", function (event) {
    const config = event.detail.requestConfig;
    if (!config || !config.headers || config.headers["X-Follow-Sheet"] !== "1") return;
    const form = document.querySelector("#entry form[data-entry]");
    if (form && form.dataset.dirty) event.detail.shouldSwap = false;
  });

  // A panel someone opened by hand (host controls, "End the match now") stays open when a
  // refresh replaces the fragment around it; panels the sheet opens or closes itself are left
  // to the sheet. The click toggles the panel after the listeners ran: mark what it becomes.
  document.addEventListener("click", function (event) {
    const summary = event.target.closest && event.target.closest("summary");
    const panel = summary && summary.parentElement;
    if (!panel || panel.tagName !== "DETAILS") return;
    if (panel.open) delete panel.dataset.opened; else panel.dataset.opened = "1";
  });
  // A panel is known by its words and the nearest element with an id around it: every line of
  // the log has the same "Undo" question, and only the one opened is opened again.
  const openedBefore = new Map();
  function label(panel) {
    const summary = panel.querySelector(":scope > summary");
    const owner = panel.parentElement && panel.parentElement.closest("[id]");
    return (owner ? owner.id : "") + "|" + (summary ? summary.textContent.trim() : "");
  }
  function rememberOpened(event) {
    const target = event.detail.target;
    if (!target || !target.id || !target.querySelectorAll) return;
    const labels = Array.from(target.querySelectorAll("details[data-opened]")).map(label);
    if (labels.length) openedBefore.set(target.id, labels);
  }
  function reopen(event) {
    const target = event.detail.target;
    const labels = target && target.id && openedBefore.get(target.id);
    if (!labels) return;
    openedBefore.delete(target.id);
    const root = document.getElementById(target.id);
    if (!root) return;
    root.querySelectorAll("details").forEach(function (panel) {
      if (labels.indexOf(label(panel)) < 0) return;
      panel.open = true;
      panel.dataset.opened = "1";
    });
  }
  document.addEventListener("htmx:beforeSwap", rememberOpened);
  document.addEventListener("htmx:oobBeforeSwap", rememberOpened);
  document.addEventListener("htmx:afterSwap", reopen);
  document.addEventListener("htmx:oobAfterSwap", reopen);

  // The invite leads a fresh sheet and, once entries are in, follows the entry panel and the
  // seats, as a page loaded then has it: an invite a poll swapped in place moves down there.
  function placeInvite() {
    const invite = document.getElementById("invite");
    if (!invite || !invite.hasAttribute("data-late")) return;
    const last = ["entry", "seats"].map(function (id) { return document.getElementById(id); })
      .filter(Boolean).reduce(function (a, b) {
        return a && a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_PRECEDING ? a : b;
      }, null);
    if (last && last.compareDocumentPosition(invite) & Node.DOCUMENT_POSITION_PRECEDING) last.after(invite);
  }
  document.addEventListener("htmx:afterSettle", placeInvite);

  // A page swapped in whole (HX-Location) may need another game's stylesheet than the page it
  // replaced: the head is not swapped, so follow what the new <main> asks for.
  document.addEventListener("htmx:afterSettle", function () {
    const main = document.getElementById("main");
    const link = document.getElementById("stylesheet");
    const wanted = main && main.dataset.stylesheet;
    if (link && wanted && link.getAttribute("href") !== wanted) link.setAttribute("href", wanted);
  });

  // Tapping a known name fills the first empty player box.
  document.addEventListener("click", function (event) {
    const chip = event.target.closest && event.target.closest(".chip[data-name]");
    if (!chip) return;
    const box = document.querySelector(chip.closest("[data-chips]").dataset.chips);
    const inputs = Array.from(box.querySelectorAll("input"));
    const name = chip.dataset.name;
    const already = inputs.find(function (i) { return i.value.trim().toLowerCase() === name.toLowerCase(); });
    if (already) { already.value = ""; chip.setAttribute("aria-pressed", "false"); return; }
    const empty = inputs.find(function (i) { return !i.value.trim(); });
    if (!empty) return;
    const more = empty.closest("details");
    if (more) more.open = true;
    empty.value = name;
    chip.setAttribute("aria-pressed", "true");
  });

  // The log's times count on in the page: each <time datetime> says how long ago in the page's
  // language, with the units the server's words use (a unit once 85% of it has passed), so no
  // answer has to re-send the shown lines' times. The phone's clock may be off: the offset comes
  // from the server's Date header, and until one answer has given it the server's words stay.
  const UNITS = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400],
    ["hour", 3600], ["minute", 60], ["second", 1]];
  let clockOffset = null;
  function howLongAgo(seconds, words) {
    const [unit, size] = UNITS.find(function (u) { return seconds / u[1] >= 0.85; }) || UNITS[6];
    return words.format(-Math.max(1, Math.round(seconds / size)), unit);
  }
  function countTimes() {
    if (clockOffset === null || !window.Intl || !Intl.RelativeTimeFormat) return;
    const words = new Intl.RelativeTimeFormat(document.documentElement.lang || undefined);
    const now = Date.now() + clockOffset;
    document.querySelectorAll("time[datetime]").forEach(function (el) {
      const at = Date.parse(el.getAttribute("datetime"));
      if (!isNaN(at)) el.textContent = howLongAgo(Math.max(0, (now - at) / 1000), words);
    });
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    const sent = xhr && Date.parse(xhr.getResponseHeader("Date") || "");
    if (sent) clockOffset = sent - Date.now();
  });
  document.addEventListener("htmx:afterSettle", countTimes);
  setInterval(countTimes, 15000);
})();
