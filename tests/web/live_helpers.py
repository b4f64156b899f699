"""A live part polled in a test as htmx polls it: with the change feed's value (and time
step) it was drawn with (``services.pages.live.Live``)."""

from django.test import Client

from tournaments.services.pages import live

HTMX = {"HTTP_HX_REQUEST": "true"}


def poll(client: Client, url: str, drawn, **query):
    """``url`` asked as the part in the answer ``drawn`` polls it, with ``query`` besides."""
    extra = "".join(f"&{name}={value}" for name, value in query.items())
    return client.get(f"{url}?{drawn.context['live'].query}{extra}", **HTMX)


def step_on(monkeypatch) -> int:
    """Time moves on by one step (what time alone changes is drawn again); the new step."""
    step = live.time_step() + 1
    monkeypatch.setattr(live, "time_step", lambda: step)
    return step
