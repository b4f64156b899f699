"""`make lint` refuses a `# type: ignore` without its error code or its reason
(scripts/check_type_ignores.py), and the tree has none."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "scripts" / "check_type_ignores.py"


def check(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(CHECK), *map(str, paths)], capture_output=True, text=True, check=False
    )


def test_an_ignore_without_its_code_or_its_reason_is_refused(tmp_path):
    module = tmp_path / "planted.py"
    module.write_text(
        'BARE: int = "a"  # type: ignore\n'
        'SILENT: int = "b"  # type: ignore[assignment]\n'
        'EMPTY: int = "c"  # type: ignore[assignment]  #\n'
        'SAID: int = "d"  # type: ignore[assignment]  # a string on purpose\n'
        'TEXT = "# type: ignore in a string is no ignore"\n',
        encoding="utf-8",
    )
    done = check(module)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert [line.split(":")[1] for line in lines] == ["1", "2", "3"]
    assert "names no error code" in lines[0]
    assert "gives no reason" in lines[1]
    assert "gives no reason" in lines[2]


def test_every_ignore_of_the_tree_names_its_code_and_says_why():
    done = check()
    assert done.returncode == 0, done.stdout
    assert done.stdout == ""
