"""QR codes as small inline SVG, and the address phones at the table can reach."""

from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache

import qrcode
from flask import current_app, request


@lru_cache(maxsize=256)
def svg(data: str, label: str) -> str:
    """An accessible inline SVG of ``data``: one path, no inline styles (the CSP forbids them).

    Cached: a match's link changes only when its code is rotated, and drawing the code is the
    slowest part of a sheet.
    """
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    size = len(matrix)
    parts = [f"M{x},{y}h{run}v1h-{run}z" for y, row in enumerate(matrix) for x, run in runs(row)]
    return (
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{label}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(parts)}"/></svg>'
    )


def runs(row: list[bool]) -> list[tuple[int, int]]:
    """The dark stretches of one QR row as (start, length): one path segment each."""
    found: list[tuple[int, int]] = []
    start = None
    for x, dark in enumerate([*row, False]):
        if dark and start is None:
            start = x
        elif not dark and start is not None:
            found.append((start, x - start))
            start = None
    return found


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent to find it)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address: str = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if ipaddress.ip_address(address).is_loopback else address


def public_base() -> str:
    """The base URL for links other phones open: PUBLIC_URL, else this host with the LAN address
    in place of localhost (a phone cannot reach another machine's localhost)."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured).rstrip("/")
    host = request.host
    name, _, port = host.rpartition(":") if host.count(":") == 1 else (host, "", "")
    if name in ("localhost", "127.0.0.1", "[::1]"):
        lan = lan_address()
        if lan:
            return f"{request.scheme}://{lan}{':' + port if port else ''}"
    return request.host_url.rstrip("/")
