"""A server process compiles its templates and reads its catalogues before the first request."""

from django.template import engines
from django.template.loader import get_template
from django.template.loaders.filesystem import Loader

from meld.warmup import templates, warm_up


def test_every_template_of_the_project_is_read_before_the_first_request(monkeypatch):
    engines["django"].engine.template_loaders[0].reset()
    read = []
    original = Loader.get_contents
    monkeypatch.setattr(
        Loader,
        "get_contents",
        lambda self, origin: read.append(origin.name) or original(self, origin),
    )
    names = templates()
    assert {"base.html", "tournaments/table/page.html"} <= set(names)
    assert warm_up() == len(names) > 50
    assert len(read) >= len(names)
    read.clear()
    for name in names:
        get_template(name)  # what a page (or an include in it) asks for: already compiled
    assert read == []


def test_the_server_module_warms_up_when_it_is_loaded(monkeypatch, settings):
    import importlib
    import sys

    import meld.warmup

    calls = []
    settings.SECRET_KEY_LASTS = True
    monkeypatch.setattr(meld.warmup, "warm_up", lambda: calls.append(1) or 0)
    monkeypatch.delitem(sys.modules, "meld.wsgi", raising=False)
    importlib.import_module("meld.wsgi")
    assert calls == [1]
