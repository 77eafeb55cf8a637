"""A group's history as a portable file: export it, and import it on another installation.

``export_group(group) -> dict`` and ``import_group(data, device_id) -> Group`` are the stable entry
points (the web pages, the CLI and backups use them); docs/export-format.md describes the format.
"""

from __future__ import annotations

from .export import FORMAT, VERSION, export_group
from .importer import ImportRefused, import_group

__all__ = ["FORMAT", "VERSION", "ImportRefused", "export_group", "import_group"]
