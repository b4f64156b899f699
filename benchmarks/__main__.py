"""`make bench`: runs every benchmarks/bench_*.py module's main() in turn.

Each prints lines of the form ``bench: <name> <value> <unit>``. Pass module
names (``python -m benchmarks gin swiss``) to run only some.
"""

import importlib
import os
import pkgutil
import sys
import time
from pathlib import Path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")


def main(selected: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if selected:
        names = [n for n in names if n.removeprefix("bench_") in selected or n in selected]
    for name in names:
        started = time.perf_counter()
        print(f"# {name}", flush=True)
        importlib.import_module(f"benchmarks.{name}").main()
        print(f"# {name} took {time.perf_counter() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
