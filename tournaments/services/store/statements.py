"""The score writes' statements, written once from the models' metadata and reused.

A phone's submit or confirm is a handful of statements; building each through the
ORM (resolving the query, compiling its SQL) cost many times what the database
spends running it. The write steps' hot statements are therefore plain SQL made
once per database vendor from the models' fields, and their rows become model
instances through the fields' own converters (``Model.from_db``), so what a step
holds is exactly what an ORM read would have given it.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model
from django.db.models.base import ModelState
from django.db.models.signals import post_save, pre_save

_cache: dict[tuple, Any] = {}


def prepared(name: str, build):
    """What ``build()`` makes (a statement, its columns), made once per vendor under ``name``."""
    return _once((name,), build)


def _once(key: tuple, build):
    key = (connections[DEFAULT_DB_ALIAS].vendor, *key)
    found = _cache.get(key)
    if found is None:
        found = _cache[key] = build()
    return found


def quote(name: str) -> str:
    return connection.ops.quote_name(name)


class Columns:
    """A model's columns in a hand-written join under ``alias``, and its rows back as instances."""

    def __init__(self, model: type[Model], alias: str) -> None:
        self.model = model
        self.alias = alias
        fields = model._meta.concrete_fields
        self.sql = ", ".join(f"{alias}.{quote(field.column)}" for field in fields)
        self.attnames = [field.attname for field in fields]
        self.size = len(fields)
        self.converters = []
        for index, field in enumerate(fields):
            column = field.get_col(alias)
            found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            if found:
                self.converters.append((index, column, found))

    def build(self, row: Sequence[Any], start: int = 0) -> Model | None:
        """The instance in ``row`` from ``start`` on (None for the empty side of a left join).

        As ``Model.from_db`` makes it, without ``Model.__init__``'s per-field work: these
        models have plain fields only (no descriptors on their column names, no init signals).
        """
        values = list(row[start : start + self.size])
        if values[0] is None:
            return None
        db = connections[DEFAULT_DB_ALIAS]
        for index, column, converters in self.converters:
            value = values[index]
            for converter in converters:
                value = converter(value, column, db)
            values[index] = value
        obj = self.model.__new__(self.model)
        obj.__dict__.update(zip(self.attnames, values, strict=True))
        state = obj._state = ModelState()
        state.adding = False
        state.db = DEFAULT_DB_ALIAS
        return obj


def prefetched(instance: Model, name: str, rows: list[Model]) -> None:
    """``rows`` as ``instance``'s prefetched ``name`` (a reverse foreign key), as
    ``prefetch_related`` leaves them: ``instance.<name>.all()`` reads no more."""
    queryset = getattr(instance, name).get_queryset()
    queryset._result_cache = rows
    queryset._prefetch_done = True
    cache = instance.__dict__.setdefault("_prefetched_objects_cache", {})
    cache[name] = queryset


def columns(model: type[Model], alias: str) -> Columns:
    return _once(("columns", model, alias), lambda: Columns(model, alias))


def table(model: type[Model]) -> str:
    return quote(model._meta.db_table)


_returns_rows: dict[str, bool] = {}
_native: dict[str, str] = {}


def run(sql: str, params: Iterable[Any]) -> list[tuple]:
    """Run a prepared statement; its rows, if it returns any.

    Straight on the driver's cursor, as the ORM's own cursor would run it (the driver's
    placeholders, Django's errors, no statement in a transaction that must roll back),
    without the per-statement wrapping. While statements are logged or watched (debug,
    a test counting queries, an execute wrapper) it goes through Django's cursor, so
    every one is seen there."""
    # Known from the statement, not asked of the cursor: psycopg builds a description
    # of every column each time it is asked (a lock's read has dozens of columns).
    rows = _returns_rows.get(sql)
    if rows is None:
        words = sql.upper()
        rows = _returns_rows[sql] = words.lstrip().startswith("SELECT") or " RETURNING " in words
    db = connections[DEFAULT_DB_ALIAS]
    if db.queries_logged or db.execute_wrappers:
        with db.cursor() as cursor:
            cursor.execute(sql, list(params))
            return cursor.fetchall() if rows else []
    native = _native.get(sql)
    if native is None:
        # SQLite's driver takes "?" (what Django's SQLite cursor turns "%s" into).
        native = _native[sql] = sql.replace("%s", "?") if db.vendor == "sqlite" else sql
    db.ensure_connection()
    db.validate_no_broken_transaction()
    with db.wrap_database_errors:
        cursor = db.connection.cursor()
        try:
            cursor.execute(native, list(params))
            return cursor.fetchall() if rows else []
        finally:
            cursor.close()


def _inserted_fields(model: type[Model]) -> list:
    return [field for field in model._meta.concrete_fields if not field.primary_key]


def insert(obj: Model) -> Model:
    """``obj.save()`` for a new row in one prepared statement, with ``save()``'s signals."""
    model = type(obj)
    pre_save.send(sender=model, instance=obj, raw=False, using=DEFAULT_DB_ALIAS, update_fields=None)

    def build() -> str:
        names = ", ".join(quote(field.column) for field in _inserted_fields(model))
        marks = ", ".join(["%s"] * len(_inserted_fields(model)))
        pk = quote(model._meta.pk.column)
        return f"INSERT INTO {table(model)} ({names}) VALUES ({marks}) RETURNING {pk}"

    sql = _once(("insert", model), build)
    db = connections[DEFAULT_DB_ALIAS]
    values = [
        field.get_db_prep_save(field.pre_save(obj, True), db) for field in _inserted_fields(model)
    ]
    obj.pk = run(sql, values)[0][0]
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


def update(obj: Model, fields: Sequence[str]) -> None:
    """``obj.save(update_fields=fields)`` in one prepared statement, with its signals."""
    model = type(obj)
    saved = frozenset(fields)
    pre_save.send(
        sender=model, instance=obj, raw=False, using=DEFAULT_DB_ALIAS, update_fields=saved
    )
    meta = model._meta
    chosen = [meta.get_field(name) for name in fields]

    def build() -> str:
        assignments = ", ".join(f"{quote(field.column)} = %s" for field in chosen)
        return f"UPDATE {table(model)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"

    sql = _once(("update", model, tuple(fields)), build)
    db = connections[DEFAULT_DB_ALIAS]
    values = [field.get_db_prep_save(getattr(obj, field.attname), db) for field in chosen]
    run(sql, [*values, obj.pk])
    post_save.send(
        sender=model,
        instance=obj,
        created=False,
        raw=False,
        using=DEFAULT_DB_ALIAS,
        update_fields=saved,
    )
