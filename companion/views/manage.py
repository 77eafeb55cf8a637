"""Looking after a group's history: export, import, player names and mistaken matches."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, request, url_for
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.exceptions import NotFound

from ..archive import Imported, ImportRefused, export_group, import_matches
from ..archive.consistent import one_snapshot
from ..archive.players import PlayerRefused, check_merge, merge_players, rename_player
from ..archive.purge import recently_deleted, restorable_until
from ..archive.schema import MAX_NAME, parse
from ..archive.table import export_csv
from ..db_deadline import allow_longer
from ..extensions import db, limiter
from ..models import Group, Player
from ..security import device_id, ensure_device
from ..sheet import MAX_DB_INT
from .csv_download import asked_zone, file_name
from .deletion import sees_deleted
from .groups import member_group_or_404
from .manage_forms import ImportForm, MergePlayersForm, RenamePlayerForm
from .reply import go, render

bp = Blueprint("manage", __name__)
DONE = ("renamed", "merged", "restored", "imported", "import-merged")


def manage_panel(group: Group, **forms: Any) -> dict[str, Any]:
    """What ``groups/_manage.html`` shows for ``group``, so the including page passes nothing."""
    done = request.args.get("done")
    return {
        "rename": forms.get("rename") or RenamePlayerForm(group, prefix="rename", formdata=None),
        "merge": forms.get("merge") or MergePlayersForm(group, prefix="merge", formdata=None),
        "deleted": len(recently_deleted(group)),
        "done": done if done in DONE else None,
        "added": request.args.get("added", 0, type=int) or 0,
        "present": request.args.get("present", 0, type=int) or 0,
        "renamed": renamed_name(group),
        "was": gone_name(request.args.get("was", "")),
        "ask": forms.get("ask"),
        "error": forms.get("error"),
    }


def signed_name() -> URLSafeSerializer:
    """The name that went in a merge travels in the address of the page that says so, signed:
    a link made by hand cannot put other words in the group's mouth."""
    return URLSafeSerializer(current_app.secret_key or "", salt="companion.merged-name")


def gone_name(signed: str) -> str:
    """The merged name the address carries, if this app signed it; else none."""
    try:
        return str(signed_name().loads(signed))[:MAX_NAME] if signed else ""
    except BadSignature:
        return ""


def renamed_name(group: Group) -> str | None:
    """The name a player was just given (``who`` after a rename), or the name that stayed
    (after a merge, where ``was`` is the name that went), for the panel to say it."""
    who = request.args.get("who", 0, type=int) or 0
    player = db.session.get(Player, who) if who else None
    return player.name if player is not None and player.group_id == group.id else None


IMPORT_SECONDS = 120.0
"""How long an import may take in all (a file at the size limit replays in far less)."""


def raise_import_limit() -> None:
    """Let the import page take an export file larger than an ordinary form may be.

    Runs before every other request hook, which read the form (and so the body) first.
    """
    if request.endpoint == "manage.import_page":
        request.max_content_length = current_app.config["IMPORT_MAX_BYTES"]


@bp.record_once
def _register(state: Any) -> None:
    """Make :func:`manage_panel` a template global and raise the size limit for imports."""
    app: Flask = state.app
    app.add_template_global(manage_panel)
    app.before_request_funcs.setdefault(None, []).insert(0, raise_import_limit)


def group_page(group: Group, done: str, **said: int) -> Response:
    """Back to the group page, where the panel says what was done (``said``: to whom)."""
    return go(url_for("groups.history", group_id=group.id, done=done, **said) + "#manage")


def panel_again(group: Group, **forms: Any) -> Response:
    """The panel with the refused form's errors: the fragment for htmx, a page otherwise."""
    return render(
        "manage/page.html", "groups/_manage.html", group=group, manage=manage_panel(group, **forms)
    )


def player_of(group: Group, raw: str | None) -> Player:
    """The group's player with this id (the form validated it)."""
    player = db.session.get(Player, int(raw or 0))
    if player is None or player.group_id != group.id:
        abort(400)
    return player


@bp.get("/g/<int:group_id>/manage")
def page(group_id: int) -> Response:
    """The management panel on a page of its own."""
    group = member_group_or_404(group_id)
    return render(
        "manage/page.html", "groups/_manage.html", group=group, manage=manage_panel(group)
    )


@bp.post("/g/<int:group_id>/players/rename")
def rename(group_id: int) -> Response:
    """Rename a player; a clash with another name is explained in place."""
    group = member_group_or_404(group_id)
    form = RenamePlayerForm(group, prefix="rename")
    if not form.validate_on_submit():
        return panel_again(group, rename=form)
    player = player_of(group, form.player.data)
    try:
        rename_player(player, form.name.data or "")
    except PlayerRefused as refused:
        db.session.rollback()
        form.name.errors = [refused.reason]
        return panel_again(group, rename=form)
    db.session.commit()
    return group_page(group, "renamed", who=player.id)


@bp.post("/g/<int:group_id>/players/merge")
def merge(group_id: int) -> Response:
    """Merge two names of the same person; two people who played together are refused."""
    group = member_group_or_404(group_id)
    form = MergePlayersForm(group, prefix="merge")
    if not form.validate_on_submit():
        return panel_again(group, merge=form)
    keep, gone = player_of(group, form.keep.data), player_of(group, form.gone.data)
    try:
        if form.confirm.data != "1":  # asked first: nothing merges without the "Yes"
            ask = {"keep": keep, "gone": gone, "matches": check_merge(keep, gone)}
            return panel_again(group, merge=form, ask=ask)
        gone_name = gone.name
        merge_players(keep, gone)
    except PlayerRefused as refused:
        db.session.rollback()
        form.gone.errors = [refused.reason]
        return panel_again(group, merge=form)
    db.session.commit()
    return group_page(group, "merged", who=keep.id, was=signed_name().dumps(gone_name))


def download(body: str, mimetype: str, filename: str) -> Response:
    """A response the browser saves as ``filename``."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/g/<int:group_id>/export.json")
def export_json(group_id: int) -> Response:
    """The whole group as a JSON download (docs/export-format.md)."""
    group = member_group_or_404(group_id)
    with one_snapshot():
        data = export_group(group)
    body = json.dumps(data, ensure_ascii=False, indent=1)
    return download(body, "application/json", file_name(group, asked_zone(), "json"))


@bp.get("/g/<int:group_id>/export.csv")
def export_table(group_id: int) -> Response:
    """One row per player per match, as a CSV download. It starts with a byte-order mark:
    without one, Excel reads the file in the computer's legacy code page ("JÃ¼rgen")."""
    group = member_group_or_404(group_id)
    zone = asked_zone()
    with one_snapshot():
        body = export_csv(group, zone)
    return download("\ufeff" + body, "text/csv", file_name(group, zone, "csv"))


@bp.route("/g/import", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["CREATE_RATE_LIMIT"], methods=["POST"])
def import_page() -> Response:
    """Upload an export file to create a new group here; all or nothing."""
    allow_longer(IMPORT_SECONDS)
    form = ImportForm()
    error = None
    unchanged = None
    if form.validate_on_submit():
        try:
            result = import_matches(
                parse(form.file.data.read()), ensure_device(), merge=form.into.data != "new"
            )
            db.session.commit()
        except ImportRefused as refused:
            db.session.rollback()
            error = refused.reason
        else:
            if result.added and result.group is not None:
                return go(imported_page(result))
            unchanged = result
    limit = current_app.config["IMPORT_MAX_BYTES"] // (1024 * 1024)
    return render(
        "manage/import.html",
        "manage/_import.html",
        form=form,
        error=error,
        limit=limit,
        unchanged=unchanged,
        back=came_from(),
    )


def came_from() -> Group | None:
    """The group whose panel led here (``?group=``), if this device may see it: the page's way
    back goes there, else home."""
    group_id = request.args.get("group", 0, type=int) or 0
    if not 0 < group_id <= MAX_DB_INT:
        return None
    try:
        return member_group_or_404(group_id)
    except NotFound:
        return None


def imported_page(result: Imported) -> str:
    """The group page after an import, saying what was added (and what was already there)."""
    assert result.group is not None
    if not result.merged and not result.present:
        return url_for("groups.history", group_id=result.group.id, done="imported") + "#manage"
    counts = {"added": result.added, "present": result.present}
    return (
        url_for("groups.history", group_id=result.group.id, done="import-merged", **counts)
        + "#manage"
    )


def group_with_deleted_or_404(group_id: int) -> Group:
    """The group, if this device joined one of its matches, deleted ones included: a host whose
    only match there was deleted must still reach it to restore it."""
    group = db.session.get(Group, group_id)
    if group is None or not sees_deleted(group_id):
        abort(404)
    return group


@bp.get("/g/<int:group_id>/deleted")
def deleted(group_id: int) -> Response:
    """Matches deleted in the last 30 days, with Restore for the host of each."""
    group = group_with_deleted_or_404(group_id)
    try:
        member_group_or_404(group_id)
        still_member = True
    except NotFound:
        still_member = False
    return render(
        "manage/deleted.html",
        group=group,
        matches=recently_deleted(group),
        me=device_id(),
        restorable_until=restorable_until,
        done=request.args.get("done") == "deleted",
        still_member=still_member,
    )
