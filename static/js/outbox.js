// Table-proof on patchy Wi-Fi: the outbox keeps a write that could not be sent and sends it
// again, in order, with the same key. Served in the page bundle after status.js, which writes
// the status line, and before connection.js, which shows the connection line (assets.py).
(function () {
  "use strict";

  // The retry policy, pure so it can be tested on its own: which answers are worth another try
  // (no answer at all, or a server saying "busy, come back"), and how long to wait before try
  // number `tries` (0 = the first retry): 1, 2, 5, 10, 20, then every 30 s, or longer when
  // the server named a Retry-After, never more than a minute.
  const STEPS = [1, 2, 5, 10, 20, 30];
  function retryable(status) { return status === 0 || status === 502 || status === 503 || status === 504; }
  function delay(tries, retryAfter) {
    const base = STEPS[Math.min(Math.max(tries, 0), STEPS.length - 1)] * 1000;
    const told = Number(retryAfter) * 1000;
    return Math.min(told > base ? told : base, 60000);
  }

  // The outbox is kept in localStorage until the server answers, so a reload loses nothing.
  // Each item is one write: its one-time key, the URL, the form data as sent, the page it was
  // entered on and a short summary of its values for the status line.
  const STORE = "companion-outbox";
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function save(items) {
    try { localStorage.setItem(STORE, JSON.stringify(items)); } catch (e) { /* full: kept in memory */ }
  }
  let items = load();
  let tries = 0, unanswered = false; // tries that failed in a row; the last had no answer at all
  let timer = null;
  let sending = false;
  const status = window.companionStatus;
  const next = window.companionNext;

  function keyOf(params) {
    for (const [name, value] of params) if (/(^|-)idem$/.test(name)) return value;
    return null;
  }
  // Keep a write: the same key replaces what was kept (one write, never two keys); the form is
  // then ready for the next entry, as after a saved one, with a key of its own.
  function keep(form, formData, retryAfter) {
    const params = new URLSearchParams(formData);
    const key = keyOf(params);
    if (!key) return false;
    items = load(); // another tab of this phone may have sent or kept some meanwhile
    // A numbered entry (a round: data-next-entry) is made for the one before it: if that one
    // is refused, the rest of the page's queue is not sent in its place (see answered).
    const item = { key: key, url: form.getAttribute("hx-post"), body: params.toString(),
      page: location.pathname, summary: status.summary(form, params),
      chain: !!form.querySelector("[data-next-entry]") };
    const at = items.findIndex(function (i) { return i.key === key; });
    // How many of this page's rounds wait before it: typed on the same sheet, it is for the
    // entry that many after the one its version was drawn for (the server names that one).
    if (item.chain) params.set("ahead", items.slice(0, at < 0 ? items.length : at)
      .filter(function (i) { return i.page === item.page && i.chain; }).length);
    item.body = params.toString();
    if (at >= 0) items[at] = item; else items.push(item);
    save(items);
    // What the panel said of an earlier write (a conflict, a refusal) is over: this one is kept.
    const panel = form.closest("#entry");
    if (panel) panel.querySelectorAll(":scope > .notice").forEach(function (n) { n.remove(); });
    next.moveOn(form, params, at < 0, false); // kept again under its key: nothing moves on
    status.waiting();
    tell();
    later(retryAfter);
    return true;
  }

  function entryForm(elt) {
    return elt && elt.matches && elt.matches("form[data-entry][hx-post]") ? elt : null;
  }
  // A form that typed fields emptied for the next entry, tapped again before anything was
  // typed in it: the second tap of a double tap on a write the outbox just took.
  function emptiedAgain(form) {
    return form.dataset.kept && !form.dataset.dirty && !!form.querySelector("input:not([type=hidden])");
  }
  // Offline, or with older writes still waiting (order matters), a new write joins the queue;
  // any other write is not kept, and says so (status.js).
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = entryForm(event.detail.elt);
    if (!form) {
      // A tab of the entry panel ("Cards taken") is asked of the server too: offline, it says so.
      const tab = event.detail.elt.closest && event.detail.elt.closest("#entry .tabs");
      if (!navigator.onLine && (event.detail.requestConfig.verb !== "get" || tab)) {
        event.preventDefault();
        status.notSent(tab || event.detail.elt);
      }
      return;
    }
    if (emptiedAgain(form)) { event.preventDefault(); return; }
    if (navigator.onLine && !items.length) return;
    if (keep(form, event.detail.requestConfig.formData)) event.preventDefault();
  });
  function unsent(event) {
    const form = entryForm(event.detail.elt);
    const xhr = event.detail.xhr;
    const verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    if (!form && event.type !== "htmx:responseError" && verb && verb !== "get") status.notSent(event.detail.elt);
    if (!form) return;
    if (event.type === "htmx:responseError" && !retryable(xhr.status)) {
      // The typed values stay in the form (htmx swaps no error); the line says why.
      status.failed(xhr.status);
      return;
    }
    keep(form, event.detail.requestConfig.formData, xhr && xhr.getResponseHeader("Retry-After"));
  }
  // A write that hangs on a weak network gives up after 20 s and waits in the outbox instead
  // (if it did arrive, its one-time key stores it once).
  document.addEventListener("htmx:configRequest", function (event) {
    if (entryForm(event.detail.elt) && !event.detail.timeout) event.detail.timeout = 20000;
  });
  // A form from an answer the phones of a table share has an empty one-time key (the server
  // sends them all the same bytes, companion/holes.py): it takes one of its own when first
  // sent and keeps it, so a second tap on the same form sends the same key. Every request
  // says the page does this (a page older than this script is sent its own keys).
  document.addEventListener("htmx:configRequest", function (event) {
    event.detail.headers["X-Own-Keys"] = "1";
    const elt = event.detail.elt;
    const form = elt && elt.closest ? elt.closest("form") : null;
    if (!form || event.detail.verb === "get") return;
    form.querySelectorAll("input[name$='idem']").forEach(function (input) {
      if (input.value) return;
      input.value = next.freshKey();
      if (event.detail.formData.has(input.name)) event.detail.formData.set(input.name, input.value);
    });
  });
  document.addEventListener("htmx:sendError", unsent);
  document.addEventListener("htmx:timeout", unsent);
  document.addEventListener("htmx:responseError", unsent);

  // Sending: oldest first, one at a time. A write after one of ours that was stored follows it
  // (the server's new version), as a form rendered after it would; a refusal is shown as any.
  const follow = {};
  function later(retryAfter) {
    clearTimeout(timer);
    if (items.length) timer = setTimeout(drain, delay(tries, retryAfter));
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  function body(item) {
    const params = new URLSearchParams(item.body);
    const token = csrf();
    for (const name of Array.from(params.keys())) {
      const suffix = /(version|seen)$/.exec(name);
      const after = suffix && follow[item.page] ? Number(follow[item.page][suffix[1]]) : NaN;
      if (after > Number(params.get(name))) { params.set(name, after); params.delete("ahead"); } // right after ours
      if (name === "csrf_token" && token) params.set(name, token);
    }
    return params;
  }
  function drain() {
    clearTimeout(timer);
    if (sending || !items.length || !navigator.onLine) return; // "online" will send them
    const item = items[0];
    const sent = body(item);
    sending = true;
    fetch(item.url, { method: "POST", body: sent, credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Target": "entry", "HX-Current-URL": location.href, "X-CSRFToken": csrf() } })
      .then(function (response) {
        if (retryable(response.status)) throw response;
        return response.text().then(function (html) { answered(item, response, html, sent); });
      })
      .then(function () { sending = false; tries = 0; drain(); },
        function (failure) {
          sending = false;
          tries += 1; unanswered = !(failure && failure.headers); // none, or a busy server's (503)
          later(failure && failure.headers ? failure.headers.get("Retry-After") : null);
          tell();
        });
  }
  // A write refused for its values leaves the sheet where the write found it: the writes made
  // after it still follow what was stored before it. One refused because the sheet moved on
  // (its answer's form is of a newer version) ends that: the writes after it were made for a
  // sheet that is no more, so they go as they were made and the server says so.
  function movedOn(doc, sent) {
    const name = Array.from(sent.keys()).find(function (n) { return /version$/.test(n); });
    const shown = name && doc.querySelector("#entry input[type=hidden][name='" + name + "']");
    return !shown || Number(shown.value) !== Number(sent.get(name));
  }
  // A round refused (for its values, or failed): the rounds queued after it on this page were
  // typed as the ones after it, and so was one being typed now, so none of them is sent in its
  // place (round 3 stored as round 2). They leave the queue (and the typed one its form) and
  // are listed after it, with their values; the panel shows the refused round again (or, with
  // no form in the answer, the server's panel).
  function holdBehind(item, here, reload) {
    const behind = items.filter(function (i) { return i.page === item.page; });
    items = items.filter(function (i) { return i.page !== item.page; });
    save(items);
    const panel = here && document.querySelector("#entry form[data-entry]");
    if (panel && panel.dataset.dirty && status.holdsTyped(panel)) {
      const params = new URLSearchParams(new FormData(panel));
      behind.push({ page: item.page, summary: status.summary(panel, params) });
      delete panel.dataset.dirty;
      panel.reset();
    }
    if (reload && panel && panel.dataset.refresh) window.companionEntry.refresh(panel.dataset.refresh);
    return behind;
  }
  function answered(item, response, html, sent) {
    items = load().filter(function (i) { return i.key !== item.key; });
    save(items);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const refused = !response.ok || status.refused(doc);
    // An error page has no form to tell: it was not overtaken, it failed.
    const overtaken = refused && response.ok && movedOn(doc, sent);
    const here = item.page === location.pathname && !!window.htmx;
    const behind = refused && !overtaken && item.chain ? holdBehind(item, here, !response.ok) : [];
    const listBehind = function () { behind.forEach(function (i) { status.miss(i, 0, "behind"); }); };
    if (overtaken) delete follow[item.page];
    else if (!refused) {
      follow[item.page] = {};
      doc.querySelectorAll("#entry input[type=hidden]").forEach(function (i) {
        const suffix = /(version|seen)$/.exec(i.name);
        if (suffix) follow[item.page][suffix[1]] = i.value;
      });
    }
    status.answered(!refused);
    const shown = document.querySelector("#entry form[data-entry]");
    const more = items.some(function (i) { return i.page === item.page; });
    const listed = more || (overtaken && !status.holdsTyped(doc, sent));
    if (refused && (!here || !response.ok || listed || (shown && shown.dataset.dirty))) {
      // Nowhere to show what was typed without wiping something else, or more of ours behind
      // it (or, overtaken by the sheet, a form that cannot hold it: End turn, a card and its
      // pile): the status line keeps it with the server's reason, so the panel follows the sheet.
      // The same entry already saved by another phone lost nothing: said without alarm.
      if (overtaken && doc.querySelector("#entry .notice[data-settled]")) status.settled(item, status.reasonOf(doc, true));
      else status.miss(item, response.status, response.ok ? status.reasonOf(doc, overtaken) : "", overtaken);
      listBehind();
      tell();
      refresh(); // the sheet shows what overtook it; a typed form stays as it is
      return;
    }
    listBehind();
    tell();
    if (!here) return;
    const away = response.headers.get("HX-Location") || response.headers.get("HX-Redirect");
    if (away || response.redirected) { location.assign(away || response.url); return; }
    const form = document.querySelector("#entry form[data-entry]");
    if (!refused && form && form.dataset.dirty) {
      // Someone is typing the next entry: keep it, bring it up to date, refresh the rest.
      form.querySelectorAll("input[type=hidden]").forEach(function (i) {
        const suffix = /(version|seen)$/.exec(i.name);
        if (suffix && follow[item.page][suffix[1]] != null) i.value = follow[item.page][suffix[1]];
      });
      refresh();
      return;
    }
    window.htmx.swap("#entry", html, { swapStyle: "outerHTML" });
    const back = document.querySelector("#entry form[data-entry]");
    if (refused && back) back.dataset.dirty = "1"; // it holds what was typed: the next waits
  }

  function tell() { status.show(items); }

  // A form that is already in the outbox (a page kept offline while it waited, then reloaded)
  // takes a key of its own: the next write must never replace the one waiting.
  function ownKeys() {
    const waiting = new Set(items.map(function (i) { return i.key; }));
    document.querySelectorAll("form[data-entry] input[name$='idem']").forEach(function (input) {
      if (waiting.has(input.value)) input.value = next.freshKey();
    });
  }
  function refresh() {
    const poller = document.querySelector("[data-poll]");
    if (poller && window.htmx) window.htmx.trigger(poller, "refresh");
  }
  window.addEventListener("online", function () { tries = 0; drain(); });
  document.addEventListener("DOMContentLoaded", function () {
    next.pastWaiting(items); // before draft.js gives back what was typed
    ownKeys();
    tell();
    if (items.length) drain();
  });
  document.addEventListener("htmx:afterSettle", tell);

  window.companionOutbox = {
    delay: delay, retryable: retryable,
    pending: function () { return load(); },
    waiting: function () { return items.length; },
    failing: function () { return tries > 0 && unanswered; }, // the last try to send got no answer
    sendNow: function () { tries = 0; drain(); },
  };
})();
