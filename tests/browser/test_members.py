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
    expect(page.locator(".pick-count")).to_have_text("1 ticked")
    page.locator("#pick-q").press_sequentially("huber")
    expect(choices).to_have_count(2)
    page.get_by_label("Bernd Huber").check()
    expect(page.get_by_label("Clara Roth")).to_be_checked()
    expect(page.locator(".pick-count")).to_have_text("2 ticked")
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, f"members-02-pick-{size}")
    page.get_by_role("button", name="Add the ticked members").click()

    expect(page.get_by_text("2 players added.")).to_be_visible()
    # By family name.
    expect(page.locator(".player-table .player-name")).to_have_text(["Bernd Huber", "Clara Roth"])
    assert set(tonight.players.values_list("member__name", flat=True)) == {
        "Clara Roth",
        "Bernd Huber",
    }
    shoot(page, artifacts_dir, f"members-03-added-{size}")


def test_in_german_the_register_is_built_and_tonights_players_picked(
    german, live_server, director, artifacts_dir
):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    past = make_event(director, players=0, club=club, name="Oktoberabend", status="finished")
    Player.objects.bulk_create([Player(event=past, name=name) for name in LAST_MONTH])
    tonight = make_event(director, players=0, club=club, name="Novemberabend")

    german.goto(f"{live_server.url}/events/")
    german.get_by_role("link", name="Mitglieder").click()
    expect(german.get_by_role("heading", name="Mitglieder · CC Wien")).to_be_visible()
    german.get_by_role("button", name="Verzeichnis aufbauen").click()
    expect(
        german.get_by_text(
            "Aus 1 vergangenen Turnier von CC Wien: 4 neue Mitglieder, "
            "5 Spieler mit ihrem Mitglied verknüpft."
        )
    ).to_be_visible()
    expect(german.locator(".member-table .player-name")).to_have_count(4)
    no_horizontal_scroll(german)
    shoot(german, artifacts_dir, "members-de-01-register")

    german.goto(f"{live_server.url}/events/{tonight.pk}/setup/players/")
    expect(german.get_by_text("Aus den Mitgliedern", exact=True)).to_be_visible()
    choices = german.locator("#member-choices .member-choice")
    expect(choices).to_have_count(4)
    german.get_by_label("Clara Roth").check()
    expect(german.locator(".pick-count")).to_have_text("1 angehakt")
    german.get_by_label("Suchen").press_sequentially("huber")
    expect(choices).to_have_count(2)
    german.get_by_label("Bernd Huber").check()
    expect(german.locator(".pick-count")).to_have_text("2 angehakt")
    no_horizontal_scroll(german)
    shoot(german, artifacts_dir, "members-de-02-pick")
    german.get_by_role("button", name="Die angehakten Mitglieder hinzufügen").click()

    expect(german.get_by_text("2 Spieler hinzugefügt.")).to_be_visible()
    expect(german.locator(".player-table .player-name")).to_have_text(["Bernd Huber", "Clara Roth"])
    assert set(tonight.players.values_list("member__name", flat=True)) == {
        "Clara Roth",
        "Bernd Huber",
    }
    shoot(german, artifacts_dir, "members-de-03-added")
