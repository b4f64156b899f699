"""Where Django's secret key comes from (docs/configuration.md).

1. ``SECRET_KEY`` in the environment (a server);
2. else the ``.secret_key`` file in the club's folder (beside ``manage.py`` in a
   checkout, the user's data folder once installed: ``meld/paths.py``), which
   ``make run`` and ``meld serve`` (through ``serve_info``) create once;
3. else a random key for this process only: tests and one-off commands need
   nothing on disk, but sessions and signed cookies made with it die with the
   process and are not understood by another worker, so serving refuses it
   (``require_lasting_key``, called by ``meld/wsgi.py`` and ``meld/asgi.py``).

Importing settings only reads; nothing here writes unless asked to.
"""

import os
import secrets

from django.conf import LazySettings
from django.core.exceptions import ImproperlyConfigured

from meld.paths import CHECKOUT_DIR, data_dir
from meld.private import club_folder, private_file

KEY_FILE = data_dir() / ".secret_key"


def secret_key() -> tuple[str, bool]:
    """The key, and whether it lasts beyond this process."""
    if key := os.environ.get("SECRET_KEY", "").strip():
        return key, True
    try:
        key = KEY_FILE.read_text().strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key, True
    return secrets.token_urlsafe(50), False


def create_key_file() -> bool:
    """Write a new key to ``KEY_FILE`` unless one is there (True when it wrote one). The club's
    folder is created private, and a key an earlier Meld wrote is made the user's alone."""
    club_folder(KEY_FILE.parent, CHECKOUT_DIR)
    if KEY_FILE.exists():
        private_file(KEY_FILE)
        return False
    descriptor = os.open(KEY_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(secrets.token_urlsafe(50))
    return True


def require_lasting_key(settings: LazySettings) -> None:
    """Refuse to serve with a key made up for one process: every worker would have its own."""
    if not settings.SECRET_KEY_LASTS:
        raise ImproperlyConfigured(
            "No secret key: set SECRET_KEY, or run `make run`, `meld serve` or `python "
            "manage.py serve_info` once to create .secret_key."
        )
