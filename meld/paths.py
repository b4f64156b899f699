"""Where Meld's files are: its own and the club's.

Meld's own files (templates, static files, the German catalogue, the demo club)
sit at the top of a checkout; a wheel carries them, the static files collected
and the catalogue compiled, in ``meld/share`` (see ``[tool.setuptools]`` in
``pyproject.toml``). The club's files (the SQLite database, the secret key, the
cache, the backups) sit beside ``manage.py`` in a checkout and in the user's data
folder once Meld is installed, unless ``MELD_DATA_DIR`` names another.

Nothing here writes or creates a folder: callers that write (``meld serve``,
``serve_info``, the backups) create what they need.
"""

from pathlib import Path

import platformdirs
from environs import Env
from marshmallow.validate import Length

PACKAGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = PACKAGE_DIR.parent
INSTALLED = (PACKAGE_DIR / "share").is_dir()
SHARE_DIR = PACKAGE_DIR / "share" if INSTALLED else CHECKOUT_DIR
# The handbook as `make docs` builds it (docs/site/), which a wheel carries as share/help.
HELP_DIR = SHARE_DIR / "help" if INSTALLED else CHECKOUT_DIR / "docs" / "site"


def default_data_dir() -> Path:
    """The club's folder when ``MELD_DATA_DIR`` is not set."""
    if INSTALLED:
        return Path(platformdirs.user_data_dir("Meld", appauthor=False))
    return CHECKOUT_DIR


def data_dir() -> Path:
    """``MELD_DATA_DIR``, else ``default_data_dir()``; an empty value is refused by name."""
    folder = Env().str("MELD_DATA_DIR", str(default_data_dir()), validate=Length(min=1))
    return Path(folder).expanduser().resolve()


def manage_command() -> str:
    """How the director runs a management command, as Meld prints it."""
    return "meld" if INSTALLED else ".venv/bin/python manage.py"


def serve_command() -> str:
    """How the director starts Meld, as Meld prints it."""
    return "meld serve" if INSTALLED else "make run"
