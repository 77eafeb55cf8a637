"""Command-line helpers: print the address phones should open, with a QR code for the terminal."""

from __future__ import annotations

import io
import os

import click
import qrcode
from flask import Flask

from .qr import lan_address


def table_url(port: int) -> str:
    """The URL phones on the same Wi-Fi open: PUBLIC_URL, else this machine's LAN address."""
    configured = os.environ.get("PUBLIC_URL")
    if configured:
        return configured.rstrip("/") + "/"
    return f"http://{lan_address() or 'localhost'}:{port}/"


def terminal_qr(text: str) -> str:
    """A QR code drawn with characters, for scanning straight off the terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def init_app(app: Flask) -> None:
    """Register ``flask show-url``, the archive commands and ``flask backup`` / ``restore``."""
    from . import backup
    from .archive import cli as archive_cli

    archive_cli.init_app(app)
    backup.init_app(app)

    @app.cli.command("show-url")
    @click.option("--port", default=5000, show_default=True, help="The port the app listens on.")
    def show_url(port: int) -> None:
        """Print the address and QR code the other phones need."""
        url = table_url(port)
        click.echo(terminal_qr(url))
        click.echo(f"Companion is at {url}  (open it on a phone on the same Wi-Fi)")
