"""What the server does for a phone on patchy Wi-Fi: the service worker at the root with a scope
over every page, the pages it may keep (only this device's, only sheets and the home page), one
script bundle, the sheet's status line, and counters that still work without JavaScript."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import brotli
from flask import Flask

from companion.security import CSP

from ..conftest import Phone


def test_the_service_worker_is_served_at_the_root_with_a_scope_over_every_page(
    phone: Phone,
) -> None:
    response = phone.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "application/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    body = response.get_data(as_text=True)
    assert "__VERSION__" not in body and "__CSP__" not in body
    assert re.search(r'const VERSION = "[0-9a-f]{16}"', body)
    assert CSP in body
    assert "Content-Security-Policy" in response.headers  # the worker runs within the CSP too
    again = phone.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_a_new_release_has_a_new_worker_version(tmp_path: Path, app: Flask, phone: Phone) -> None:
    from companion.assets import assets

    first = re.search(r'VERSION = "(\w+)"', phone.get("/sw.js").get_data(as_text=True))
    with app.app_context():
        files = assets()
        original = files.folder
        copy = tmp_path / "static"
        shutil.copytree(original, copy)
        (copy / "js" / "outbox.js").write_text("// a new release\n", encoding="utf-8")
        files.folder = copy
        try:
            second = re.search(r'VERSION = "(\w+)"', phone.get("/sw.js").get_data(as_text=True))
        finally:
            files.folder = original
    assert first and second and first.group(1) != second.group(1)


def test_only_sheets_and_the_home_page_may_be_kept_and_only_for_their_device(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    other.join(match_id)
    sheet = phone.get(f"/m/{match_id}")
    tag = sheet.headers["X-Offline-Copy"]
    assert re.fullmatch(r"[0-9a-f]{16}", tag)
    assert f'data-keep="{tag}"' in sheet.get_data(as_text=True)
    assert phone.get("/").headers["X-Offline-Copy"] == tag
    assert other.get(f"/m/{match_id}").headers["X-Offline-Copy"] != tag
    assert "X-Offline-Copy" not in phone.get(f"/m/{match_id}/live?v=0", hx=True).headers
    assert "X-Offline-Copy" not in phone.get(f"/m/{match_id}", hx=True).headers
    new = phone.get("/new")
    assert "X-Offline-Copy" not in new.headers
    assert "data-keep" not in new.get_data(as_text=True)


def test_pages_load_one_script_bundle_with_both_scripts_minified(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert len(scripts) == 2  # htmx and the bundle
    bundle = scripts[1].replace("&amp;", "&")
    assert bundle.startswith("/static/bundle/app.js?v=")
    response = phone.get(bundle, headers={"Accept-Encoding": "br"})
    body = brotli.decompress(response.get_data()).decode()
    assert "companion:live" in body and "companionOutbox" in body  # app.js, then outbox.js
    assert body.index("companion:live") < body.index("companionOutbox")
    assert "// " not in body  # comments go, the sources keep them
    assert "immutable" in response.headers["Cache-Control"]


def test_the_sheet_has_a_polite_status_line_and_a_connection_line(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert re.search(r'<div id="outbox" class="outbox" role="status" aria-live="polite"', html)
    assert 'data-one="1 entry not sent yet: waiting for the network."' in html
    assert 'data-many="{n} entries not sent yet: waiting for the network."' in html
    assert 'id="connection"' in html and 'data-old="This sheet may be out of date."' in html


def test_the_status_line_speaks_italian(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    html = phone.get(f"/m/{match_id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "1 inserimento non ancora inviato" in html


def nuota(phone: Phone) -> int:
    data = {"p0": "Ann", "p1": "Bob", "p2": "Cy", "variant": "base", "group": "new"}
    response = phone.post("/new/nuota", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    match_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    phone.claim(match_id, 0)
    return match_id


def test_counters_step_in_the_page_and_still_step_on_the_server_without_javascript(
    phone: Phone,
) -> None:
    match_id = nuota(phone)
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert 'id="hands-giraffe-more" data-step="1"' in html
    assert 'id="hands-giraffe-less" data-step="-1"' in html
    assert re.search(r'id="hand-row-giraffe" data-stepper', html)
    phrases = re.search(r"data-phrases='([^']+)'", html)
    assert phrases and '"ok", "10 cards"' in phrases.group(1).replace("&#34;", '"')
    # Without JavaScript they are submit buttons: the server steps the count (see test_nuota.py).
    more = '<button type="submit" name="hands-step" value="giraffe:1" id="hands-giraffe-more"'
    assert more in html
