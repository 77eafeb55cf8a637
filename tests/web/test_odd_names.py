"""Any name in any URL path answers 404 or 400, never a 500 (docs/security.md).

A static file name longer than the file system allows once raised ``OSError: File name too
long`` deep in the static view; every rule of the url map is walked here with names of that
kind (long, NUL, ``..``, encoded and invalid UTF-8), by a phone that belongs to a match.
"""

from __future__ import annotations

import pytest
from flask import Flask

from ..conftest import Phone
from .odd_names import ODD_NAMES, filled, paths_of


@pytest.mark.parametrize("name", ODD_NAMES)
def test_an_odd_static_name_is_404(app: Flask, name: str) -> None:
    response = Phone(app).get(f"/static/{name}")
    assert response.status_code in (400, 404), (name, response.status_code)


def test_a_static_name_past_the_file_system_limit_is_404_not_500(app: Flask) -> None:
    phone = Phone(app)
    assert phone.get("/static/" + "a" * 256).status_code == 404
    assert phone.get("/static/css/" + "b" * 4096 + ".css").status_code == 404
    assert phone.get("/static/css/app.css").status_code == 200


def test_every_route_answers_an_odd_name_without_a_5xx(app: Flask) -> None:
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob", "Cy"])
    phone.get(f"/m/{match_id}")
    failures = []
    for path in paths_of(app):
        if path.endswith("/events"):
            continue  # an endless stream when it opens; its id is an int, so odd names 404
        for name in ODD_NAMES:
            for url in filled(path, name):
                for method in ("GET", "POST"):
                    response = phone.client.open(url, method=method)
                    if response.status_code >= 500:
                        failures.append((method, url[:80], response.status_code))
    assert failures == []


def test_an_odd_name_in_an_event_stream_url_is_404(app: Flask) -> None:
    phone = Phone(app)
    for name in ("a" * 300, "%00", "..", "%ff"):
        assert phone.get(f"/m/{name}/events").status_code == 404
