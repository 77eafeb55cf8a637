"""Starting a match, joining one by code or QR, and the rematch."""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from flask_babel import format_date
from sqlalchemy.exc import IntegrityError
from wtforms import HiddenField, SelectField, StringField
from wtforms.validators import Length, Optional

from .. import rules
from ..extensions import db, limiter
from ..form_base import Form, plain_number_errors
from ..games import SEAMS, seam_for
from ..i18n import gettext as _
from ..i18n import lazy_gettext as _l
from ..models import Group, Match, Membership, Player, Seat, utcnow
from ..rules import IllegalMove
from ..security import (
    device_id,
    ensure_device,
    join,
    join_token,
    new_code,
    normalise_code,
    token_matches,
)
from ..sheet import touch
from ..translate import reason
from .joining import open_match_by_code
from .new_groups import device_groups, known_players, latest_group, unused_name
from .new_keys import claim_rematch, fresh_key, rematch_of, sent_key, started_with, winner_of
from .new_players import host_seat, named_twice
from .reply import go

bp = Blueprint("matches", __name__)

MAX_SEATS = 10


class NewMatchBase(Form):
    """Group and players; each game adds its option fields."""

    group = SelectField(_l("Add the match to"), choices=[], default="new")
    group_name = StringField(_l("Name of the new group"), validators=[Optional(), Length(max=60)])
    idem = HiddenField()
    """The form's one-time key (views/new_keys.py): sent twice, it starts one match."""

    def validate(self, extra_validators: Any = None) -> bool:
        """Validate, a box that holds no whole number saying so in plain words."""
        valid = bool(super().validate(extra_validators))
        plain_number_errors(self)
        return valid


def new_match_form(slug: str, groups: list[Group]) -> Any:
    """The form for a new match of ``slug``, offering this device's groups."""
    fields = {
        f"p{i}": StringField(_l("Player %(n)d", n=i + 1), validators=[Optional(), Length(max=40)])
        for i in range(MAX_SEATS)
    }
    fields.update(seam_for(slug).options_fields())
    form = type("NewMatchForm", (NewMatchBase,), fields)()
    form.group.choices = [("new", _("A new group"))] + [(str(g.id), g.name) for g in groups]
    return form


@bp.get("/new")
def choose_game() -> str:
    """Pick the game to play."""
    return render_template(
        "matches/choose.html", seams=SEAMS.values(), group=request.args.get("group", "")
    )


@bp.route("/new/<slug>", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["CREATE_RATE_LIMIT"], methods=["POST"])
def new_match(slug: str) -> Any:
    """The new-match form; on success the sheet of the new match."""
    if slug not in SEAMS:
        abort(404)
    groups = device_groups()
    form = new_match_form(slug, groups)
    if request.method == "GET":
        asked = request.args.get("group")
        offered = [c[0] for c in form.group.choices]
        form.group.data = asked if asked in offered else latest_group(groups)
    known = known_players(form.group.data, groups)
    error = None
    me = request.form.get("me", "none") if request.method == "POST" else "0"
    me_error = None
    if form.validate_on_submit():
        key = sent_key(form)
        if (earlier := started_with(key)) is not None:
            return go(url_for("play.sheet", match_id=earlier))
        seat, me_error = host_seat(form, me, MAX_SEATS)
        error = named_twice(form, MAX_SEATS)
        try:
            match = None if me_error or error else create_match(slug, form, groups, seat, key)
        except IllegalMove as refused:
            error = reason(refused)
        except IntegrityError as refused:
            return go(url_for("play.sheet", match_id=winner_of(key, refused)))
        else:
            if match is not None:
                return go(url_for("play.sheet", match_id=match.id))
    form.idem.data, form.idem.raw_data = fresh_key(), None
    return render_template(
        "matches/new.html",
        form=form,
        seam=seam_for(slug),
        slug=slug,
        known=known,
        has_groups=bool(groups),
        error=error,
        max_seats=min(MAX_SEATS, rules.get(slug).info.max_players),
        min_seats=rules.get(slug).info.min_players,
        me=me,
        me_error=me_error,
    )


def create_match(
    slug: str, form: Any, groups: list[Group], seat: int | None = None, key: str | None = None
) -> Match:
    """Store a new match, its group and players; the rules check names and options first.
    ``key`` is the form's one-time key, stored on the match."""
    names = [
        form[f"p{i}"].data.strip() for i in range(MAX_SEATS) if (form[f"p{i}"].data or "").strip()
    ]
    options = seam_for(slug).options(form)
    state_names = rules.get(slug).setup(names, options, 0)
    del state_names
    names = [" ".join(n.split()) for n in names]
    group = next((g for g in groups if str(g.id) == form.group.data), None)
    typed = " ".join((form.group_name.data or "").split()).casefold()
    if group is None and typed:
        # A name this phone's groups already have means that group, not a second one.
        group = next((g for g in groups if g.name.casefold() == typed), None)
    if group is None:
        label = (form.group_name.data or "").strip() or unused_name(
            _("Table of %(day)s", day=format_date(date.today())), groups
        )
        group = Group(name=label[:60])
        db.session.add(group)
        db.session.flush()
    match = open_match(group, slug, options, names, seat, key)
    db.session.commit()
    return match


def open_match(
    group: Group,
    slug: str,
    options: dict[str, Any],
    names: list[str],
    seat: int | None = None,
    key: str | None = None,
) -> Match:
    """Create the match with seats for ``names`` and make this device its host, sitting in
    ``seat`` when it said which player it is; ``key`` is the new-match form's one-time key.
    The caller commits."""
    ensure_device()
    match = Match(
        group_id=group.id,
        game=slug,
        options=options,
        seed=secrets.randbelow(2**31),
        code=new_code(),
        host_device_id=device_id(),
        status="playing",
        start_key=key,
    )
    db.session.add(match)
    db.session.flush()
    for position, name in enumerate(names):
        db.session.add(
            Seat(match_id=match.id, player_id=player_named(group, name).id, position=position)
        )
    db.session.add(
        Membership(match_id=match.id, device_id=device_id(), seat=seat, last_seen=utcnow())
    )
    return match


def player_named(group: Group, name: str) -> Player:
    """The group's player with this name (ignoring case), created if new."""
    key = name.casefold()[:40]
    player = db.session.execute(
        db.select(Player).filter_by(group_id=group.id, key=key)
    ).scalar_one_or_none()
    if player is None:
        player = Player(group_id=group.id, name=name, key=key)
        db.session.add(player)
        db.session.flush()
    return player


@bp.post("/m/<int:match_id>/rematch")
def rematch(match_id: int) -> Response:
    """Start the next match with the same group, seats, options and phones."""
    from ..security import member_match_or_404

    match, _member = member_match_or_404(match_id)
    following = rematch_of(match)
    if following is not None and following.deleted_at is None:
        return go(url_for("play.sheet", match_id=following.id))
    if match.is_open:
        abort(409)
    names = [seat.player.name for seat in match.seats]
    options = seam_for(match.game).rematch_options(dict(match.options))
    new = open_match(match.group, match.game, options, names)
    new.host_device_id = match.host_device_id or device_id()
    members = db.session.execute(db.select(Membership).filter_by(match_id=match.id)).scalars()
    for old in members:
        if old.device_id != device_id():
            db.session.add(Membership(match_id=new.id, device_id=old.device_id, seat=old.seat))
        else:
            mine = db.session.execute(
                db.select(Membership).filter_by(match_id=new.id, device_id=device_id())
            ).scalar_one()
            mine.seat = old.seat
    if not claim_rematch(match, following, new):
        db.session.rollback()  # another phone's rematch of this match got there first
        return go(url_for("play.sheet", match_id=match.next_match_id))
    touch(match)  # the finished sheet's phones are still listening: they learn of the rematch
    db.session.commit()
    return go(url_for("play.sheet", match_id=new.id))


class JoinForm(Form):
    """The 6-character code typed by hand."""

    code = StringField(_l("Code"), validators=[Length(max=20)])


@bp.route("/j", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["JOIN_RATE_LIMIT"], methods=["POST"])
def join_by_code() -> Any:
    """Type the code shown on the host's phone."""
    form = JoinForm()
    error = None
    if form.validate_on_submit():
        match, error = open_match_by_code(normalise_code(form.code.data or ""))
        if match is not None:
            join(match)
            return go(url_for("play.sheet", match_id=match.id))
    return render_template("matches/join.html", form=form, error=error)


@bp.get("/j/<code>", strict_slashes=False)
@limiter.limit(lambda: current_app.config["JOIN_RATE_LIMIT"])
def join_by_link(code: str) -> Any:
    """The QR link: check the token, join, then drop the token from the address bar. An
    address typed without its token (``/j/CODE``) gets the code form with the code filled in:
    one tap joins as the code does; a code already known not to work says why at once, as the
    form would after the tap. A phone that played an ended match goes to its sheet."""
    match, error = open_match_by_code(normalise_code(code))
    if "k" not in request.args and (match is None or match.is_open):
        form = JoinForm(formdata=None, code=normalise_code(code)[:12])
        return render_template("matches/join.html", form=form, error=error)
    if match is not None and match.is_open:
        if not token_matches(join_token(match), request.args.get("k")):
            match, error = None, _("This link is not valid any more. Ask for the code.")
    if match is None:
        form = JoinForm()
        return render_template("matches/join.html", form=form, error=error), 404
    join(match)
    return go(url_for("play.sheet", match_id=match.id))
