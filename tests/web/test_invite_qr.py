"""The invite's QR code: drawn inline on a fresh sheet (its panel is open), an image fetched only
when the closed panel is opened once rounds were entered; only members get it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import qr

from ..conftest import Phone, make_app


def test_fresh_sheet_draws_the_code_inline(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    host = Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    page = host.get(f"/m/{match_id}").get_data(as_text=True)
    assert '<svg class="qr"' in page
    assert f"/m/{match_id}/qr.svg" not in page


def test_later_the_code_is_a_lazy_image_for_members_only(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    host, stranger = Phone(app), Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    host.claim(match_id, 0)
    inline = host.get(f"/m/{match_id}").get_data(as_text=True)
    drawn = re.search(r'<svg class="qr".*?</svg>', inline, re.S)
    assert drawn
    host.enter_heads(match_id, [1, 2])
    page = host.get(f"/m/{match_id}").get_data(as_text=True)
    assert '<svg class="qr"' not in page
    found = re.search(r'<img class="qr" src="([^"]+)" loading="lazy"[^>]*alt="[^"]+"', page)
    assert found, page
    image = host.get(found.group(1).replace("&amp;", "&"))
    assert image.status_code == 200
    assert image.mimetype == "image/svg+xml"
    assert image.get_data(as_text=True) == drawn.group(0)
    assert "private" in image.headers["Cache-Control"]
    assert stranger.get(found.group(1).replace("&amp;", "&")).status_code == 404


def test_once_rounds_were_entered_no_page_or_poll_draws_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    host = Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    host.claim(match_id, 0)
    host.enter_heads(match_id, [1, 2])
    drawn: list[str] = []
    real = qr.svg
    monkeypatch.setattr(qr, "svg", lambda *args: drawn.append(args[0]) or real(*args))
    page = host.get(f"/m/{match_id}").get_data(as_text=True)
    assert 'id="invite"' in page
    poll = host.get(f"/m/{match_id}/live?v=1", hx=True).get_data(as_text=True)
    assert 'id="invite"' in poll, "an answer from an old version brings the invite panel"
    assert drawn == []
    assert host.get(f"/m/{match_id}/qr.svg").status_code == 200
    assert len(drawn) == 1, "the image is drawn when the panel asks for it"


def test_no_image_once_joining_is_locked_or_the_match_is_over(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    host = Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    host.claim(match_id, 0)
    host.enter_heads(match_id, [1, 2])
    assert host.get(f"/m/{match_id}/qr.svg").status_code == 200
    host.post(f"/m/{match_id}/host/lock", {"locked": "1"})
    assert host.get(f"/m/{match_id}/qr.svg").status_code == 404
    host.post(f"/m/{match_id}/host/lock", {"locked": "0"})
    assert host.get(f"/m/{match_id}/qr.svg").status_code == 200
    host.post(f"/m/{match_id}/host/abandon")
    assert host.get(f"/m/{match_id}/qr.svg").status_code == 404


def drawn_cells(path: str) -> set[tuple[int, int]]:
    """The modules a row-stroked QR path paints, read back the way an SVG renderer walks it."""
    cells: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?\d+(?:\.\d+)?)(?: (-?\d+(?:\.\d+)?))?", path):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            cells.update((int(x) + k, int(y)) for k in range(int(a)))
            x += float(a)
    return cells


def test_the_drawn_code_paints_exactly_the_dark_modules() -> None:
    import qrcode

    from companion import qr

    data = "http://192.168.1.20:5000/j/ZZMJQG"
    drawing = qr.svg(data, "code")
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    dark = {(x, y) for y, row in enumerate(code.get_matrix()) for x, on in enumerate(row) if on}
    path = re.search(r' d="([^"]+)"', drawing)
    assert path and dark
    assert drawn_cells(path.group(1)) == dark
    assert 'stroke="#000"' in drawing
