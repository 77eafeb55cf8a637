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

    The path strokes each row's dark stretches with a one-module pen along the row's middle,
    moving relatively between them: half the bytes of a filled rectangle per stretch, which
    matters because a fresh sheet carries the code inline in its first visit.

    Cached: a match's link changes only when its code is rotated, and drawing the code is the
    slowest part of a sheet.
    """
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    size = len(matrix)
    rows = [row_path(y, runs(row)) for y, row in enumerate(matrix)]
    return (
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{label}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path stroke="#000" d="{"".join(rows)}"/></svg>'
    )


def row_path(y: int, stretches: list[tuple[int, int]]) -> str:
    """Row ``y``'s stretches as path commands: the pen starts at the first one, then each move
    is relative to where the previous stroke ended."""
    if not stretches:
        return ""
    (x, run), *rest = stretches
    path = [f"M{x} {y}.5h{run}"]
    end = x + run
    for x, run in rest:
        path.append(f"m{x - end} 0h{run}")
        end = x + run
    return "".join(path)


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
