"""A data migration's test: the models as they stood before it, then every migration since."""

from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def models_before(target: list[tuple[str, str]]) -> Any:
    """The database migrated back to ``target``; the apps registry of its models then."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
