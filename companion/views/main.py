"""Home page, language switch and the web manifest."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    current_app,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..i18n import choose_language
from ..models import Match, Membership, Seat
from ..security import device_id
from .new_groups import device_groups

bp = Blueprint("main", __name__)


@bp.get("/")
def home() -> str:
    """New game, join with a code, and this device's recent matches and groups."""
    rows = db.session.execute(
        db.select(Match)
        .join(Membership, Membership.match_id == Match.id)
        .filter(Membership.device_id == device_id(), Match.deleted_at.is_(None))
        .order_by(Match.created_at.desc())
        .limit(12)
        .options(selectinload(Match.seats).selectinload(Seat.player), selectinload(Match.group))
    ).scalars()
    matches = list(rows)
    return render_template("main/home.html", matches=matches, groups=device_groups())


@bp.get("/lang/<code>")
def language(code: str) -> Response:
    """Remember the chosen language and go back where the person was."""
    choose_language(code)
    target = request.args.get("next", "")
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        target = url_for("main.home")
    return redirect(target, code=303)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web manifest that makes the app installable."""
    response = send_from_directory(current_app.static_folder or "", "manifest.webmanifest")
    response.mimetype = "application/manifest+json"
    return response
