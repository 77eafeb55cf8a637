"""``flask export-group``, ``flask import-group`` and ``flask purge-deleted``."""

from __future__ import annotations

import json
from pathlib import Path

import click
from flask import Flask

from ..extensions import db
from ..models import Group
from . import ImportRefused, export_group, import_matches
from .consistent import one_snapshot
from .purge import purge_deleted
from .schema import parse


def init_app(app: Flask) -> None:
    """Register the archive commands."""

    @app.cli.command("export-group")
    @click.argument("group_id", type=int)
    @click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
    def export_command(group_id: int, file: Path) -> None:
        """Write group GROUP_ID with all its matches to FILE as JSON."""
        group = db.session.get(Group, group_id)
        if group is None:
            raise click.ClickException(f"There is no group {group_id}.")
        with one_snapshot():
            data = export_group(group)
        file.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        click.echo(f"Exported {len(data['matches'])} matches of {group.name!r} to {file}.")

    @app.cli.command("import-group")
    @click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    def import_command(file: Path) -> None:
        """Create a group from the export FILE (every match is replayed; all or nothing).

        Matches already here (the same uid) are skipped: importing a file twice adds nothing.
        """
        try:
            result = import_matches(parse(file.read_bytes()), None, merge=False)
            db.session.commit()
        except ImportRefused as refused:
            db.session.rollback()
            raise click.ClickException(f"Nothing imported: {refused.reason}") from None
        if result.group is None or not result.added:
            click.echo(f"Nothing to add: all {result.present} matches are already here.")
            return
        group = result.group
        skipped = f"; {result.present} already here were skipped" if result.present else ""
        click.echo(
            f"Imported group {group.id} ({group.name!r}) with {result.added} matches{skipped}."
        )

    @app.cli.command("purge-deleted")
    def purge_command() -> None:
        """Remove for good the matches deleted more than 30 days ago."""
        count = purge_deleted()
        click.echo(f"Removed {count} deleted matches.")
