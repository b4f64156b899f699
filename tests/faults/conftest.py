"""The guess limiter counts in the cache: every test starts and ends with a clean count."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def clean_cache():
    cache.clear()
    yield
    cache.clear()
