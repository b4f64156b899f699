"""What every page's template knows of the live screens: how often they poll."""

from django.http import HttpRequest

from tournaments.services.pages.live import LIVE_POLL_SECONDS


def live(request: HttpRequest) -> dict:
    """The context processor (settings ``TEMPLATES``): ``live_poll``, the seconds between
    two polls of any live part of a page (``services.pages.live.LIVE_POLL_SECONDS``)."""
    return {"live_poll": LIVE_POLL_SECONDS}
