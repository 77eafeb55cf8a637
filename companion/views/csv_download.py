"""Which time zone a group's download is written in, and the name it is saved under."""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, tzinfo
from zoneinfo import ZoneInfo

from flask import request
from flask_babel import get_timezone

from ..models import Group

MAX_ZONE = 64
"""Longer than any IANA zone name ("America/Argentina/ComodRivadavia" is 32)."""


def asked_zone() -> tzinfo:
    """The zone the browser named (``?tz=Europe/Rome``: the manage page's link adds the phone's
    own), else the installation's (``BABEL_DEFAULT_TIMEZONE``, UTC unless set). The server
    cannot know where a person is; their phone can, and the times in the file are theirs."""
    name = request.args.get("tz", "")[:MAX_ZONE]
    if name:
        try:
            return ZoneInfo(name)
        except (ValueError, LookupError, OSError):
            pass
    return get_timezone() or ZoneInfo("UTC")


def name_slug(name: str) -> str:
    """``name`` as a file name's part: plain lowercase letters and digits joined by hyphens
    ("Gîte d'été" becomes "gite-d-ete"), so every browser and system keeps it as it is."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:40].strip("-")


def file_name(group: Group, zone: tzinfo, extension: str) -> str:
    """``companion-<group's name>-<today>.<extension>``: the group and the day of the download
    tell one saved file from another (a group exported again after a few evenings, or two
    groups' files side by side in one folder)."""
    slug = name_slug(group.name) or f"group-{group.id}"
    return f"companion-{slug}-{datetime.now(zone).date().isoformat()}.{extension}"
