"""The declared shape of an export: one ``Schema`` per model, used both ways.

A schema names the export's list (``key``), its model and a Django form whose
fields are a row's columns. The export writes each column from the model; the
import binds each row to the form, so every value is checked by the fields the
web forms use (the same bounds, choices and cleaning) and stored as cleaned. A
text must come out of its field as it went in: an export Meld wrote always does,
so a name with stray spaces or characters is a damaged file, not a new name.

Columns that name other rows are ``Ref``s: by position in another list, by a key
column of it (rounds by number), or users of this server by user name.
"""

import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from django import forms
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.kernel.errors import ServiceError

USERS = "users"  # a ``Ref`` target: a user of this server, by user name
Row = dict[str, Any]
# What no two rows of a list may share (``Unique``): a few of a row's values.
Key = tuple[Any, ...]
# The model a ``Schema`` carries (``Schema[Table]`` makes and stores ``Table``s).
M = TypeVar("M", bound=models.Model, covariant=True)


def damaged(problem: str) -> ServiceError:
    """The one refusal of a file that is not as Meld writes it, naming what is wrong."""
    return ServiceError(
        _("The export is damaged and was not imported (%(error)s).") % {"error": problem}
    )


def found(value: Any) -> str:
    """What the file holds where Meld expected something else, as a refusal names it ("found
    the text “5”"): a refusal says what it found beside what it expects, or "version 5" and
    "version "5"" read the same."""
    if value is None:
        return _("nothing (null)")
    if isinstance(value, bool):
        return _("true") if value else _("false")
    if isinstance(value, int | float):
        shown = str(value)
        return _("the number %(value)s") % {"value": shown if len(shown) <= 24 else "…"}
    if isinstance(value, str):
        shown = "".join(c if c.isprintable() else "?" for c in value[:24])
        return _("the text “%(text)s”") % {"text": shown + ("…" if len(value) > 24 else "")}
    if isinstance(value, list):
        return _("a list")
    return _("an object")


def row_problem(key: str, position: int, column: str, problem: str) -> ServiceError:
    """``problem`` of row ``position`` (counted from 1) of the export's list ``key``."""
    return damaged(
        _("“%(list)s” %(position)d, “%(column)s”: %(problem)s")
        % {"list": key, "position": position, "column": column, "problem": problem}
    )


class Blob(forms.Field):
    """A JSON value kept as it is (a deal's details, an audit row's old and new values);
    the file's walk (``checks.walk``) bounds it, and what reads it checks it."""

    def __init__(self, *, kinds: tuple[type, ...] = (dict,), **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.kinds = kinds

    def to_python(self, value: Any) -> Any:
        if value is not None and not isinstance(value, self.kinds):
            raise forms.ValidationError(kind_problem(self, value))
        return value


class ListField(forms.Field):
    """A list whose every item ``item`` checks, of at most ``most`` items."""

    def __init__(self, item: forms.Field, *, most: int, least: int = 0, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.item, self.most, self.least = item, most, least

    def to_python(self, value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise forms.ValidationError(kind_problem(self, value))
        if not self.least <= len(value) <= self.most:
            raise forms.ValidationError(
                _("Give from %(least)d to %(most)d values, not %(count)d.")
                % {"least": self.least, "most": self.most, "count": len(value)}
            )
        for item in value:
            if problem := kind_problem(self.item, item):
                raise forms.ValidationError(problem)
        return [self.item.clean(item) for item in value]


def _kinds(check: forms.Field) -> tuple[type, ...]:
    if isinstance(check, Blob):
        return check.kinds
    if isinstance(check, forms.BooleanField):
        return (bool,)
    if isinstance(check, forms.IntegerField):
        return (int,)
    if isinstance(check, forms.MultipleChoiceField | ListField):
        return (list,)
    return (str,)


KIND_NAMES = {
    bool: gettext_noop("true or false"),
    int: gettext_noop("a whole number"),
    str: gettext_noop("a text"),
    list: gettext_noop("a list"),
    dict: gettext_noop("an object"),
}


def kind_problem(check: forms.Field, value: Any) -> str:
    """Why ``value`` is not of the JSON kind ``check`` reads; empty when it is."""
    if value is None:
        nullable = not check.required and (
            isinstance(check, forms.IntegerField | forms.DateField | forms.DateTimeField)
            or getattr(check, "empty_value", "") is None
            or (isinstance(check, Blob) and type(None) in check.kinds)
        )
        if nullable:
            return ""
    kinds = _kinds(check)
    # JSON's true and false are Python's bools, which are ints too: not a whole number here.
    if isinstance(value, kinds) and (bool in kinds or not isinstance(value, bool)):
        return ""
    names = [_(KIND_NAMES[kind]) for kind in kinds if kind in KIND_NAMES]
    return _("it must be %(kind)s; found %(found)s") % {
        "kind": _(" or ").join(names),
        "found": found(value),
    }


@dataclass(frozen=True)
class Ref:
    """A column naming another row: by position in the list ``target``, by its ``key``
    column (rounds by number), or a user by user name (``target`` ``USERS``);
    ``many``: a list of them (a team's players)."""

    target: str
    key: str | None = None
    many: bool = False


@dataclass(frozen=True)
class Unique:
    """No two rows share ``key(row)`` (rows where it is None are not compared); ``label``
    names the columns for the message."""

    label: str
    key: Callable[[Row], Key | None]


@dataclass(frozen=True)
class Schema(Generic[M]):
    """How one model travels: the export's list ``key``, and a ``form`` whose fields are
    its columns. ``attributes``: a column's model attribute where the names differ (a
    tuple spreads a list over several); ``apart``: columns the import stores itself;
    ``legacy``: columns older exports lack, and their value there; ``timestamped``: the
    model's ``auto_now_add`` columns, written after the rows are made."""

    key: str
    model: type[M]
    form: type[forms.Form]
    most: int
    refs: Mapping[str, Ref] = field(default_factory=dict)
    attributes: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    apart: tuple[str, ...] = ()
    legacy: Mapping[str, Any] = field(default_factory=dict)
    timestamped: tuple[str, ...] = ()
    unique: tuple[Unique, ...] = ()

    @property
    def columns(self) -> list[str]:
        return list(self.form.base_fields)

    # --- export -----------------------------------------------------------------------

    def dump(self, obj: models.Model, names: Mapping[str, Mapping[int, Any]]) -> Row:
        """``obj`` as a row of the export; ``names``: each target's rows by pk, as refs."""
        row: Row = {}
        for column in self.columns:
            if column in self.apart:
                continue
            ref = self.refs.get(column)
            attribute = self.attributes.get(column, column)
            if isinstance(attribute, tuple):
                row[column] = [getattr(obj, name) for name in attribute]
            elif ref is None:
                row[column] = _json(getattr(obj, attribute))
            elif ref.many:
                row[column] = sorted(names[ref.target][o.pk] for o in getattr(obj, attribute).all())
            else:
                pk = getattr(obj, f"{attribute}_id")
                row[column] = None if pk is None else names[ref.target][pk]
        return row

    # --- import -----------------------------------------------------------------------

    def read(self, items: Any, *, legacy: bool = False) -> list[Row]:
        """The export's rows of this list, each checked by the form and cleaned."""
        if not isinstance(items, list):
            raise damaged(
                _("“%(list)s” must be a list; found %(found)s")
                % {"list": self.key, "found": found(items)}
            )
        if len(items) > self.most:
            raise ServiceError(
                _(
                    "The export's list “%(what)s” is too long (at most %(count)d); "
                    "nothing was imported."
                )
                % {"what": self.key, "count": self.most}
            )
        return [
            self.read_one(item, position, legacy=legacy) for position, item in enumerate(items, 1)
        ]

    def read_one(self, item: Any, position: int = 1, *, legacy: bool = False) -> Row:
        if not isinstance(item, dict):
            raise damaged(
                _("“%(list)s” %(position)d must be an object; found %(found)s")
                % {"list": self.key, "position": position, "found": found(item)}
            )
        data = {}
        for column, check in self.form.base_fields.items():
            if column not in item and legacy and column in self.legacy:
                value = self.legacy[column]
            elif column not in item:
                raise row_problem(self.key, position, column, _("it is missing"))
            else:
                value = item[column]
            if problem := kind_problem(check, value):
                raise row_problem(self.key, position, column, problem)
            data[column] = value
        form = self.form(data=data)
        if not form.is_valid():
            column, errors = next(iter(form.errors.items()))
            problem = " ".join([*errors, *_expected(self.form.base_fields.get(column))])
            raise row_problem(self.key, position, column, problem)
        for column, check in self.form.base_fields.items():
            cleaned = form.cleaned_data[column]
            if isinstance(check, forms.CharField) and cleaned != data[column]:
                raise row_problem(
                    self.key,
                    position,
                    column,
                    _("Meld writes it as %(meld)s; found %(found)s")
                    % {"meld": found(cleaned), "found": found(data[column])},
                )
        return form.cleaned_data

    def values(self, row: Row) -> dict[str, Any]:
        """The model's attributes of a cleaned row, refs and ``apart`` columns left out."""
        values: dict[str, Any] = {}
        for column in self.columns:
            if column in self.refs or column in self.apart:
                continue
            attribute = self.attributes.get(column, column)
            if isinstance(attribute, tuple):
                values.update(zip(attribute, row[column], strict=True))
            else:
                values[attribute] = row[column]
        return values


def _expected(check: forms.Field | None) -> list[str]:
    """What a choice column takes, beside the form's "Select a valid choice", which names only
    what was found."""
    if not isinstance(check, forms.ChoiceField):
        return []
    # Django keeps a choice field's choices as pairs (``normalize_choices``, when they are set).
    choices = cast(Iterable[tuple[Any, Any]], check.choices)
    values = [str(value) for value, _label in choices if value not in ("", None)]
    shown = ", ".join(values[:12]) + (", …" if len(values) > 12 else "")
    return [_("Meld writes one of: %(values)s.") % {"values": shown}]


def _json(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return value
