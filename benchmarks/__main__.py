"""`make bench`: runs every benchmarks/bench_*.py module's main() in turn.

Each prints lines of the form ``bench: <name> <value> <unit>``. Pass module
names (``python -m benchmarks gin swiss``) to run only some, and options after them
(``python -m benchmarks evenings --steps 20000``).
"""

import importlib
import inspect
import os
import pkgutil
import sys
import time
from pathlib import Path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")


def main(argv: list[str]) -> int:
    """``argv``: module names, then options for them (``evenings --steps 20000``): a module's
    ``main`` that takes an argument gets the options."""
    first = next((i for i, word in enumerate(argv) if word.startswith("--")), len(argv))
    selected, options = argv[:first], argv[first:]
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if selected:
        names = [n for n in names if n.removeprefix("bench_") in selected or n in selected]
    elif options:
        print("options belong to a module named before them", file=sys.stderr)
        return 2
    for name in names:
        started = time.perf_counter()
        print(f"# {name}", flush=True)
        run = importlib.import_module(f"benchmarks.{name}").main
        if inspect.signature(run).parameters:
            run(options)
        else:
            run()
        print(f"# {name} took {time.perf_counter() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
