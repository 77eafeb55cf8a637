"""Over https the session cookie is Secure and the answer carries HSTS, however https arrived:
directly, or through the one trusted proxy (FLASK_BEHIND_PROXY=1) that says X-Forwarded-Proto."""

from __future__ import annotations

from pathlib import Path

from ..conftest import Phone, make_app

FORWARDED_HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.7"}


def cookie_and_hsts(response: object) -> tuple[bool, str | None]:
    headers = response.headers  # type: ignore[attr-defined]
    return "Secure" in headers["Set-Cookie"], headers.get("Strict-Transport-Security")


def test_a_request_that_came_over_https_gets_a_secure_cookie_and_hsts(tmp_path: Path) -> None:
    app = make_app(tmp_path, PUBLIC_URL=None)
    secure, hsts = cookie_and_hsts(Phone(app).get("/", base_url="https://scores.example"))
    assert secure
    assert hsts is not None and "max-age=31536000" in hsts


def test_plain_http_gets_neither(tmp_path: Path) -> None:
    app = make_app(tmp_path, PUBLIC_URL=None)
    assert cookie_and_hsts(Phone(app).get("/")) == (False, None)


def test_behind_the_trusted_proxy_forwarded_https_counts(tmp_path: Path) -> None:
    app = make_app(tmp_path, PUBLIC_URL=None, BEHIND_PROXY=True)
    secure, hsts = cookie_and_hsts(Phone(app).get("/", headers=FORWARDED_HTTPS))
    assert secure and hsts is not None
    assert cookie_and_hsts(Phone(app).get("/", headers={"X-Forwarded-Proto": "http"})) == (
        False,
        None,
    )


def test_without_a_trusted_proxy_a_forwarded_header_is_not_believed(tmp_path: Path) -> None:
    app = make_app(tmp_path, PUBLIC_URL=None)
    assert cookie_and_hsts(Phone(app).get("/", headers=FORWARDED_HTTPS)) == (False, None)


def test_an_https_public_url_keeps_the_cookie_secure_even_on_plain_requests(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, PUBLIC_URL="https://scores.example")
    secure, hsts = cookie_and_hsts(Phone(app).get("/"))
    assert secure and hsts is None  # HSTS over plain http means nothing to a browser


def test_static_files_over_https_carry_hsts_too(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    response = Phone(app).get("/static/css/app.css", base_url="https://scores.example")
    assert response.status_code == 200
    assert "max-age" in response.headers["Strict-Transport-Security"]
