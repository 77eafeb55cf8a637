// The sheet's status line (templates/play/_connection.html, its words in data attributes): what
// waits in the outbox, that it was saved, what was not saved, and taps that could not be sent.
// Served in the page bundle before outbox.js, which tells it what waits (companion/assets.py).
(function () {
  "use strict";

  const region = function () { return document.getElementById("outbox"); };
  let notice = "";
  let savedLately = false;
  let shownItems = [];
  // Writes kept offline that another phone had already saved the same (nothing lost), with the
  // server's words: told without alarm, and only until the next write is saved, the match is
  // over, the page reloads or the player taps Done, since their words say "a moment ago".
  let settledItems = [];

  // Writes the server refused or failed that the entry form could not show (it held something
  // typed, or the write was for another sheet), kept with their values until the player says
  // they are done with them. The reason is kept as a status (200: the sheet moved on) or a
  // code, so the line is in the page's language, or as the server's own words for a refusal.
  const MISSED = "companion-outbox-missed";
  function missed() {
    try { return JSON.parse(localStorage.getItem(MISSED) || "[]"); } catch (e) { return []; }
  }
  function keepMissed(list) {
    try { localStorage.setItem(MISSED, JSON.stringify(list)); } catch (e) { /* full */ }
  }

  // What a kept write holds, in the words of its form: each filled field after its label (a
  // choice by its option's words, a ticked box by its own words, an unticked box or radio left
  // out), and the button it was sent with (Bloccato's "Save the dice"), by its short name where
  // it marks one (data-summary: The Game's "▲1", not the pile's top card at the time).
  // Fields marked data-short inside a [data-summary-group] are said together under its name:
  // a grid per player ("Ann: bear 3, wolf 2 · Bob: …", not sixteen full labels), or the dice
  // tapped ("Dice: 4 4 4 1 cow"; no short name, so spaces between them).
  // A button marked data-summary-alone makes a write that uses none of the fields (Bloccato's
  // "Roll in the app" leaves the dice tapped so far): it is said by its words alone.
  function summary(form, params) {
    const alone = Array.from(form.querySelectorAll("button[name][data-summary-alone]"))
      .find(function (b) { return params.getAll(b.name).indexOf(b.value) >= 0; });
    if (alone) return alone.textContent.replace(/\s+/g, " ").trim();
    const parts = [];
    const groups = new Map(); // a player may be called "constructor"
    form.querySelectorAll("input:not([type=hidden]), select").forEach(function (field) {
      if (!field.value || /^(checkbox|radio)$/.test(field.type) && !field.checked) return;
      const holder = field.hasAttribute("data-short") && field.closest("[data-summary-group]");
      if (holder) {
        const name = holder.dataset.summaryGroup;
        const short = field.dataset.short;
        const words = field.type === "radio" && field.labels && field.labels[0]
          ? field.labels[0].textContent.replace(/\s+/g, " ").trim() : field.value;
        if (!groups.has(name)) { groups.set(name, []); parts.push({ name: name, items: groups.get(name), gap: short ? ", " : " " }); }
        groups.get(name).push(short ? short + " " + words : words);
        return;
      }
      const label = field.labels && field.labels[0] ? field.labels[0].textContent.trim().split("\n")[0] : "";
      const value = field.tagName === "SELECT" ? field.selectedOptions[0].textContent.trim() : field.value;
      if (field.type === "radio") parts.push(label.replace(/\s+/g, " ") || value); // it names the choice
      else if (field.type === "checkbox") parts.push(field.getAttribute("aria-label") || label.replace(/\s+/g, " ") || value);
      else parts.push(label ? label + (field.tagName === "SELECT" ? ": " : " ") + value : value); // "Whose hand: Ann"
    });
    form.querySelectorAll("button[name]").forEach(function (button) {
      // data-summary-quiet: the fields already say what this button saves (the dice).
      if (button.hasAttribute("data-summary-quiet") || params.getAll(button.name).indexOf(button.value) < 0) return;
      const words = (button.querySelector("[data-summary]") || button).textContent.replace(/\s+/g, " ").trim();
      if (words) parts.push(words);
    });
    // A form of hidden fields and one button (The Game's End turn) is said by its button.
    const only = !parts.length && form.querySelector("button[type=submit]:not([hidden])");
    if (only) parts.push(only.textContent.replace(/\s+/g, " ").trim());
    return parts.map(function (part) {
      return typeof part === "string" ? part : part.name + ": " + part.items.join(part.gap);
    }).join(" · ");
  }

  // Whether a form (or the first entry form in a parsed answer) holds anything typed or ticked:
  // a refusal that brings back only a button (End turn) has nothing to keep in place. Given the
  // write it answers (sent), all of it: a choice made by the button tapped (The Game's pile) is
  // in no form's fields, and a write must never come back half (the card without its pile).
  function holdsTyped(root, sent) {
    const form = root && (root.matches && root.matches("form") ? root : root.querySelector("#entry form[data-entry]"));
    if (!form) return false;
    const tapped = sent && Array.from(form.querySelectorAll("button[name]")).some(function (b) { return sent.has(b.name); });
    return !tapped && Array.from(form.querySelectorAll("input:not([type=hidden]), textarea")).some(function (field) {
      return /^(checkbox|radio)$/.test(field.type) ? field.checked : field.value !== "";
    });
  }

  // A line of the list; a reason said by the line before it is said again only to screen
  // readers (each line stays whole for them), so the table reads it once.
  function line(el, text, className, why, again) {
    const li = document.createElement("li");
    li.textContent = text;
    if (className) li.className = className;
    if (why) {
      const reason = document.createElement("span");
      reason.textContent = why + " ";
      if (again) reason.className = "visually-hidden";
      li.prepend(reason);
    }
    el.querySelector("ul").appendChild(li);
  }
  function show(items) {
    shownItems = items;
    const el = region();
    if (!el) return;
    const words = el.dataset;
    const here = function (i) { return i.page === location.pathname; };
    const mine = items.filter(here);
    const lost = missed().filter(here);
    if (document.querySelector("[data-over]")) settledItems = [];
    const settled = settledItems.filter(here);
    el.querySelector("ul").textContent = "";
    mine.forEach(function (i) { line(el, i.summary); });
    settled.forEach(function (i) { line(el, i.summary, "settled", i.reason); });
    let said = "";
    lost.forEach(function (i) {
      const why = i.reason === "behind" ? words.behind : i.said ? i.reason
        : i.reason ? words.refused.replace("{reason}", i.reason)
        : i.status === 200 ? words.missed : words.failed.replace("{n}", i.status);
      line(el, i.summary, "missed", why, why === said);
      said = why;
    });
    const waiting = mine.length ? (mine.length === 1 ? words.one : words.many).replace("{n}", mine.length) : "";
    el.querySelector("p").textContent = [notice, waiting].filter(Boolean).join(" ") || (savedLately ? words.saved : "");
    const done = el.querySelector("button[data-done]");
    if (done) done.hidden = !lost.length && !settled.length;
    el.classList.toggle("waiting", mine.length > 0);
    el.classList.toggle("missed", lost.length > 0);
    el.classList.toggle("settled", settled.length > 0 && !lost.length);
    document.dispatchEvent(new Event("companion:outbox"));
  }
  function say(words) { notice = words; show(shownItems); }

  // A write that is not an entry (an undo, a seat) is not kept: offline, it says so where it was
  // tapped (the status line may be a screen away) and in the status line, instead of vanishing
  // or leaving the page for the browser's error page.
  function notSent(elt) {
    const el = region();
    if (!el) return;
    savedLately = false; // once back online, the line must not call this tap "Saved."
    say(el.dataset.unsent);
    const near = elt && elt.closest ? elt.closest("form") || elt : null;
    if (!near || !near.parentNode) return;
    let note = near.nextElementSibling;
    if (!note || !note.classList.contains("unsent-note")) {
      note = document.createElement("p");
      note.className = "unsent-note";
      near.insertAdjacentElement("afterend", note);
    }
    note.textContent = el.dataset.unsent;
  }
  // A form kept offline whose next entry is another form (data-next-online: the last round,
  // Pirsch's fourth) cannot offer the next one: it closes, saying it opens again with the
  // network, instead of inviting the kept round to be typed a second time. It keeps showing
  // what it kept, greyed, and says so: empty boxes under "Kept" read as a wiped entry. One
  // that names its panel (data-next-online="entry": The Game's End turn, a mark on Bloccato's
  // sheet, whose turn panel's Pass would otherwise be kept as the next step) closes that too.
  function closeKept(form) {
    const el = region();
    const panel = form.dataset.nextOnline && document.getElementById(form.dataset.nextOnline);
    [form, panel].forEach(function (scope) {
      if (scope) scope.querySelectorAll("input:not([type=hidden]), select, textarea, button").forEach(function (f) { f.disabled = true; });
    });
    form.setAttribute("data-closed-kept", "");
    form.querySelectorAll(".error, .field-error, [role=alert]").forEach(function (said) { said.remove(); });
    let note = form.querySelector(".next-online");
    if (!note) {
      note = document.createElement("p");
      note.className = "notice next-online";
      form.prepend(note);
    }
    const words = el ? el.dataset : {};
    note.textContent = (holdsTyped(form) ? words.nextOnlineShown : words.nextOnline) || "";
  }
  document.addEventListener("submit", function (event) {
    const form = event.target;
    // Only the sheet has the status line and its words: elsewhere the browser says it.
    if (navigator.onLine || !region() || form.matches("form[data-entry][hx-post]")) return;
    if ((form.method || "").toLowerCase() !== "post") return;
    event.preventDefault();
    event.stopPropagation();
    notSent(form);
  }, true);
  // A link that only the server can answer (the language switch: it sets a cookie and comes
  // back) says so offline, instead of leaving the sheet for the browser's error page.
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("a[data-needs-network]");
    if (!link || navigator.onLine || !region()) return;
    event.preventDefault();
    notSent(link);
  });
  window.addEventListener("online", function () {
    notice = "";
    document.querySelectorAll(".unsent-note").forEach(function (note) { note.remove(); });
    show(shownItems);
  });
  // An entry saved from the panel (its answer says nothing against it) is the next write saved.
  document.addEventListener("htmx:afterSwap", function (event) {
    const config = event.detail.requestConfig;
    const panel = document.getElementById("entry");
    if (!settledItems.length || !config || config.verb !== "post" || !panel || event.detail.target.id !== "entry") return;
    if (!panel.querySelector("[role=alert], .error, .field-error")) { settledItems = []; show(shownItems); }
  });
  // "Done": the player has seen (and entered again) what was not saved here.
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("#outbox button[data-done]")) return;
    keepMissed(missed().filter(function (i) { return i.page !== location.pathname; }));
    settledItems = [];
    show(shownItems);
  });

  // What marks a refusal in an answer, and the server's own words for it; for a write the sheet
  // moved on from, only words that say all of it (the same round saved once: data-final).
  const REFUSAL = "#entry [role=alert], #entry .error, #entry .field-error", FINAL = "#entry .notice[data-final]";
  // What was typed, which the panel tells beside its words ([data-typed]), the status line
  // tells as the write's own summary: it is left out of the reason.
  function reasonOf(doc, overtaken) {
    return Array.from(doc.querySelectorAll(overtaken ? FINAL : REFUSAL)).map(function (el) {
      const words = el.cloneNode(true);
      words.querySelectorAll("[data-typed]").forEach(function (t) { t.remove(); });
      return words.textContent.replace(/\s+/g, " ").trim();
    }).filter(Boolean).join(" ");
  }
  window.companionStatus = {
    show: show,
    say: say,
    notSent: notSent,
    summary: summary,
    holdsTyped: holdsTyped,
    closeKept: closeKept,
    reasonOf: reasonOf,
    refused: function (doc) { return !!doc.querySelector(REFUSAL); },
    failed: function (status) {
      savedLately = false;
      if (region()) say(region().dataset.failed.replace("{n}", status));
    },
    // reason: the server's words for a refusal, or "behind" (not sent: a round before it was
    // refused); none for a write overtaken by the sheet (status 200) or failed (its status),
    // unless the server's words for the overtaken write say all of it (said: shown as they are).
    miss: function (item, status, reason, overtaken) {
      keepMissed(missed().concat([{ page: item.page, summary: item.summary, status: status, reason: reason || "",
        said: !!(overtaken && reason) }]));
    },
    answered: function (saved) { savedLately = saved; notice = ""; if (saved) settledItems = []; },
    settled: function (item, reason) { settledItems.push({ page: item.page, summary: item.summary, reason: reason }); },
    waiting: function () { savedLately = false; },
  };
})();
