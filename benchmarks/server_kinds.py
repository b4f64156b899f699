"""gunicorn hooks for the benches (``-c python:benchmarks.server_kinds``): the CPU each worker
spends on each kind of request, by the URL's name, written at the worker's exit as JSON
into the folder ``MELD_BENCH_KINDS`` names (``kinds``). A kind answered 204 is counted
apart (``<name> 204``), and so is a phone's poll answered with its clock alone
(``<name> clock``: htmx's ``HX-Reswap: none``).

A sync worker serves one request at a time, so the process's CPU between ``pre_request``
and ``post_request`` is the request's (parsing it, Django, writing the answer).
"""

import json
import os
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from django.urls import Resolver404, resolve

KINDS = "MELD_BENCH_KINDS"

_spent: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
_walls: dict[str, list[float]] = defaultdict(list)
_began = [0.0, 0.0]


def pre_request(worker: Any, request: Any) -> None:
    _began[:] = [time.process_time(), time.perf_counter()]


def post_request(worker: Any, request: Any, environ: dict[str, Any], response: Any) -> None:
    cpu = time.process_time() - _began[0]
    wall = time.perf_counter() - _began[1]
    try:
        kind = resolve(request.path).url_name or request.path
    except Resolver404:
        kind = "404"
    if str(response.status).startswith("204"):
        kind += " 204"
    elif any(name.lower() == "hx-reswap" for name, _value in response.headers):
        kind += " clock"
    _spent[kind][0] += 1
    _spent[kind][1] += cpu
    _walls[kind].append(wall)


def worker_exit(server: Any, worker: Any) -> None:
    folder = os.environ.get(KINDS)
    if folder:
        (Path(folder) / f"{os.getpid()}.json").write_text(json.dumps(_spent))
        (Path(folder) / f"{os.getpid()}.walls").write_text(json.dumps(_walls))


def kinds(folder: Path) -> dict[str, tuple[int, float]]:
    """Every worker's requests and CPU seconds by kind, added up."""
    found: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for written in folder.glob("*.json"):
        for kind, (count, seconds) in json.loads(written.read_text()).items():
            found[kind][0] += count
            found[kind][1] += seconds
    return {kind: (int(count), seconds) for kind, (count, seconds) in found.items()}


def walls(folder: Path) -> dict[str, list[float]]:
    """Every worker's wall seconds of each request, by kind: from the worker taking the
    request to its answer written (a wait for a worker before it is not in them)."""
    found: dict[str, list[float]] = defaultdict(list)
    for written in folder.glob("*.walls"):
        for kind, seconds in json.loads(written.read_text()).items():
            found[kind] += seconds
    return dict(found)
