"""The federation's shared cache (``meld.cache.RedisCache``): Django's Redis cache with one
client a thread. Each operation Meld's servers use does what Django's own does, on a real
Redis, and both read each other's values (a federation may run both during an upgrade)."""

import os
import time

import pytest
import redis
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache

from meld.cache import RedisCache

URL = "redis://127.0.0.1:6379/6"


@pytest.fixture
def shared():
    try:
        redis.Redis.from_url(URL, socket_timeout=2).ping()
    except (OSError, redis.RedisError):
        if os.environ.get("CI") == "true":
            pytest.fail("Redis does not answer on 127.0.0.1:6379: the cache test must run on CI")
        pytest.skip("Redis does not answer on 127.0.0.1:6379")
    cache = RedisCache(URL, {"TIMEOUT": 300, "KEY_PREFIX": "meld"})
    cache.clear()
    yield cache
    cache.clear()


def test_what_is_set_is_got_added_once_touched_counted_and_deleted(shared):
    assert shared.get("feed:event:1") is None and shared.get("feed:event:1", 7) == 7
    shared.set("feed:event:1", 41)
    assert shared.get("feed:event:1") == 41 and shared.has_key("feed:event:1")
    assert not shared.add("feed:event:1", 99) and shared.get("feed:event:1") == 41
    assert shared.add("table-token:x", (3, 1), timeout=None)
    assert shared.get("table-token:x") == (3, 1) and shared.client.ttl("meld:1:table-token:x") == -1
    shared.set_many({"a": 1, "b": "<p>drawn</p>"})
    assert shared.get_many(["a", "b", "c"]) == {"a": 1, "b": "<p>drawn</p>"}
    assert shared.get_many([]) == {}
    assert shared.incr("a") == 2 and shared.decr("a", 2) == 0
    with pytest.raises(ValueError):
        shared.incr("nothing")
    assert shared.touch("a", timeout=60) and 0 < shared.client.ttl("meld:1:a") <= 60
    assert shared.touch("a", timeout=None) and shared.client.ttl("meld:1:a") == -1
    assert not shared.touch("nothing")
    assert shared.delete("a") and not shared.delete("a") and shared.get("a") is None
    shared.delete_many(["b", "table-token:x"])
    shared.delete_many([])
    assert shared.get_many(["b", "table-token:x"]) == {}


def test_timeouts_are_whole_seconds_and_zero_keeps_nothing(shared):
    shared.set_many({"x": 1, "y": 2}, timeout=30)
    assert 0 < shared.client.ttl("meld:1:x") <= 30 and 0 < shared.client.ttl("meld:1:y") <= 30
    shared.set("x", 5, timeout=0)
    shared.set_many({"y": 6}, timeout=0)
    assert shared.add("z", 1, timeout=0)  # as Django's: added, and gone at once
    assert shared.get_many(["x", "y", "z"]) == {}
    shared.set("soon", 1, timeout=1)
    time.sleep(1.1)
    assert shared.get("soon") is None


def test_djangos_own_redis_cache_reads_what_it_writes_and_back(shared):
    django = DjangoRedisCache(URL, {"TIMEOUT": 300, "KEY_PREFIX": "meld"})
    shared.set("feed:table:3", 12)
    shared.set("drawn", {"html": "<p>ü</p>"})
    assert django.get("feed:table:3") == 12 and django.get("drawn") == {"html": "<p>ü</p>"}
    django.set("pass", ("feed:round:1", 4, False))
    assert shared.get("pass") == ("feed:round:1", 4, False)
    assert django.incr("feed:table:3") == 13 and shared.get("feed:table:3") == 13
