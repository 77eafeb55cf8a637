"""A group's history as a portable file: export it, and import it on another installation.

``export_group(group) -> dict`` and ``import_group(data, device_id) -> Group`` are the stable entry
points (backups restore through the latter); ``import_matches(data, device_id, merge)`` is the
idempotent import the web page and the CLI use. docs/export-format.md describes the format.
"""

from __future__ import annotations

from .export import FORMAT, VERSION, export_group
from .importer import ImportRefused, import_group
from .merge import Imported, import_matches

__all__ = [
    "FORMAT",
    "VERSION",
    "ImportRefused",
    "Imported",
    "export_group",
    "import_group",
    "import_matches",
]
