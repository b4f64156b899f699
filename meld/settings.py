"""Settings for Meld, all taken from environment variables (see README).

Importing them has no side effects: nothing is written and no socket is opened
(the secret key's file is only read, see ``meld/secret.py``; the LAN address
for the QR codes is asked for when they are printed, see ``meld/network.py``).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

from meld.secret import secret_key

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# SECRET_KEY_LASTS is False for a key made up for this process (no SECRET_KEY, no
# .secret_key): fine for tests and commands, refused by wsgi/asgi when serving.
SECRET_KEY, SECRET_KEY_LASTS = secret_key()
DEBUG = env_bool("DEBUG")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "*")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

PORT = int(os.environ.get("PORT", "8000"))
# Empty: the QR codes point to this machine's LAN address (meld.network.base_url).
MELD_BASE_URL = os.environ.get("MELD_BASE_URL", "").rstrip("/")

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
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


def _database() -> dict:
    url = os.environ.get("DATABASE_URL")
    if url:
        return dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
    # WAL lets readers go on while a phone writes; IMMEDIATE takes the write
    # lock at BEGIN so concurrent writers queue instead of failing "locked".
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
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

LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "de")
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["meld.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Vienna")
USE_I18N = True
USE_TZ = True
# Off: with it on, every integer in a template is grouped, ids too ("1,462" in a
# form's value once the database passes 999). Scores are grouped on purpose with
# |intcomma or number_format(force_grouping=True), German "5.000" included.
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "static/"
# The director's handbook as `make docs` builds it (docs/site/, not in git), served at /help/.
MELD_HELP_DIR = Path(os.environ.get("MELD_HELP_DIR", str(BASE_DIR / "docs" / "site")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
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

# Behind a TLS-terminating proxy (several clubs on one server) set HTTPS=1.
HTTPS = env_bool("HTTPS", not DEBUG and bool(os.environ.get("ALLOWED_HOSTS")))
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"

# Token guessing: after this many table/public links or table codes not found from
# one address within the window (seconds), that address gets 429 for guesses and
# code look-ups (a valid table or public link still opens). Behind a reverse proxy
# that sets X-Forwarded-For, set TRUST_X_FORWARDED_FOR=1.
MELD_TOKEN_MISS_LIMIT = int(os.environ.get("MELD_TOKEN_MISS_LIMIT", "20"))
MELD_TOKEN_MISS_WINDOW = int(os.environ.get("MELD_TOKEN_MISS_WINDOW", "600"))
# The public page's live part is drawn again at most this often (seconds), however
# often the scores change: spectators poll every 30 s, so a few seconds behind is unseen.
MELD_PUBLIC_REFRESH_SECONDS = float(os.environ.get("MELD_PUBLIC_REFRESH_SECONDS", "3"))
MELD_TRUST_X_FORWARDED_FOR = env_bool("TRUST_X_FORWARDED_FOR")

# The limiter's counters must be seen by every worker: Redis when several servers
# share them, else a directory all workers of this machine share (the process's
# own memory would let each gunicorn worker count alone). Counting keeps a miss's
# window as the entry's time-out on every back end.
if redis_url := os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": "meld",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("MELD_CACHE_DIR", str(BASE_DIR / ".cache")),
            "TIMEOUT": MELD_TOKEN_MISS_WINDOW,
            "OPTIONS": {"MAX_ENTRIES": 10000},
        }
    }

# Director log-in (django-axes): after this many wrong passwords for one user name
# from one address, that pair is locked out for the cool-off time, even with the
# right password. Attempts are rows in the database, so every worker and server
# sees them; a successful log-in forgets the earlier failures.
AXES_FAILURE_LIMIT = int(os.environ.get("MELD_LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("MELD_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "tournaments.middleware.client_ip"
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
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO")
LOGGING = {
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
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": [], "level": "INFO"},
        # 4xx answers are logged by Django as warnings: misses are counted and
        # logged by the guess limiter instead; only server errors are kept here.
        "django.request": {"level": "ERROR"},
        "meld": {"level": LOG_LEVEL},
        "tournaments": {"level": LOG_LEVEL},
    },
}
