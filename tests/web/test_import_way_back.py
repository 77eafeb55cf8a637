"""The import page has a way back: to the group whose panel led there, else to the start."""

from __future__ import annotations

import io

from flask import Flask

from ..conftest import Phone
from .archive_builders import build_small
from .helpers import device_of, parse


def way_back(html: str) -> tuple[str, str]:
    """The page's back link (a 44 px tap target): where it goes and what it says."""
    page = parse(html)
    links = page.find_all("a", class_="tap")
    assert len(links) == 1, "one way back"
    return links[0].attrs["href"], links[0].text()


def test_from_a_group_the_way_back_is_to_that_group(app: Flask, phone: Phone) -> None:
    phone.get("/")
    group_id = build_small(app, device=device_of(phone))
    panel = parse(phone.get(f"/g/{group_id}").get_data(as_text=True))
    link = panel.by_id("manage").find("a", href=f"/g/import?group={group_id}")
    assert link is not None, "the panel says where the import page came from"
    page = phone.get(f"/g/import?group={group_id}").get_data(as_text=True)
    assert way_back(page) == (f"/g/{group_id}", "Back to Quick")
    refused = phone.post(
        f"/g/import?group={group_id}",
        {"file": (io.BytesIO(b"not json"), "export.json")},
        content_type="multipart/form-data",
    )
    assert refused.status_code == 200
    html = refused.get_data(as_text=True)
    assert way_back(html) == (f"/g/{group_id}", "Back to Quick"), "still there after an error"
    # Named as a group, whatever its name: an automatic one ("Spieltisch vom …") reads right too.
    for language, said in (("de", "Zurück zur Gruppe „Quick“"), ("it", "Torna al gruppo «Quick»")):
        assert phone.get(f"/lang/{language}?next=/").status_code == 303
        assert way_back(phone.get(f"/g/import?group={group_id}").get_data(as_text=True))[1] == said
    assert phone.get("/lang/en?next=/").status_code == 303
    form = parse(html).by_id("import").find("form")
    assert form is not None and form.attrs["action"] == f"/g/import?group={group_id}"


def test_otherwise_the_way_back_is_to_the_start(app: Flask, phone: Phone, other: Phone) -> None:
    phone.get("/")
    group_id = build_small(app, device=device_of(phone))
    assert way_back(other.get("/g/import").get_data(as_text=True)) == ("/", "Back to the start")
    html = other.get(f"/g/import?group={group_id}").get_data(as_text=True)
    assert way_back(html) == ("/", "Back to the start"), "a group it cannot see is not named"
    assert "Quick" not in parse(html).text()
    for odd in ("abc", "0", "-3", "99999999999999999999"):
        assert way_back(phone.get(f"/g/import?group={odd}").get_data(as_text=True))[0] == "/"
