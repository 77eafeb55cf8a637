"""``flask backup`` and ``flask restore``: a copy of everything, and the way back from it.

On SQLite the copy is the database file itself, taken with SQLite's online backup API (a
consistent snapshot while phones keep writing) and checked with ``PRAGMA integrity_check``
before it takes the backup's name. On PostgreSQL it is one JSON document holding every group's
export, read in one snapshot and replayed before it takes the backup's name
(companion/archive/backup_json.py).

Backups written into a folder get a timestamped name, and ``--keep-daily`` / ``--keep-weekly``
prune that folder (docs/backup.md gives the retention policy and a cron line).
"""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import click
from flask import Flask

from .archive.backup_json import BackupError, check_replays, export_all, restore_json
from .extensions import db

SQLITE_MAGIC = b"SQLite format 3\x00"
NAME_PREFIX = "companion-"
STAMP = "%Y%m%d-%H%M%S"
REQUIRED_TABLES = {"groups", "players", "matches", "seats", "entries"}


def sqlite_path() -> Path | None:
    """The database file when the app runs on SQLite, else None."""
    url = db.engine.url
    if url.get_backend_name() != "sqlite" or not url.database:
        return None
    return Path(url.database)


def integrity(path: Path) -> str:
    """``PRAGMA integrity_check`` of a SQLite file ("ok" when sound), or why it cannot be read."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as error:
        return str(error)
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as error:
        return str(error)
    finally:
        conn.close()
    verdict = "; ".join(str(row[0]) for row in rows)
    if verdict == "ok" and not REQUIRED_TABLES <= tables:
        return "not a Companion database (tables missing)"
    return verdict


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` page by page with the online backup API, then check it."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(source)
    dst = sqlite3.connect(partial)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
    finally:
        dst.close()
        src.close()
    verdict = integrity(partial)
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise BackupError(f"The copy failed its integrity check: {verdict}")
    os.replace(partial, target)


def target_file(path: Path, suffix: str, now: datetime) -> Path:
    """``path`` itself, or a timestamped file inside it when it is a folder."""
    if path.is_dir():
        return path / f"{NAME_PREFIX}{now.strftime(STAMP)}{suffix}"
    return path


def backup_to(path: Path, now: datetime | None = None) -> Path:
    """Write a backup to ``path`` (a file, or a folder for a timestamped one); returns the file."""
    now = now or datetime.now(UTC)
    source = sqlite_path()
    if source is not None:
        target = target_file(path, ".sqlite", now)
        copy_sqlite(source, target)
        return target
    target = target_file(path, ".json", now)
    partial = target.with_name(target.name + ".partial")
    partial.write_text(json.dumps(export_all(), ensure_ascii=False), encoding="utf-8")
    try:
        check_replays(partial)
    except BackupError:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, target)
    return target


def prune(folder: Path, daily: int, weekly: int) -> list[Path]:
    """Delete the timestamped backups in ``folder`` that the retention policy no longer keeps.

    Kept: the newest backup of each of the ``daily`` most recent days that have one, and the
    newest of each of the ``weekly`` most recent ISO weeks that have one. Other files are never
    touched.
    """
    dated: list[tuple[datetime, Path]] = []
    for file in folder.iterdir():
        stem = file.name.removeprefix(NAME_PREFIX).split(".")[0]
        if not file.name.startswith(NAME_PREFIX) or file.suffix not in (".sqlite", ".json"):
            continue
        try:
            dated.append((datetime.strptime(stem, STAMP), file))
        except ValueError:
            continue
    dated.sort(reverse=True)
    keep: set[Path] = set()
    for width, key in ((daily, "%Y-%m-%d"), (weekly, "%G-W%V")):
        seen: list[str] = []
        for when, file in dated:
            label = when.strftime(key)
            if label not in seen and len(seen) < width:
                seen.append(label)
                keep.add(file)
    gone = [file for _, file in dated if file not in keep]
    for file in gone:
        file.unlink()
    return gone


def has_history() -> bool:
    """Whether the current database holds any group (a restore would replace or mix with it)."""
    from .models import Group

    return db.session.execute(db.select(Group.id).limit(1)).first() is not None


def restore_sqlite(backup: Path, live: Path, now: datetime) -> Path:
    """Check ``backup``, keep a copy of the live database aside, then copy the backup over it."""
    verdict = integrity(backup)
    if verdict != "ok":
        raise BackupError(f"Nothing restored: {backup} failed its integrity check ({verdict}).")
    db.session.remove()
    db.engine.dispose()
    aside = live.with_name(f"{live.name}.before-restore-{now.strftime(STAMP)}")
    if live.exists():
        copy_sqlite(live, aside)
    src = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    dst = sqlite3.connect(live, timeout=15)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
    verdict = integrity(live)
    if verdict != "ok":
        raise BackupError(f"The restored database failed its check ({verdict}); see {aside}.")
    return aside


def init_app(app: Flask) -> None:
    """Register ``flask backup`` and ``flask restore``."""

    @app.cli.command("backup")
    @click.argument("path", type=click.Path(path_type=Path))
    @click.option("--keep-daily", type=click.IntRange(min=1), help="Prune: keep N days.")
    @click.option("--keep-weekly", type=click.IntRange(min=0), default=0, help="And N weeks.")
    def backup_command(path: Path, keep_daily: int | None, keep_weekly: int) -> None:
        """Back everything up to PATH (a file, or a folder for a timestamped file)."""
        if keep_daily is not None and not path.is_dir():
            raise BackupError("--keep-daily prunes a folder of backups: give a folder as PATH.")
        written = backup_to(path)
        click.echo(f"Backed up to {written}.")
        if keep_daily is not None:
            for file in prune(path, keep_daily, keep_weekly):
                click.echo(f"Removed old backup {file.name}.")

    @app.cli.command("restore")
    @click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("--yes", is_flag=True, help="Replace the current data without asking.")
    def restore_command(file: Path, yes: bool) -> None:
        """Restore FILE (made by ``flask backup``): stop the server first."""
        head = file.read_bytes()[: len(SQLITE_MAGIC)]
        live = sqlite_path()
        if head == SQLITE_MAGIC:
            if live is None:
                raise BackupError("A SQLite backup restores onto SQLite only: use a JSON backup.")
            if has_history() and not yes:
                raise BackupError("The database already holds history: add --yes to replace it.")
            aside = restore_sqlite(file, live, datetime.now(UTC))
            click.echo(f"Restored {file}; the previous database is kept as {aside}.")
            click.echo("Run `flask db upgrade` if the backup is from an older version.")
            return
        if has_history() and not yes:
            raise BackupError(
                "The database already holds history: restore a JSON backup into an empty "
                "database, or add --yes to add its groups next to the current ones."
            )
        count = restore_json(file.read_bytes())
        click.echo(f"Restored {count} groups from {file}.")
