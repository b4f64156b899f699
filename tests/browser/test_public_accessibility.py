"""axe-core finds nothing serious or critical on any page a public reader opens, on a phone
and on a laptop, in German and English: the club's page, a finished evening, the series, and
an evening being played (its page and every projector panel)."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, shoot
from tests.browser.test_accessibility import serious_findings
from tests.browser.test_phone_tables import season
from tests.conftest import LAPTOP, PHONE
from tests.factories import make_event, seat_round
from tournaments.kernel.public_ids import public_id
from tournaments.models import Event, Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_no_public_page_has_a_serious_accessibility_finding(
    browser, live_server, director, language, artifacts_dir
):
    club, series, evening = season(director)
    tonight = make_event(
        director, players=0, club=club, public=True, name="Tonight", status=Event.Status.RUNNING
    )
    for player in evening.players.order_by("number"):
        tonight.players.create(name=player.name, number=player.number, member=player.member)
    rnd = seat_round(tonight, 1, [((1, 2), (3, 4))])
    Result.objects.create(round=rnd, player=tonight.players.get(number=1), points=500)
    pages = {
        "club": f"/c/{club.public_token}/",
        "evening": f"/c/{club.public_token}/evenings/{public_id(evening)}/",
        "series": f"/c/{club.public_token}/series/{public_id(series)}/",
        "tonight": f"/p/{tonight.public_token}/",
    }
    pages |= {f"projector-{n}": f"/p/{tonight.public_token}/projector/?panel={n}" for n in range(3)}
    found = {}
    for size in (PHONE, LAPTOP):
        context = browser.new_context(viewport=size, locale=LOCALES[language])
        page = context.new_page()
        for name, path in pages.items():
            page.goto(live_server.url + path)
            expect(page.locator("main")).to_be_visible()
            if findings := serious_findings(page):
                found[f"{name} at {size['width']}"] = findings
        shoot(page, artifacts_dir, f"public-a11y-tonight-{language}-{size['width']}")
        context.close()
    assert not found, found
