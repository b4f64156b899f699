"""A chouette evening over two rounds at 390×844, in German and English (RULES.md 2.1, 2):
partner 2 wins the last hand of round 1, so the pad says 2 plays alone next; the director
closes the round and starts round 2, whose explanation says so, and the phones at the table
show 2 playing alone against 3, who plays first and deals, and 1, who advises.
"""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot, sign_in
from tests.conftest import PHONE
from tests.factories import make_event, make_tables
from tournaments.models import Game
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import correct_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


def words(language: str, text: str, **params) -> str:
    with translation.override(language):
        return translation.gettext(text) % params


def test_the_partner_who_won_the_last_hand_plays_alone_in_the_next_round(
    browser, live_server, director, artifacts_dir, language
):
    event = make_event(
        director, card_game="gin", players=3, fmt="tables", table_kind="chouette", language=language
    )
    make_tables(event, 1)
    start_round(event, user=director)
    first = Game.objects.get(round__event=event)
    # Partner 2 goes gin twice (20 + 40, 20 + 50): 130, the game is over.
    for number, defender in ((1, 40), (2, 50)):
        data = {"number": number, "mode": "hand", "kind": "gin", "knocker": 1}
        data.update(knocker_deadwood=0, defender_deadwood=defender)
        correct_entry(first, number, data, user=director, reason="Score sheet")

    director_view = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(director_view, live_server, director, language)
    page = director_view.new_page()
    page.goto(f"{live_server.url}/t/{first.table.token}/")
    lone_next = words(
        language,
        "%(player)s won the last hand for side B and plays alone in the next round at this table.",
        player="2 Player 2",
    )
    expect(page.locator(".sheet-note")).to_have_text(lone_next)
    shoot(page, artifacts_dir, f"gin-chouette-rounds-1-pad-{language}")

    page.goto(f"{live_server.url}/events/{event.pk}/rounds/")
    page.get_by_role("button", name=words(language, "Close round %(number)s", number=1)).click()
    page.get_by_role("button", name=words(language, "Start round %(number)s", number=2)).click()
    explained = words(
        language,
        "Table %(table)d: %(player)s plays alone, as the last hand won at this table in round "
        "%(round)d decides.",
        table=1,
        player="2 Player 2",
        round=1,
    )
    expect(page.locator(".explanation")).to_contain_text(explained)
    no_horizontal_scroll(page)
    shoot(page, artifacts_dir, f"gin-chouette-rounds-2-round-2-{language}")
    shoot(page, artifacts_dir, f"gin-chouette-rounds-2-round-2-{language}", laptop=True)

    second = Game.objects.get(round__event=event, round__number=2)
    phone = browser.new_context(viewport=PHONE, locale=LOCALES[language]).new_page()
    phone.goto(f"{live_server.url}/t/{second.table.token}/")
    phone.get_by_role(
        "button", name=words(language, "I am %(player)s", player="1 Player 1")
    ).click()
    who = words(
        language,
        "%(lone)s plays alone against %(partner)s and %(adviser)s: %(partner)s plays this "
        "hand, %(adviser)s advises; %(dealer)s deals.",
        lone="2 Player 2",
        partner="3 Player 3",
        adviser="1 Player 1",
        dealer="3 Player 3",
    )
    expect(phone.locator(".who-plays")).to_have_text(who)
    knockers = phone.get_by_role("radiogroup", name=words(language, "Who knocked or went gin?"))
    expect(knockers.locator("label")).to_have_text(["2 Player 2", "3 Player 3"])
    no_horizontal_scroll(phone)
    shoot(phone, artifacts_dir, f"gin-chouette-rounds-3-phone-{language}")
    phone.context.close()
    director_view.close()
