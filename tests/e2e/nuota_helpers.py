"""Nuota per la vita steps that several browser tests take: the hands of a three-player round,
typing and showing a hand once the form has caught up with the sheet, and saving the totals, so
a test of the outbox or the TV can play a round without repeating how."""

from __future__ import annotations

from .answered import answered
from .conftest import LiveServer
from .helpers import Phone, expect, match_id

HANDS = {
    "Ann": {"giraffe": 4, "bear": 3, "mole": 3},
    "Bob": {"giraffe": 3, "goat": 4, "sheep": 3},
    "Cy": {"giraffe": 1, "bear": 3, "dog": 4, "mouse": 2},
}


SHOWN = """() => {
    const board = document.getElementById("scoreboard");
    const form = document.querySelector("#entry form[data-entry]");
    const field = form && form.querySelector("input[name$='version']");
    return {board: board && board.dataset.version, busy: board && board.className,
            form: field && field.value, dirty: form && (form.dataset.dirty || ""),
            heard: !!window.companionDoorbell && window.companionDoorbell.heardLately()};
}"""
"""What a phone shows, said when it does not settle: which part lags tells where to look."""


def version_of(server: LiveServer, match: int) -> int:
    """The match's version as the server has it now."""
    from companion.extensions import db
    from companion.models import Match

    with server.app.app_context():
        found = db.session.get(Match, match)
        assert found is not None
        return found.version


def settled(phone: Phone, version: int) -> None:
    """Wait until the scoreboard is at ``version`` or later and the entry form at the board's.

    A pristine form follows the sheet (app.js swaps in a fresh one when the version moves, e.g.
    after a seat is claimed); a tap on − or + is no typing, so it must not race that swap. The
    board may be past ``version``: another phone of the table may write after it was read.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        phone.page.wait_for_function(
            """(version) => {
                const board = document.getElementById("scoreboard");
                const field = document.querySelector("#entry input[name$='version']");
                return board && field && Number(board.dataset.version) >= version
                    && field.value === board.dataset.version;
            }""",
            arg=version,
        )
    except PlaywrightTimeout:
        shown = phone.page.evaluate(SHOWN)
        raise AssertionError(f"{phone.name} not at version {version}: {shown}") from None


def show_hand(
    phone: Phone, server: LiveServer, cards: dict[str, int], enter_key: bool = False
) -> None:
    """Type the hand (the first species by taps on +), watch the count, and show it (by the
    button, or by the Enter key in the last box: it must show the hand, not tap a − or +).

    Returns once the answer to this hand is on the page (:func:`.answered.answered`), so the
    next phone's read of the match's version counts it; a hand the rules refuse (its answer
    makes no new version) fails here instead of passing unseen."""
    page = phone.page
    settled(phone, version_of(server, match_id(phone)))
    typed_at = int(page.locator("#scoreboard").get_attribute("data-version") or "0")
    first, *rest = cards.items()
    plus = page.locator(f"#hands-{first[0]}-more")
    for taps in range(1, first[1] + 1):
        plus.click()
        expect(page.locator(f"#hands-{first[0]}")).to_have_value(str(taps))
    for name, count in rest:
        page.locator(f"#hands-{name}").fill(str(count))
    expect(page.locator("#hand-count")).to_contain_text("a full hand ✓")
    if enter_key:
        answered(phone, lambda: page.locator(f"#hands-{rest[-1][0]}").press("Enter"))
    else:
        answered(phone, page.locator("#entry button.primary").click)
    shown = int(page.locator("#scoreboard").get_attribute("data-version") or "0")
    if shown <= typed_at:  # the answer is on the page and made no new version: refused
        refusal = page.locator("#entry .error, #entry [role=alert]").all_inner_texts()
        raise AssertionError(f"{phone.name}'s hand was not stored: {refusal}")
    phone.check()


def save_totals(phone: Phone, points: list[int | None]) -> None:
    """Open the totals (the answer to a round keeps them open: asked for again, the panel would
    come back empty over boxes already typed), type those of the players still in, save."""
    page = phone.page
    version = page.locator("#scoreboard").get_attribute("data-version") or ""
    tab = page.locator("#entry .tabs").get_by_role("link", name="Totals")
    if tab.get_attribute("aria-current") != "page":
        tab.click()
        expect(tab).to_have_attribute("aria-current", "page")
    for seat, value in enumerate(points):
        if value is not None:
            page.locator(f"#entry input[name='totals-seat{seat}']").fill(str(value))
    page.locator("#entry button.primary").click()
    expect(page.locator("#scoreboard")).not_to_have_attribute("data-version", version)
    phone.check()
