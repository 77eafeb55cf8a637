"""The connection pool of a database server: sized for gevent workers, and a full pool answers
the translated 503 "try again" instead of a 500."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import TimeoutError as PoolTimeout

from companion import create_app
from companion.config import defaults, server_pool

from ..conftest import Phone, make_app

TRY_AGAIN = "Nothing was saved: try again in a moment."


def test_server_pool_comes_from_config_and_keeps_explicit_options() -> None:
    config = defaults("instance")  # the timeouts' defaults
    config.update({"DB_POOL_SIZE": "7", "DB_MAX_OVERFLOW": 3, "DB_POOL_TIMEOUT": "2.5"})
    options = server_pool(config)
    assert options.pop("connect_args")["connect_timeout"] == 3
    assert options == {
        "pool_pre_ping": False,  # idle connections only (db_tuning.IdlePing)
        "pool_size": 7,
        "max_overflow": 3,
        "pool_timeout": 2.5,
        "pool_use_lifo": True,  # the same few connections stay busy (config.server_pool)
    }
    config["SQLALCHEMY_ENGINE_OPTIONS"] = {"pool_size": 40}  # type: ignore[assignment]
    assert server_pool(config)["pool_size"] == 40


def test_postgres_url_gets_the_sized_pool(tmp_path: Path) -> None:
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": "postgresql://nobody@127.0.0.1:1/none",
            "SECRET_KEY": "x",
            "DB_POOL_SIZE": 4,
        }
    )
    options = app.config["SQLALCHEMY_ENGINE_OPTIONS"]
    assert options["pool_size"] == 4
    assert options["max_overflow"] == 0  # every connection kept: none opened per peak
    assert options["pool_timeout"] == 3


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_a_full_pool_answers_503_try_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    app = make_app(tmp_path)
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    phone.get(f"/lang/{lang}")

    def full(*args: Any, **kwargs: Any) -> Any:
        raise PoolTimeout("QueuePool limit of size 10 overflow 10 reached")

    from companion.views import play

    monkeypatch.setattr(play, "replay", full)
    response = phone.get(f"/m/{match_id}")
    assert response.status_code == 503
    assert response.headers["Retry-After"].isdigit()
    text = response.get_data(as_text=True)
    assert (TRY_AGAIN in text) == (lang == "en")
    monkeypatch.undo()
    assert phone.get(f"/m/{match_id}").status_code == 200
