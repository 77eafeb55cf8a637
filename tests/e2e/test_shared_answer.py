"""A poll's answer is the same bytes for every phone of a table: the entry form it brings has
no token and no key of its own. In a real browser the page sends its token in a header, and
the form takes a key of its own when first sent and keeps it, so a write sent again is stored
once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from .conftest import LiveServer
from .helpers import Phone, enter_round, expect, heads_box, rows, start_nuota
from .offline_helpers import keys, settled, stored, table


def test_a_form_from_a_shared_answer_takes_one_key_of_its_own(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, match = table(phones)
    enter_round(a, [1, 5])
    expect(rows(b)).to_have_count(1)  # the first round brings B the whole log: B's own answer
    enter_round(a, [2, 3])
    expect(rows(b)).to_have_count(2)  # the next brings only new lines: the table's answer
    settled(b)
    key = b.page.locator("#entry input[name='heads-idem']")
    expect(key).to_have_value("")  # the form came in the answer the table shares
    sent: list[str] = []

    def busy_once(route: Any) -> None:
        sent.append(route.request.post_data or "")
        if len(sent) > 1:
            route.continue_()
            return
        route.fulfill(status=503, headers={"Retry-After": "1"}, body="busy")

    b.allow(r"503|htmx:responseError")
    b.page.route("**/entry/heads", busy_once)
    for seat, value in enumerate([4, 9]):
        heads_box(b, seat).fill(str(value))
    b.page.locator("#entry button[type=submit]").click()
    expect(rows(a)).to_have_count(3)  # B's outbox sent it again, by itself
    expect(b.page.locator("#outbox")).to_contain_text("Saved")
    first, again = (parse_qs(body) for body in sent[:2])
    assert first["heads-idem"][0], "the form was sent with a key of its own"
    assert again["heads-idem"] == first["heads-idem"], "sent again with the same key"
    assert "heads-csrf_token" not in first or first["heads-csrf_token"] == [""]
    assert stored(server, match)[-1] == {"type": "round", "heads": [4, 9]}
    assert keys(server, match)[-1] == first["heads-idem"][0]
    assert len(stored(server, match)) == 3
    b.problems = [p for p in b.problems if "HTTP 503" not in p]  # the refusal we staged


TAP_AS_IT_ARRIVES = """(heads) => {
    window.samePage = true;
    document.addEventListener("htmx:afterSwap", function tap(event) {
        if (event.detail.target.id !== "scoreboard") return;
        document.removeEventListener("htmx:afterSwap", tap);
        const form = document.querySelector("#entry form");
        setTimeout(function () {  // a task of its own, as a finger's tap is
            heads.forEach(function (value, seat) {
                form.querySelector("[name='heads-seat" + seat + "']").value = String(value);
            });
            form.requestSubmit();
        }, 0);
    });
}"""
"""Taps the entry form that the next poll's answer brings, in the first task after the swap."""


def test_a_form_tapped_the_moment_it_arrives_is_sent_by_htmx(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    """A form from the table's shared answer has no token of its own: sent without htmx it
    would be refused (400). htmx settles new content at once, so it is never without htmx."""
    a, b, match = table(phones)
    enter_round(a, [1, 5])
    expect(rows(b)).to_have_count(1)
    settled(b)
    b.page.evaluate(TAP_AS_IT_ARRIVES, [4, 9])
    enter_round(a, [2, 3])
    expect(rows(a)).to_have_count(3)
    expect(rows(b)).to_have_count(3)
    assert b.page.evaluate("window.samePage === true"), "the tap reloaded the page"
    assert stored(server, match) == [
        {"type": "round", "heads": heads} for heads in ([1, 5], [2, 3], [4, 9])
    ]
    assert all(keys(server, match)), "every entry carries a one-time key"


def test_the_phones_own_lives_row_is_marked_on_a_nuota_sheet(phones: Callable[..., Phone]) -> None:
    """The "you" rules of a game's own stylesheet find the seat in the seats panel too."""
    page = start_nuota(phones("A"), ["Ann", "Bob", "Cy"])
    expect(page.locator("#seats")).to_have_attribute("data-you", "0")
    rows_of = page.locator("#scoreboard .lives-seat")
    expect(rows_of.nth(0)).to_have_css("border-top-width", "2px")
    expect(rows_of.nth(1)).to_have_css("border-top-width", "1px")
