"""Settings for the federation bench's gunicorn only: Meld's, plus the bench's minimal write view."""

from meld.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.federation_urls"
