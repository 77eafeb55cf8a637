"""Looking after a group on phones: rename, a refused merge, export and import, delete and restore.

Every page load and htmx swap is checked by ``Phone.check()``: no console error, no CSP violation
(the recorder of helpers.CSP_RECORDER), no 5xx.
"""

from __future__ import annotations

import csv
import json
import re
import uuid
from collections.abc import Callable
from pathlib import Path
from zoneinfo import ZoneInfo

from babel import Locale

from companion.archive.table import local_moment
from companion.extensions import db
from companion.models import Group, Match

from .conftest import LiveServer
from .helpers import (
    AXE,
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
from .test_accessibility import readable, run_axe
from .test_evening import assert_italian, italian

GROUP_PAGE = re.compile(r"/g/\d+(\?[^#]*)?(#.*)?$")


def ended_in(server: LiveServer, zone: str) -> str:
    """When the server's one match ended, as the CSV of an English phone in ``zone`` says it."""
    with server.app.app_context():
        ended = db.session.query(Match.finished_at).scalar()
    return local_moment(ended, ZoneInfo(zone), Locale.parse("en"))


def fits(phone: Phone) -> None:
    """The page does not scroll sideways on the phone."""
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{phone.name} at {phone.page.url} scrolls sideways ({width}px)"


# axe findings already reported as bugs: (page path ending, rule). Strict: an entry whose bug is
# fixed fails the test, so the list is kept honest. templates/manage/import.html and delete.html
# show only the fragment's <h2>, no <h1>.
KNOWN_AXE: set[tuple[str, str]] = set()


def accessible(phone: Phone) -> None:
    """axe-core finds nothing new on the page (when it is installed: make setup)."""
    if not AXE.exists():
        return
    path = phone.page.url.split("?")[0]
    known = {rule for end, rule in KNOWN_AXE if path.endswith(end)}
    violations = run_axe(phone, AXE.read_text())
    fresh = [v for v in violations if v["id"] not in known]
    assert not fresh, f"{phone.name} at {phone.page.url}:\n{readable(fresh)}"
    fixed = known - {v["id"] for v in violations}
    assert not fixed, f"fixed at {path}: remove {sorted(fixed)} from KNOWN_AXE"


def groups(server: LiveServer) -> int:
    """How many groups the server's database holds."""
    with server.app.app_context():
        return db.session.query(Group).count()


def end_match(phone: Phone) -> None:
    """Host controls, "End the match now", yes: the sheet shows the finished match.

    The panels are opened by tapping them, as a person does: a refresh that lands meanwhile
    (the doorbell's ring for the last round can arrive after that round's own answer) keeps
    them open.
    """
    host = phone.page.locator("#host")
    host.get_by_text("Host controls", exact=True).tap()
    host.get_by_text("End the match now").tap()
    host.get_by_role("button", name="Yes, end it").tap()
    expect(
        phone.page.locator("#host").get_by_role("link", name="Delete this match")
    ).to_be_visible()
    phone.check()


def to_group_page(phone: Phone) -> None:
    """From a sheet, tap the group's name in its heading."""
    phone.page.locator(".sheet-head a").first.tap()
    phone.page.wait_for_url(GROUP_PAGE)
    phone.check()


def pick(phone: Phone, label: str, option: str) -> None:
    """Choose ``option`` in the select labelled ``label`` of the manage panel."""
    phone.page.locator("#manage").get_by_label(label, exact=True).select_option(label=option)


def test_rename_refused_merge_export_and_import(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots, tmp_path: Path
) -> None:
    a = phones("A", timezone_id="America/New_York")
    start_match(a, ["Ann", "Bob", "Cy"])
    claim(a, "Ann")
    enter_round(a, [3, 10, 1])
    enter_round(a, [5, 1, 20])
    end_match(a)
    shots(a, "finished")
    to_group_page(a)
    group_url = a.page.url
    history = a.page.locator("#history")
    expect(history).to_contain_text("Won by Ann")
    shots(a, "group-page")
    fits(a)

    # Rename Bob: an htmx post that sends the phone back to the group page, renamed everywhere.
    pick(a, "Player", "Bob")
    a.page.locator("#manage").get_by_label("New name", exact=True).fill("Roberto")
    a.page.get_by_role("button", name="Rename the player").click()
    renamed = "Roberto is the name in every match now."
    expect(a.page.locator("#manage .notice")).to_have_text(renamed)
    a.check()
    expect(history).to_contain_text("Roberto")
    expect(history).not_to_contain_text("Bob")
    shots(a, "renamed")

    # Ann and Roberto sat at the same table: the merge is refused, in place, nothing changes.
    a.mark()
    page_before = a.page.url
    pick(a, "Keep this name", "Ann")
    pick(a, "Merge this name into it", "Roberto")
    a.page.get_by_role("button", name="Merge the names").click()
    refusal = a.page.locator("#manage").get_by_text("sat at the same table in a match")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("Ann and Roberto")
    a.check()
    a.assert_not_reloaded()
    assert a.page.url == page_before
    expect(a.page.locator("[aria-labelledby=players-title] table.stats tbody tr")).to_have_count(3)
    refusal.scroll_into_view_if_needed()
    shots(a, "merge-refused", full_page=False)
    fits(a)
    accessible(a)

    # Both exports are downloads.
    exported = tmp_path / "group.json"
    with a.page.expect_download() as json_download:
        a.page.get_by_role("link", name="Export (JSON)").click()
    json_download.value.save_as(exported)
    assert re.fullmatch(
        r"companion-[a-z0-9-]+-\d{4}-\d\d-\d\d\.json", json_download.value.suggested_filename
    )
    assert json_download.value.url.endswith("tz=America%2FNew_York"), "the day is the phone's"
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert len(data["matches"]) == 1
    table = tmp_path / "group.csv"
    with a.page.expect_download() as csv_download:
        a.page.get_by_role("link", name="Export (CSV)").click()
    csv_download.value.save_as(table)
    assert re.fullmatch(
        r"companion-[a-z0-9-]+-\d{4}-\d\d-\d\d\.csv", csv_download.value.suggested_filename
    )
    assert csv_download.value.url.endswith("tz=America%2FNew_York"), "the times are the phone's"
    lines = list(csv.reader(table.read_text(encoding="utf-8-sig").splitlines()))
    assert len(lines) == 4, lines  # the header and one row per player
    assert lines[0][:4] == ["Date", "Game", "Match", "Status"]
    assert lines[1][1:4] == ["6 nimmt!", "1", "finished"]
    assert lines[1][0] == ended_in(server, "America/New_York")
    names = " ".join(" ".join(line) for line in lines)
    assert "Roberto" in names and "Bob" not in names
    a.check()

    # Another installation's phone (a new browser context) imports the file. The same server
    # already holds these matches, so the file gets the fresh uids another installation's
    # matches would have; the very same file is then refused as already here.
    elsewhere = tmp_path / "elsewhere.json"
    data = json.loads(exported.read_text(encoding="utf-8"))
    for match in data["matches"]:
        match["uid"] = uuid.uuid4().hex
    elsewhere.write_text(json.dumps(data), encoding="utf-8")
    b = phones("B")
    b.goto("/g/import")
    shots(b, "import-page")
    fits(b)
    # A truncated file is refused in place (htmx swaps the form), and nothing is imported.
    broken = tmp_path / "broken.json"
    broken.write_bytes(exported.read_bytes()[:200])
    b.mark()
    b.page.get_by_label("Export file (JSON)").set_input_files(broken)
    b.page.get_by_role("button", name="Import", exact=True).click()
    expect(b.page.locator("#import p.error")).to_contain_text("Nothing was imported.")
    b.check()
    b.assert_not_reloaded()
    assert b.page.url.endswith("/g/import")
    assert groups(server) == 1, "a refused file imports nothing"
    shots(b, "import-refused")
    accessible(b)
    b.page.get_by_label("Export file (JSON)").set_input_files(exported)
    b.page.get_by_role("button", name="Import", exact=True).click()
    expect(b.page.locator("#import p.notice")).to_contain_text("Nothing was added")
    b.check()
    assert groups(server) == 1, "the same installation's file adds nothing"
    shots(b, "import-nothing-new")
    b.page.get_by_label("Export file (JSON)").set_input_files(elsewhere)
    b.page.get_by_role("button", name="Import", exact=True).click()
    b.page.wait_for_url(GROUP_PAGE)
    b.check()
    assert b.page.url != group_url
    assert groups(server) == 2
    expect(b.page.locator("#manage .notice")).to_contain_text("every match replayed correctly")
    imported = b.page.locator("#history")
    expect(imported.locator("li.history-match")).to_have_count(1)
    expect(imported).to_contain_text("Won by Ann")
    # A placing is a flex row: its inner text has a line per part (place, name, result).
    places = [" ".join(t.split()) for t in imported.locator("p.places > span").all_inner_texts()]
    mine = [" ".join(t.split()) for t in history.locator("p.places > span").all_inner_texts()]
    assert places == mine == ["1st Ann 8", "2nd Roberto 11", "3rd Cy 21"], (places, mine)
    shots(b, "imported")
    fits(b)


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
    expect(b.page.locator("main")).to_contain_text(
        "This match was deleted.", timeout=15_000
    )  # without a reload: the next poll finds the match gone
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
