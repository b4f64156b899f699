"""A score write against the database's floor (issue 19's measure): a round of 50 tables x 4
deals played through the services in one process (``submit_entry`` then ``confirm_entry``,
as the phone views call them), and in the same run the floor: one transaction that locks a
row, inserts an entry row and an audit row and updates the locked row, in plain SQL.
Prints milliseconds per write for both and their ratio, on SQLite and on PostgreSQL.
"""

import os
import tempfile
from pathlib import Path

from meld_testkit import serving

TABLES = 50
DEALS = 4


def report(backend: str, env: dict[str, str]) -> None:
    serving.manage(env, "migrate", "--noinput", "-v", "0")
    answer = serving.kit(env, "writes", str(TABLES), str(DEALS), timeout=600)
    service, floor = answer["service_ms"], answer["floor_ms"]
    print(f"bench: writes_{backend}_service {service:.2f} ms per write", flush=True)
    print(f"bench: writes_{backend}_floor {floor:.2f} ms per write", flush=True)
    print(f"bench: writes_{backend}_ratio {service / floor:.1f} x the floor", flush=True)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="meld-writes-") as folder:
        report("sqlite", serving.sqlite_env(Path(folder) / "writes.sqlite3"))
    if not serving.postgres_answers():
        print("# PostgreSQL does not answer on 127.0.0.1:5432: skipped", flush=True)
        return
    with serving.postgres_database(f"meld_writes_{os.getpid()}") as url:
        report("postgres", serving.postgres_env(url))


if __name__ == "__main__":
    main()
