"""Settings for Meld, all taken from environment variables (docs/configuration.md).

Every variable is parsed strictly (environs): a malformed value (``HTTPS=ture``,
``MELD_TOKEN_MISS_LIMIT=abc``) stops the server at start with a message that names
each bad variable, instead of quietly meaning something else.

Importing them has no side effects: nothing is written and no socket is opened
(the secret key's file is only read, see ``meld/secret.py``; the LAN address
for the QR codes is asked for when they are printed, see ``tournaments/kernel/network.py``).
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from environs import Env, EnvValidationError
from marshmallow import ValidationError
from marshmallow.validate import Length, OneOf, Range

from meld import paths
from meld.secret import secret_key

BASE_DIR = paths.CHECKOUT_DIR
# Meld's own files (templates, static files, catalogue, demo) and the club's
# (database, key, cache, backups): see meld/paths.py.
SHARE_DIR = paths.SHARE_DIR
DATA_DIR = paths.data_dir()


def _time_zone(name: str) -> None:
    try:
        ZoneInfo(name)
    except (ValueError, KeyError, OSError) as error:
        raise ValidationError("Not a known time zone.") from error


def _names(values: list[str]) -> list[str]:
    return [value.strip() for value in values if value.strip()]


def _check(env: Env) -> None:
    """Stop here, naming every malformed variable with its value, before anything uses one."""
    try:
        env.seal()
    except EnvValidationError as error:
        # environs names each variable with its messages (a dict, for the variables it read).
        named = error.error_messages if isinstance(error.error_messages, dict) else {}
        problems = "".join(
            f"\n  {name}={os.environ.get(name, '')!r}: {' '.join(messages)}"
            for name, messages in named.items()
        )
        raise ImproperlyConfigured(f"Meld cannot start; check these variables:{problems}") from None


# --- the environment: every variable read here, checked at once below -------------------

env = Env(eager=False)
_POSITIVE = Range(min=1)
DEBUG = env.bool("DEBUG", False)
ALLOWED_HOSTS = _names(env.list("ALLOWED_HOSTS", ["*"]))
CSRF_TRUSTED_ORIGINS = _names(env.list("CSRF_TRUSTED_ORIGINS", []))
PORT = env.int("PORT", 8000, validate=Range(min=1, max=65535))
# Empty: the QR codes point to this machine's LAN address (tournaments.kernel.network.base_url).
MELD_BASE_URL = env.str("MELD_BASE_URL", "").rstrip("/")
_DATABASE_URL = env.str("DATABASE_URL", "")
_DATABASE = (
    env.dj_db_url("DATABASE_URL", conn_max_age=600, conn_health_checks=True)
    if _DATABASE_URL
    else None
)
SQLITE_PATH = env.str("SQLITE_PATH", str(DATA_DIR / "db.sqlite3"), validate=Length(min=1))
# Behind a TLS-terminating proxy (several clubs on one server) set HTTPS=1.
HTTPS = env.bool("HTTPS", not DEBUG and env.str("ALLOWED_HOSTS", "") != "")
_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", True)
_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", 31_536_000, validate=Range(min=0))
# Token guessing: after this many table/public links or table codes not found from
# one address within the window (seconds), that address gets 429 for guesses and
# code look-ups (a valid table or public link still opens). Behind a reverse proxy
# that sets X-Forwarded-For, set TRUST_X_FORWARDED_FOR=1.
MELD_TOKEN_MISS_LIMIT = env.int("MELD_TOKEN_MISS_LIMIT", 20, validate=_POSITIVE)
MELD_TOKEN_MISS_WINDOW = env.int("MELD_TOKEN_MISS_WINDOW", 600, validate=_POSITIVE)
MELD_TRUST_X_FORWARDED_FOR = env.bool("TRUST_X_FORWARDED_FOR", False)
_REDIS_URL = env.str("REDIS_URL", "")
_CACHE_DIR = env.str("MELD_CACHE_DIR", str(DATA_DIR / ".cache"), validate=Length(min=1))
_LOGIN_FAILURE_LIMIT = env.int("MELD_LOGIN_FAILURE_LIMIT", 10, validate=_POSITIVE)
_LOGIN_COOLOFF_MINUTES = env.int("MELD_LOGIN_COOLOFF_MINUTES", 15, validate=_POSITIVE)
LOG_LEVEL = env.str(
    "LOG_LEVEL", "INFO", validate=OneOf(["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"])
)
LANGUAGE_CODE = env.str("LANGUAGE_CODE", "de", validate=OneOf(["de", "en"]))
TIME_ZONE = env.str("TIME_ZONE", "Europe/Vienna", validate=_time_zone)
# Backups of the SQLite database (meld/backups.py): after every closed round and,
# while a round is open, every MELD_BACKUP_MINUTES (0: only after a closed round);
# the newest MELD_BACKUP_KEEP are kept.
MELD_BACKUP_DIR = Path(
    env.str("MELD_BACKUP_DIR", str(DATA_DIR / "backups"), validate=Length(min=1))
)
MELD_BACKUP_KEEP = env.int("MELD_BACKUP_KEEP", 20, validate=_POSITIVE)
MELD_BACKUP_MINUTES = env.float("MELD_BACKUP_MINUTES", 5.0, validate=Range(min=0))
# The server (`meld serve`, which `make run` runs: waitress). Threads answer requests; one
# Python process runs one of them at a time, so threads are for waiting, not for speed: 50
# tables' phones polling every 2 s and the director's screens are 60-80 short requests a
# second (a few ms each), and 12 threads let a few slow ones (a PDF drawn, a write waiting
# for SQLite's lock) wait while the rest flow. Connections are only held open, not answered,
# until a request comes: idle ones (browsers' pre-connects, sleeping phones) cost a socket
# each, so the limit is far above a club's phones (waitress's own default, 100, was reached).
MELD_THREADS = env.int("MELD_THREADS", 12, validate=Range(min=1, max=256))
MELD_CONNECTION_LIMIT = env.int("MELD_CONNECTION_LIMIT", 1000, validate=Range(min=10))
# Results by e-mail (issue 36): Django's SMTP back end with these. Without MELD_EMAIL_HOST
# no mail is sent (the outbox keeps what is queued until a mail server is set).
EMAIL_HOST = env.str("MELD_EMAIL_HOST", "")
EMAIL_PORT = env.int("MELD_EMAIL_PORT", 587, validate=Range(min=1, max=65535))
EMAIL_HOST_USER = env.str("MELD_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = env.str("MELD_EMAIL_PASSWORD", "")
EMAIL_USE_SSL = env.bool("MELD_EMAIL_USE_SSL", False)
EMAIL_USE_TLS = env.bool("MELD_EMAIL_USE_TLS", not EMAIL_USE_SSL)
EMAIL_TIMEOUT = env.int("MELD_EMAIL_TIMEOUT", 20, validate=_POSITIVE)
DEFAULT_FROM_EMAIL = env.str("MELD_EMAIL_FROM", "Meld <meld@localhost>", validate=Length(min=3))
# A finished evening's mails wait this long (seconds) before they go: the rating lists are
# brought up to date first, and an evening reopened at once sends nothing.
MELD_MAIL_DELAY_SECONDS = env.int("MELD_MAIL_DELAY_SECONDS", 60, validate=Range(min=0))
# A player's private link to their evening opens for this many days after the evening
# (0: for ever).
MELD_PLAYER_LINK_DAYS = env.int("MELD_PLAYER_LINK_DAYS", 400, validate=Range(min=0))
# The director's handbook as `make docs` builds it (not in git; a wheel carries it), at /help/.
MELD_HELP_DIR = Path(env.str("MELD_HELP_DIR", str(paths.HELP_DIR), validate=Length(min=1)))

_check(env)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured(
        "Meld cannot start; check these variables:\n  MELD_EMAIL_USE_TLS and MELD_EMAIL_USE_SSL "
        "are both on: a mail server speaks one of them."
    )
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# SECRET_KEY_LASTS is False for a key made up for this process (no SECRET_KEY, no
# .secret_key): fine for tests and commands, refused by wsgi/asgi when serving.
SECRET_KEY, SECRET_KEY_LASTS = secret_key()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "django_tables2",
    "template_partials",
    "axes",
    "csp",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.middleware.TokenGuessLimitMiddleware",
    # A lookup's NotFound (tournaments/access.py) answered as a 404, inside the limiter.
    "tournaments.middleware.NotFoundMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "meld.urls"
WSGI_APPLICATION = "meld.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SHARE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.views.live.live",
            ],
        },
    },
]


def _database() -> dict[str, Any]:
    if _DATABASE is not None:
        database = dict(_DATABASE)
        if database["ENGINE"] == "django.db.backends.postgresql":
            # The parameters go apart from the statement, and a statement run twice on a
            # connection is prepared on the server: psycopg then neither quotes every value
            # into the SQL text nor has PostgreSQL parse and plan the same statement for
            # every phone's request (both were a good part of a deal's CPU).
            database["OPTIONS"] = {
                "server_side_binding": True,
                "prepare_threshold": 2,
                **database.get("OPTIONS", {}),
            }
        return database
    # WAL lets readers go on while a phone writes; IMMEDIATE takes the write
    # lock at BEGIN so concurrent writers queue instead of failing "locked".
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": SQLITE_PATH,
        # Each worker keeps its connection: opening the file and setting it up again
        # for every request was a good part of a short request's time.
        "CONN_MAX_AGE": 600,
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    }


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [SHARE_DIR / "locale"]
FORMAT_MODULE_PATH = ["meld.formats"]
USE_I18N = True
USE_TZ = True
# Off: with it on, every integer in a template is grouped, ids too ("1,462" in a
# form's value once the database passes 999). Scores are grouped on purpose with
# |intcomma or number_format(force_grouping=True), German "5.000" included.
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "static/"
# An installed Meld serves the files collected into its wheel; a checkout collects its own.
STATICFILES_DIRS = [] if paths.INSTALLED else [BASE_DIR / "static"]
STATIC_ROOT = SHARE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments-director-events"
LOGOUT_REDIRECT_URL = "login"

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = _SSL_REDIRECT
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = _HSTS_SECONDS
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"

# The limiter's counters must be seen by every worker: Redis when several servers
# share them, else a directory all workers of this machine share (the process's
# own memory would let each gunicorn worker count alone). Counting keeps a miss's
# window as the entry's time-out on every back end.
CACHES: dict[str, dict[str, Any]]
if _REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "meld.cache.RedisCache",
            "LOCATION": _REDIS_URL,
            "KEY_PREFIX": "meld",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "meld.cache.FolderCache",
            "LOCATION": _CACHE_DIR,
            "TIMEOUT": MELD_TOKEN_MISS_WINDOW,
            "OPTIONS": {"MAX_ENTRIES": 10000},
        }
    }

# Director log-in (django-axes): after this many wrong passwords for one user name
# from one address (an IPv6 address by its /64, as the guess limiter counts), that pair
# is locked out for the cool-off time, even with the right password. Attempts are rows in the database, so every worker and server
# sees them; a successful log-in forgets the earlier failures.
AXES_FAILURE_LIMIT = _LOGIN_FAILURE_LIMIT
AXES_COOLOFF_TIME = timedelta(minutes=_LOGIN_COOLOFF_MINUTES)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "tournaments.middleware.counted_ip"
AXES_LOCKOUT_CALLABLE = "tournaments.views.lockout.locked_out"
# The log names the address of a lock-out, not the user name (often a mistyped password).
AXES_SENSITIVE_PARAMETERS = ["username"]

# No inline script, no eval, no inline style: every script and style is a file of
# ours (htmx's indicator <style> is switched off in base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
        "base-uri": [SELF],
    }
}

# Request sizes: the longest list a director may paste (1 MiB of names, about
# 3 MiB form-encoded) and one field per player on the numbers and teams pages
# (20 000 players) still fit; anything larger is refused before a view reads it.
DATA_UPLOAD_MAX_MEMORY_SIZE = 3_670_016
DATA_UPLOAD_MAX_NUMBER_FIELDS = 20_100
FILE_UPLOAD_MAX_MEMORY_SIZE = 5_242_880

# Every 500 goes to stderr with its traceback (gunicorn's error log under
# `make run`); Django's own console handler would print only with DEBUG on.
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "server": {"format": "%(asctime)s [%(process)d] %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "server",
        },
    },
    "filters": {"refused_request": {"()": "meld.log_filters.RefusedRequest"}},
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": [], "level": "INFO"},
        # 4xx answers are logged by Django as warnings: misses are counted and
        # logged by the guess limiter instead; only server errors are kept here.
        "django.request": {"level": "ERROR"},
        "meld": {"level": LOG_LEVEL},
        "tournaments": {"level": LOG_LEVEL},
        **{
            f"django.security.{refused}": {"filters": ["refused_request"]}
            for refused in ("RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent")
        },
    },
}
