"""Looking after a group on a phone: renaming a player everywhere, a merge refused in place,
the JSON and CSV exports, and importing them elsewhere, so a group's history can be tidied and
moved without losing or doubling a match. Every page load and htmx swap is checked by
``Phone.check()``."""

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
from .helpers import Phone, Shots, claim, enter_round, expect, start_match
from .manage_helpers import GROUP_PAGE, accessible, fits, pick, to_group_page


def ended_in(server: LiveServer, zone: str) -> str:
    """When the server's one match ended, as the CSV of an English phone in ``zone`` says it."""
    with server.app.app_context():
        ended = db.session.query(Match.finished_at).scalar()
    return local_moment(ended, ZoneInfo(zone), Locale.parse("en"))


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
