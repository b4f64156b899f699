"""Every ``# type: ignore`` names its error code and says why (``make lint``).

    # type: ignore[misc]  # django-tables2 ships no types

ruff's PGH003 refuses an ignore without a code; this refuses one without a reason: a
comment after it that says something. Comments are read with ``tokenize``, so a string
that mentions an ignore is not one.

    python scripts/check_type_ignores.py [path ...]

Without paths it reads every Python file of the checkout but the virtualenv, the
migrations and what builds leave. It prints each ignore at fault and exits 1 if any.
"""

import re
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "build", "dist", "staticfiles", "test-artifacts", "migrations", ".git"}
IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<codes>\[[^\]]*\])?(?P<rest>.*)")
REASON = re.compile(r"\s*#\s*\w")


def python_files(paths: list[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_file():
            yield path
            continue
        for found in sorted(path.rglob("*.py")):
            if not SKIPPED.intersection(found.relative_to(path).parts):
                yield found


def faults(path: Path) -> Iterator[tuple[int, str]]:
    """Each ignore of ``path`` without a code or a reason: its line and what it lacks."""
    with tokenize.open(path) as source:
        for token in tokenize.generate_tokens(source.readline):
            if token.type != tokenize.COMMENT:
                continue
            found = IGNORE.search(token.string)
            if found is None:
                continue
            if not found["codes"]:
                yield token.start[0], "names no error code (# type: ignore[code]  # why)"
            elif not REASON.match(found["rest"]):
                yield token.start[0], "gives no reason (a comment after it: # why)"


def main(argv: list[str]) -> int:
    paths = [Path(arg) for arg in argv] or [ROOT]
    bad = 0
    for path in python_files(paths):
        for line, lack in faults(path):
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            print(f"{shown}:{line}: this type: ignore {lack}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
