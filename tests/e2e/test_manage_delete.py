"""Deleting a match from a phone and restoring it: the host is asked first (also in Italian),
the other phones at the table are told, and the match comes back whole, so a wrong tap is never
final. Every page load and htmx swap is checked by ``Phone.check()``."""

from __future__ import annotations

import re
from collections.abc import Callable

from .conftest import LiveServer
from .helpers import (
    Phone,
    Shots,
    claim,
    enter_round,
    expect,
    fill_new_match,
    join_with_code,
    match_id,
    open_all_details,
    start_match,
)
from .italian_helpers import assert_italian, italian
from .manage_helpers import GROUP_PAGE, accessible, fits, to_group_page


def test_delete_a_match_and_restore_it(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    a, b = phones("A"), phones("B")
    # A finished match keeps the group on A's list while the second one is deleted.
    start_match(a, ["Ann", "Bob"], rounds=1)
    claim(a, "Ann")
    enter_round(a, [3, 5])
    to_group_page(a)
    group_url = a.page.url
    a.page.get_by_role("link", name="New game in this group").tap()
    a.page.wait_for_url("**/new*")
    a.page.get_by_role("link", name="6 nimmt!").tap()
    a.page.wait_for_url("**/new/sixnimmt*")
    fill_new_match(a, ["Ann", "Dee"])
    a.page.locator("#new-match button[type=submit]").click()
    a.page.wait_for_url(re.compile(r"/m/\d+$"))
    a.check()
    doomed = match_id(a)
    claim(a, "Ann")
    join_with_code(b, a)
    claim(b, "Dee")
    enter_round(a, [4, 2])
    a.goto(group_url)
    playing = a.page.locator("section", has=a.page.get_by_role("heading", name="Playing now"))
    expect(playing.locator(f"a[href='/m/{doomed}']")).to_have_count(1)

    # The host panel's "Delete this match" asks first; "Keep" changes nothing.
    a.goto(f"/m/{doomed}")
    open_all_details(a)
    a.page.locator("#host").get_by_role("link", name="Delete this match").tap()
    a.page.wait_for_url(f"**/m/{doomed}/delete")
    a.check()
    confirm = a.page.locator("#delete")
    expect(confirm.get_by_role("heading")).to_have_text("Delete this match?")
    expect(confirm).to_contain_text("Ann, Dee")
    shots(a, "confirm")
    fits(a)
    accessible(a)
    confirm.get_by_role("link", name="Keep").tap()
    a.page.wait_for_url(f"**/m/{doomed}")
    a.check()

    # The key step in Italian: the language switch in the footer, then the confirmation again.
    a.goto(f"/m/{doomed}/delete")
    a.page.locator("footer a[lang='it']").click()
    a.page.wait_for_url(f"**/m/{doomed}/delete")
    a.check()
    assert_italian(a, italian("Delete this match?", "Delete", "Keep"))
    shots(a, "conferma")
    fits(a)
    accessible(a)
    # From here B's open sheet polls into a 404, which reloads it onto the "not found" page.
    b.allow(r"status of 404|Response Status Error Code 404")
    a.page.locator("#delete button[type=submit]").tap()
    a.page.wait_for_url("**/deleted?done=deleted")
    a.check()
    assert_italian(a, italian("The match is deleted. You can restore it for 30 days."))
    a.page.locator("footer a[lang='en']").click()
    a.page.wait_for_url("**/deleted?done=deleted")
    a.check()
    deleted = a.page.locator("#deleted")
    expect(deleted.locator("li")).to_have_count(1)
    expect(deleted).to_contain_text("Ann, Dee")
    shots(a, "deleted-page")
    fits(a)
    accessible(a)

    # Gone from the group page; B's sheet, a phone of that table, says it was deleted.
    a.goto(group_url)
    expect(a.page.get_by_role("heading", name="Playing now")).to_have_count(0)
    expect(a.page.locator(f"a[href='/m/{doomed}']")).to_have_count(0)
    expect(a.page.locator("#manage")).to_contain_text("1 match deleted in the last 30 days")
    # Without a reload: the ring or the next poll finds the match gone.
    expect(b.page.locator("main")).to_contain_text("This match was deleted.")
    expect(b.page.locator("main")).to_contain_text("Its host can restore it until")
    b.check()
    shots(b, "deleted-sheet")
    accessible(b)

    # A restores it from the deleted page: back on the group page, B's sheet again.
    a.page.locator("#manage").get_by_role("link", name="1 match deleted in the last 30 days").tap()
    a.page.wait_for_url("**/deleted")
    a.check()
    a.page.locator("#deleted").get_by_role("button", name="Restore").tap()
    a.page.wait_for_url(GROUP_PAGE)
    a.check()
    expect(a.page.locator("#manage .notice")).to_have_text("The match is back in the history.")
    playing = a.page.locator("section", has=a.page.get_by_role("heading", name="Playing now"))
    expect(playing.locator(f"a[href='/m/{doomed}']")).to_have_count(1)
    shots(a, "restored")
    b.goto(f"/m/{doomed}")
    expect(b.page.locator("#seats button.seat.mine")).to_contain_text("Dee")
    expect(b.page.locator("#scoreboard")).to_contain_text("4")
    shots(b, "sheet-back")
