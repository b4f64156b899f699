"""The score writes' statements, written once from the models' fields and reused.

A phone's submit or confirm is a handful of statements; building each through the
ORM (resolving the query, compiling its SQL) cost many times what the database
spends running it. The write steps' hot statements are therefore plain SQL, made
once per database vendor from the models' fields and run on Django's own cursor
(``connection.cursor()``, so every statement is logged, wrapped and counted as the
ORM's are). Their rows become model instances the way the ORM makes them: each
field's ``from_db_value`` and ``to_python``, then ``Model.from_db``. Only Django's
public, documented API is used here, so a Django upgrade cannot break it silently.

The statements quote names the SQL standard's way ("name"), which both back ends
Meld runs on (SQLite and PostgreSQL) read.
"""

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection
from django.db.models import BooleanField, DateField, Field, Model
from django.db.models.signals import post_save, pre_save
from django.utils import timezone

M = TypeVar("M", bound=Model)
T = TypeVar("T")

_cache: dict[tuple[object, ...], Any] = {}


def prepared(name: str, build: Callable[[], T]) -> T:
    """What ``build()`` makes (a statement, its columns), made once per vendor under ``name``."""
    return _once((name,), build)


def _once(key: tuple[object, ...], build: Callable[[], T]) -> T:
    key = (connection.vendor, *key)
    found: T | None = _cache.get(key)
    if found is None:
        found = _cache[key] = build()
    return found


def quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def concrete_fields(model: type[Model]) -> "list[Field[Any, Any]]":
    """The model's fields that are columns of its table, in the table's order."""
    return [
        field
        for field in model._meta.get_fields()
        # Only a Field is ever concrete (a relation's other end and a generic key are not).
        if isinstance(field, Field) and field.concrete and not field.many_to_many
    ]


def column(field: "Field[Any, Any]") -> str:
    """A concrete field's column (Django leaves ``column`` None only for fields that are none)."""
    assert field.column is not None
    return field.column


def _converter(field: "Field[Any, Any]") -> Callable[[Any], Any] | None:
    """What turns the driver's value of ``field`` into the field's Python value (None: as is).

    SQLite hands back datetimes without their zone (Meld stores UTC), booleans as 0/1 and
    JSON as text; PostgreSQL hands back JSON as text.
    """
    steps: list[Callable[[Any], Any]] = []
    from_db = getattr(field, "from_db_value", None)
    if from_db is not None:
        steps.append(lambda value: from_db(value, None, connection))
    if isinstance(field, BooleanField | DateField):  # DateTimeField is a DateField
        steps.append(field.to_python)
    if getattr(field, "get_internal_type", lambda: "")() == "DateTimeField" and settings.USE_TZ:
        steps.append(
            lambda value: timezone.make_aware(value, UTC) if timezone.is_naive(value) else value
        )
    if not steps:
        return None

    def convert(value: Any) -> Any:
        for step in steps:
            value = step(value)
        return value

    return convert


class Columns(Generic[M]):
    """A model's columns in a hand-written join under ``alias``, and its rows back as instances."""

    def __init__(self, model: type[M], alias: str) -> None:
        self.model = model
        self.alias = alias
        fields = concrete_fields(model)
        self.sql = ", ".join(f"{alias}.{quote(column(field))}" for field in fields)
        self.attnames = [field.attname for field in fields]
        self.size = len(fields)
        self.converters = [
            (index, found)
            for index, field in enumerate(fields)
            if (found := _converter(field)) is not None
        ]

    def build(self, row: Sequence[Any], start: int = 0) -> M | None:
        """The instance in ``row`` from ``start`` on (None for the empty side of a left join)."""
        values = list(row[start : start + self.size])
        if values[0] is None:
            return None
        for index, convert in self.converters:
            if values[index] is not None:
                values[index] = convert(values[index])
        return self.model.from_db(DEFAULT_DB_ALIAS, self.attnames, values)

    def build_present(self, row: Sequence[Any], start: int = 0) -> M:
        """``build`` for a table whose row is always there (the statement's own table, an
        inner join's): never None."""
        found = self.build(row, start)
        assert found is not None
        return found


def built(row: Sequence[Any], parts: Sequence[Columns[Any]]) -> tuple[list[Any], int]:
    """The instances of ``parts`` side by side in ``row``, and where the row goes on after them."""
    start, found = 0, []
    for part in parts:
        found.append(part.build(row, start))
        start += part.size
    return found, start


def columns(model: type[M], alias: str) -> Columns[M]:
    return _once(("columns", model, alias), lambda: Columns(model, alias))


def table(model: type[Model]) -> str:
    return quote(model._meta.db_table)


_returns_rows: dict[str, bool] = {}


def run(sql: str, params: Iterable[Any]) -> list[tuple[Any, ...]]:
    """Run a prepared statement on Django's cursor; its rows, if it returns any."""
    # Known from the statement, not asked of the cursor: psycopg builds a description
    # of every column each time it is asked (a lock's read has dozens of columns).
    rows = _returns_rows.get(sql)
    if rows is None:
        words = sql.upper()
        rows = _returns_rows[sql] = words.lstrip().startswith("SELECT") or " RETURNING " in words
    with connection.cursor() as cursor:
        cursor.execute(sql, list(params))
        return cursor.fetchall() if rows else []


def _inserted_fields(model: type[Model]) -> "list[Field[Any, Any]]":
    return [field for field in concrete_fields(model) if not field.primary_key]


def _primary_key(model: type[Model]) -> "Field[Any, Any]":
    return next(field for field in concrete_fields(model) if field.primary_key)


def insert(obj: M) -> M:
    """``obj.save()`` for a new row in one prepared statement, with ``save()``'s signals."""
    model = type(obj)
    pre_save.send(sender=model, instance=obj, raw=False, using=DEFAULT_DB_ALIAS, update_fields=None)

    def build() -> str:
        names = ", ".join(quote(column(field)) for field in _inserted_fields(model))
        marks = ", ".join(["%s"] * len(_inserted_fields(model)))
        pk = quote(column(_primary_key(model)))
        return f"INSERT INTO {table(model)} ({names}) VALUES ({marks}) RETURNING {pk}"

    sql = _once(("insert", model), build)
    values = [
        field.get_db_prep_save(field.pre_save(obj, True), connection)
        for field in _inserted_fields(model)
    ]
    obj.pk = run(sql, values)[0][0]
    # Model._state (documented): the instance is now a stored row of this database.
    obj._state.adding = False
    obj._state.db = DEFAULT_DB_ALIAS
    post_save.send(
        sender=model,
        instance=obj,
        created=True,
        raw=False,
        using=DEFAULT_DB_ALIAS,
        update_fields=None,
    )
    return obj


def _field(model: type[Model], name: str) -> "Field[Any, Any]":
    """The field ``name`` of ``model``, one that is a column (what ``update`` writes)."""
    found = model._meta.get_field(name)
    assert isinstance(found, Field)
    return found


def update(obj: Model, fields: Sequence[str]) -> None:
    """``obj.save(update_fields=fields)`` in one prepared statement, with its signals."""
    model = type(obj)
    saved = frozenset(fields)
    pre_save.send(
        sender=model, instance=obj, raw=False, using=DEFAULT_DB_ALIAS, update_fields=saved
    )
    chosen = [_field(model, name) for name in fields]

    def build() -> str:
        assignments = ", ".join(f"{quote(column(field))} = %s" for field in chosen)
        pk = quote(column(_primary_key(model)))
        return f"UPDATE {table(model)} SET {assignments} WHERE {pk} = %s"

    sql = _once(("update", model, tuple(fields)), build)
    values = [field.get_db_prep_save(getattr(obj, field.attname), connection) for field in chosen]
    run(sql, [*values, obj.pk])
    post_save.send(
        sender=model,
        instance=obj,
        created=False,
        raw=False,
        using=DEFAULT_DB_ALIAS,
        update_fields=saved,
    )
