"""A group's history: its finished matches, filtered and paged, and how often each player won.

Every part of the page reads a bounded number of rows: the kept figures per player and game,
the latest matches of each game for the charts, one page of the list."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for
from sqlalchemy.orm import selectinload
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from ..extensions import db
from ..form_base import Form
from ..games import SEAMS
from ..i18n import gettext as _
from ..i18n import lazy_gettext as _l
from ..models import NO_RESULT, Group, Match, Membership, Player, Seat
from ..security import device_id
from ..sheet import MAX_DB_INT, players_of
from ..stats.listing import Filters, page_of, player_counts
from ..stats.trends import shares
from .charts import group_charts
from .new_groups import device_groups
from .reply import go, render

bp = Blueprint("groups", __name__, url_prefix="/g")


class RenameForm(Form):
    """A new name for the group."""

    name = StringField(
        _l("Group name"),
        validators=[
            DataRequired(_l("Enter a name.")),
            Length(max=60, message=_l("At most 60 characters.")),
        ],
    )


def member_group_or_404(group_id: int) -> Group:
    """The group, if this device joined one of its matches."""
    group = db.session.get(Group, group_id)
    if group is None:
        abort(404)
    joined = db.session.execute(
        db.select(Membership.id)
        .join(Match, Match.id == Membership.match_id)
        .filter(
            Match.group_id == group.id,
            Match.deleted_at.is_(None),
            Membership.device_id == device_id(),
        )
        .limit(1)
    ).first()
    if joined is None:
        abort(404)
    return group


def named_like_another(form: RenameForm, group: Group) -> bool:
    """Whether the new name is another group's of this phone (the error is put on the box): two
    groups reading the same on the home page and the new-match form could not be told apart,
    and a new match typed with that name would go to the other one."""
    wanted = " ".join(form.name.data.split()).casefold()
    if any(g.id != group.id and g.name.casefold() == wanted for g in device_groups()):
        form.name.errors = [
            _("You already have a group called %(name)s.", name=form.name.data.strip())
        ]
        return True
    return False


@bp.route("/<int:group_id>", methods=["GET", "POST"])
def history(group_id: int) -> Any:
    """Finished matches, newest first, filtered by game and player; counts; the rename form."""
    group = member_group_or_404(group_id)
    form = RenameForm(obj=group if request.method == "GET" else None)
    if form.validate_on_submit() and not named_like_another(form, group):
        group.name = " ".join(form.name.data.split())
        db.session.commit()  # said on the page it comes back to, by the form it came from
        return go(url_for("groups.history", group_id=group.id, renamed=1) + "#rename")
    filters = read_filters(group)
    before = request.args.get("before", 0, type=int) or 0
    after = request.args.get("after", 0, type=int) or 0
    ongoing = list(
        db.session.execute(
            db.select(Match)
            .options(selectinload(Match.seats).selectinload(Seat.player))
            .filter(
                Match.group_id == group.id, Match.status == "playing", Match.deleted_at.is_(None)
            )
            .order_by(Match.created_at.desc())
        ).scalars()
    )
    per_game = shares(group)
    counts = player_counts(group, per_game)
    page = page_of(group, filters, before, after)
    return render(
        "groups/history.html",
        group=group,
        form=form,
        page=page,
        joined=joined_of([m.id for m in ongoing] + [row.match.id for row in page.rows]),
        filters=filters,
        # Only the games the group has played (the kept rows say which), and one chosen anyway.
        games=[
            (slug, seam.title())
            for slug, seam in SEAMS.items()
            if slug in per_game or slug == filters.game
        ],
        ongoing=ongoing,
        counts=counts,
        choices=filter_choices(group, counts, filters.player),
        charts=group_charts(group, per_game),
        names=players_of,
    )


def filter_choices(
    group: Group, counts: list[dict[str, Any]], chosen: Player | None
) -> list[tuple[int, str]]:
    """The players the filter offers: those with a match in the list (the players table's, and
    those of matches ended without a result, which the list shows too), by name whatever the
    case, and the one chosen even if it has none (any longer)."""
    choices = {row["id"]: row["name"] for row in counts}
    without_result = (
        db.select(Player.id, Player.name)
        .join(Seat, Seat.player_id == Player.id)
        .join(Match, Match.id == Seat.match_id)
        .filter(Match.group_id == group.id, Match.status == NO_RESULT, Match.deleted_at.is_(None))
        .distinct()
    )
    choices.update((player_id, name) for player_id, name in db.session.execute(without_result))
    if chosen is not None:
        choices.setdefault(chosen.id, chosen.name)
    return sorted(choices.items(), key=lambda choice: (choice[1].casefold(), choice[1]))


def joined_of(match_ids: list[int]) -> set[int]:
    """Which of these matches this device joined: only those sheets open for it (any other
    answers 404), so only they are links on the group page."""
    if not match_ids:
        return set()
    found = db.select(Membership.match_id).filter(
        Membership.match_id.in_(match_ids), Membership.device_id == device_id()
    )
    return set(db.session.execute(found).scalars())


def read_filters(group: Group) -> Filters:
    """The game and player filters from the query string; unknown values are ignored."""
    game = request.args.get("game", "")
    player_id = request.args.get("player", 0, type=int) or 0
    player = None
    if 0 < player_id <= MAX_DB_INT:
        player = db.session.get(Player, player_id)
        if player is not None and player.group_id != group.id:
            player = None
    return Filters(game=game if game in SEAMS else None, player=player)
