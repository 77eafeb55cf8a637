"""The PostgreSQL backup: every group's export in one JSON document, and the way back.

The document is read in one snapshot (:mod:`.consistent`), so a round stored while it is written
is either wholly in it or wholly out. Matches deleted within their 30 days of undo are kept with
their ``deleted_at`` and come back deleted. Before a file is trusted it is replayed exactly as
``flask restore`` would replay it, inside a transaction that is then rolled back: a file that
would be refused on the way back is never given a backup's name.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from ..extensions import db
from ..models import Device, Group, Match, Membership
from .consistent import one_snapshot
from .export import export_group
from .importer import ImportRefused, import_group

JSON_FORMAT = "companion-backup"
JSON_VERSION = 2
"""Version 2 keeps deleted matches (with ``deleted_at``); version 1 files still restore."""
READABLE = (1, JSON_VERSION)


class BackupError(click.ClickException):
    """A backup or restore that was refused; nothing was changed."""


def export_all() -> dict[str, Any]:
    """Every group's export, deleted matches included, with who may open what: one snapshot."""
    with one_snapshot():
        exported = []
        for group in db.session.scalars(db.select(Group).order_by(Group.id)).all():
            data = export_group(group, deleted=True)
            data["access"] = access_of([m["id"] for m in data["matches"]])
            exported.append(data)
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "created_at": datetime.now(UTC).isoformat(),
        "groups": exported,
    }


def access_of(match_ids: list[int]) -> dict[str, Any]:
    """Per exported match: its host, join code and member phones, so that a restored match opens
    on the same phones as before (their device ids live in their signed session cookies)."""
    access: dict[str, Any] = {}
    for match in db.session.scalars(db.select(Match).filter(Match.id.in_(match_ids))):
        members = db.session.execute(
            db.select(Membership.device_id, Membership.seat).filter_by(match_id=match.id)
        ).all()
        access[str(match.id)] = {
            "host": match.host_device_id,
            "code": match.code,
            "members": [[device, seat] for device, seat in members],
        }
    return access


def grant_access(group_id: int, exported_ids: list[int], access: dict[str, Any]) -> None:
    """Give the restored matches (created in file order) their hosts, codes and phones back."""
    restored = db.session.scalars(
        db.select(Match).filter_by(group_id=group_id).order_by(Match.id)
    ).all()
    for match, old_id in zip(restored, exported_ids, strict=True):
        record = access.get(str(old_id)) or {}
        devices = [record.get("host")] + [row[0] for row in record.get("members", [])]
        for device in {d for d in devices if isinstance(d, str) and 0 < len(d) <= 32}:
            if db.session.get(Device, device) is None:
                db.session.add(Device(id=device))
        db.session.flush()
        host = record.get("host")
        match.host_device_id = host if isinstance(host, str) and len(host) <= 32 else None
        code = record.get("code")
        taken = isinstance(code, str) and db.session.scalar(
            db.select(Match.id).filter_by(code=code)
        )
        if match.is_open and isinstance(code, str) and len(code) <= 6 and not taken:
            match.code = code
        for device, seat in record.get("members", []):
            if isinstance(device, str) and 0 < len(device) <= 32:
                position = seat if isinstance(seat, int) and 0 <= seat < len(match.seats) else None
                db.session.add(Membership(match_id=match.id, device_id=device, seat=position))


def read(raw: bytes) -> dict[str, Any]:
    """The backup document in ``raw``; BackupError when it is not one this version reads."""
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BackupError(f"Nothing restored: not a backup file ({error}).") from None
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise BackupError("Nothing restored: not a Companion backup.")
    if data.get("version") not in READABLE or not isinstance(data.get("groups"), list):
        raise BackupError("Nothing restored: a backup format this version cannot read.")
    return data


def restore_groups(data: dict[str, Any]) -> None:
    """Import every group of a read backup, with its phones' access; flushed, not committed."""
    for group in data["groups"]:
        restored = import_group(group, None)
        if isinstance(group.get("access"), dict):
            ids = [match["id"] for match in group["matches"]]
            grant_access(restored.id, ids, group["access"])
    db.session.flush()


def restore_json(raw: bytes) -> int:
    """Import every group of a JSON backup in one transaction; returns how many."""
    data = read(raw)
    try:
        restore_groups(data)
        db.session.commit()
    except ImportRefused as refused:
        db.session.rollback()
        raise BackupError(f"Nothing restored: {refused.reason}") from None
    return len(data["groups"])


def check_replays(file: Path) -> int:
    """Replay ``file`` as a restore would, then roll it all back; returns how many groups.

    BackupError (with the restore's own reason) when the file would be refused.
    """
    db.session.rollback()
    try:
        data = read(file.read_bytes())
        restore_groups(data)
    except ImportRefused as refused:
        reason = refused.reason
        raise BackupError(f"The backup does not replay, so it was not kept: {reason}") from None
    except BackupError as refused:
        raise BackupError(f"The backup cannot be read back, so it is not kept: {refused}") from None
    finally:
        db.session.rollback()
    return len(data["groups"])
