"""The club night of ``bench_load`` with one core kept busy by another process.

A club laptop also runs the projector's browser, a music player, an update: here a
second Python process spins (``while 1: pass``) for the whole night, started and
stopped by this bench. Same event, phones, screens and targets as ``bench_load``
(submit and confirm p95 <= 150 ms, the table page's p95 <= 200 ms while the 100
phones open it, nothing lost), on SQLite and on PostgreSQL. Prints the load
average seen before and after each night: the machine may be shared.
"""

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks import bench_load
from meld_testkit import serving


@contextmanager
def busy_core() -> Iterator["subprocess.Popen[bytes]"]:
    burner = subprocess.Popen([sys.executable, "-c", "while 1: pass"])
    try:
        yield burner
    finally:
        burner.kill()
        burner.wait(5)


def night(name: str, env: dict[str, str]) -> None:
    print(f"bench: busy_{name}_load_before {os.getloadavg()[0]:.1f} load", flush=True)
    with busy_core():
        bench_load.run_backend(f"busy_{name}", env)
    print(f"bench: busy_{name}_load_after {os.getloadavg()[0]:.1f} load", flush=True)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="meld-busy-") as folder:
        night("sqlite", serving.sqlite_env(Path(folder) / "busy.sqlite3"))
    if not serving.postgres_answers():
        print("# PostgreSQL does not answer on 127.0.0.1:5432: skipped", flush=True)
        return
    with serving.postgres_database(f"meld_busy_{os.getpid()}") as url:
        night("postgres", serving.postgres_env(url))


if __name__ == "__main__":
    main()
