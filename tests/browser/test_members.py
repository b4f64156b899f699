"""A director builds the club's register from a past evening, then picks tonight's players
from it, on a phone and on a laptop."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, no_horizontal_scroll, shoot
from tests.conftest import LAPTOP, PHONE
from tests.factories import make_event
from tournaments.models import Club, Player

pytestmark = pytest.mark.browser

LAST_MONTH = ["Anna Berger", "Bernd Huber", "Clara Roth", "Dieter Wolf", "anna  berger"]


@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_director_builds_the_register_and_picks_tonights_players_from_it(
    page, live_server, django_user_model, artifacts_dir, screen
):
    page.set_viewport_size(screen)
    size = f"{screen['width']}x{screen['height']}"
    erika = django_user_model.objects.create_user("erika", password="Karten-2026!")
    club = Club.objects.create(name="CC Wien")
    club.directors.add(erika)
    past = make_event(erika, players=0, club=club, name="October evening", status="finished")
    Player.objects.bulk_create([Player(event=past, name=name) for name in LAST_MONTH])
    tonight = make_event(erika, players=0, club=club, name="November evening")

    log_in(page, live_server, "erika", "Karten-2026!")
    page.get_by_role("link", name="Members").click()
    expect(page.get_by_role("heading", name="Members · CC Wien")).to_be_visible()
    page.get_by_role("button", name="Build the register").click()
    expect(
        page.get_by_text("From 1 past event of CC Wien: 4 new members, 5 players linked")
    ).to_be_visible()
    expect(page.locator(".member-table .player-name")).to_have_count(4)
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, f"members-01-register-{size}")

    page.goto(f"{live_server.url}/events/{tonight.pk}/setup/players/")
    expect(page.get_by_text("From the members", exact=True)).to_be_visible()
    choices = page.locator("#member-choices .member-choice")
    expect(choices).to_have_count(4)
    page.get_by_label("Clara Roth").check()
    page.locator("#pick-q").press_sequentially("huber")
    expect(choices).to_have_count(2)
    page.get_by_label("Bernd Huber").check()
    expect(page.get_by_label("Clara Roth")).to_be_checked()
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, f"members-02-pick-{size}")
    page.get_by_role("button", name="Add the ticked members").click()

    expect(page.get_by_text("2 players added.")).to_be_visible()
    expect(page.locator(".player-table .player-name")).to_have_text(["Clara Roth", "Bernd Huber"])
    assert set(tonight.players.values_list("member__name", flat=True)) == {
        "Clara Roth",
        "Bernd Huber",
    }
    shoot(page, artifacts_dir, f"members-03-added-{size}")
