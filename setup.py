"""The wheel carries Meld's own files in ``meld/share`` (``meld/paths.py``).

Everything else about the package is in ``pyproject.toml``. ``make wheel`` compiles
the German catalogue and collects the static files first; a build without them
stops here rather than make a wheel that serves pages without styles or German.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHARED = {
    "templates": "*",  # pages (.html) and the mails' plain text (.txt)
    "staticfiles": "*",
    "locale": "*.mo",
    "fixtures": "*.json",
    "docs/site": "*",
}
# A folder that goes into the share under another name (meld/paths.py: HELP_DIR).
RENAMED = {"docs/site": "help"}


class BuildWithShare(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        needed = ("staticfiles", "locale", "docs/site")
        missing = [name for name in needed if not _has(name, SHARED[name])]
        if missing:
            raise SystemExit(
                f"No {' or '.join(missing)} to put in the wheel: run `make wheel` "
                "(compilemessages, collectstatic and the handbook first)."
            )
        share = Path(self.build_lib) / "meld" / "share"
        shutil.rmtree(share, ignore_errors=True)
        for name, pattern in SHARED.items():
            for source in sorted((HERE / name).rglob(pattern)):
                if source.is_file():
                    folder = share / RENAMED.get(name, name)
                    target = folder / source.relative_to(HERE / name)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(source, target)


def _has(name: str, pattern: str) -> bool:
    return any(path.is_file() for path in (HERE / name).rglob(pattern))


setup(cmdclass={"build_py": BuildWithShare})
