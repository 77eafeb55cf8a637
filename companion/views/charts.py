"""The running-totals chart for templates: ``running_chart(sheet)`` once a match is over."""

from __future__ import annotations

from flask import Blueprint

from ..chart import Chart, draw
from ..games import SEAMS
from ..sheet import Sheet

bp = Blueprint("charts", __name__)


@bp.app_template_global()
def running_chart(sheet: Sheet[object]) -> Chart | None:
    """The chart of a match that is over; None while it is played or has nothing to draw."""
    seam = SEAMS.get(sheet.match.game)
    if seam is None or sheet.match.is_open:
        return None
    running = seam.running_totals(sheet)
    return None if running is None else draw(running)
