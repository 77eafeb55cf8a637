"""The forms of the group management pages (CSRF-protected; they work without JavaScript)."""

from __future__ import annotations

from typing import Any

from flask_wtf.file import FileField, FileRequired
from wtforms import HiddenField, RadioField, SelectField, StringField, ValidationError
from wtforms.validators import DataRequired, Length, StopValidation

from ..form_base import Form
from ..i18n import lazy_gettext as _l
from ..models import Group


def known_player(form: Any, field: Any) -> None:
    """The chosen player must be one of the group's (a tampered form gets a plain message)."""
    if field.data not in {value for value, _label in field.choices}:
        raise ValidationError(_l("Choose a player of this group."))


def chosen(form: Any, field: Any) -> None:
    """An empty choice ("Choose a name") is refused at the field, before anything else."""
    if not field.data:
        raise StopValidation(_l("Choose a name."))


class PlayerForm(Form):
    """A form whose selects list the group's players (each on a player of its own, unless the
    form has ``blank``: then each starts on an empty "Choose a name")."""

    blank = False

    def __init__(self, group: Group, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(str(p.id), p.name) for p in sorted(group.players, key=lambda p: p.key)]
        for index, field in enumerate(f for f in self if isinstance(f, SelectField)):
            if self.blank:
                field.choices = [("", _l("Choose a name")), *choices]
                field.data = field.data or ""
                continue
            field.choices = choices
            if field.data is None and len(choices) > index:
                field.data = choices[index][0]


class RenamePlayerForm(PlayerForm):
    """Rename one player of the group."""

    player = SelectField(_l("Player"), validators=[known_player], validate_choice=False)
    name = StringField(
        _l("New name"),
        validators=[
            DataRequired(_l("Enter a name.")),
            Length(max=40, message=_l("At most 40 characters.")),
        ],
    )


class MergePlayersForm(PlayerForm):
    """Merge two names of the same person: the first stays, the second goes. Nothing is chosen
    until the phone chooses (one tap must not merge the first two names of the list), and the
    merge is asked about first: only a form sent with ``confirm`` merges."""

    blank = True
    keep = SelectField(
        _l("Keep this name"), validators=[chosen, known_player], validate_choice=False
    )
    gone = SelectField(
        _l("Merge this name into it"), validators=[chosen, known_player], validate_choice=False
    )
    confirm = HiddenField()

    def validate_gone(self, field: Any) -> None:
        """Merging a name into itself means nothing."""
        if field.data == self.keep.data:
            raise ValidationError(_l("Choose two different names to merge."))


class ImportForm(Form):
    """An export file to import, and whether to add it to a group of the same name."""

    file = FileField(_l("Export file (JSON)"), validators=[FileRequired(_l("Choose a file."))])
    into = RadioField(
        _l("Where the matches go"),
        choices=[
            (
                "merge",
                _l("Into my group of the same name, if I have one"),
            ),
            ("new", _l("Into a new group (a match already here is never copied twice)")),
        ],
        default="merge",
    )


class ConfirmForm(Form):
    """Only the CSRF token: a yes to delete or restore a match."""
