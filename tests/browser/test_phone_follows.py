"""The phone follows its player, at 390×844 in German and English: when the next round
starts the old table's page turns into the player's guide card, one tap opens the new
table with the seat already chosen; a phone left on its old table shows where each of
its players goes. Screenshots: test-artifacts/follows-*-<language>.png.
"""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from meld_testkit.language import foreign_phrases
from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot, take_seat
from tests.conftest import PHONE
from tests.factories import make_event, make_tables
from tests.web.guide_helpers import first_round, second_round, table
from tests.web.rounds_helpers import close, finish
from tournaments.models import Seat
from tournaments.services.rounds.steps import start_round
from tournaments.services.setup.player_changes import substitute

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)


@pytest.fixture
def phones(browser, language):
    contexts = [browser.new_context(viewport=PHONE, locale=LOCALES[language]) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(20_000)
    yield pages
    for context in contexts:
        context.close()


def sit(page, live_server, event, table_number: int, player_number: int) -> None:
    seat = Seat.objects.get(round__number=1, round__event=event, player__number=player_number)
    take_seat(
        page, f"{live_server.url}/t/{table(event, table_number).token}/", seat.pk, player_number
    )


def test_the_next_round_brings_the_guide_card_and_one_tap_opens_the_new_table(
    phones, live_server, director, artifacts_dir, language
):
    event = first_round(director)
    mine, left = phones
    sit(mine, live_server, event, 1, 1)
    sit(left, live_server, event, 2, 3)
    left.context.clear_cookies(name=f"meld_player_{event.pk}")  # a phone that knows its seat only
    second_round(event)

    # The score pad's poll notices the new round and the page turns into the guide card.
    card = mine.locator(".guide-card")
    expect(card).to_be_visible(timeout=20_000)
    expect(card.locator(".guide-line")).to_contain_text("Player 8")
    expect(card.locator(".guide-line")).to_contain_text("Player 2 & Player 7")
    expect(card.locator(".standing")).to_contain_text("1.000" if language == "de" else "1,000")
    with translation.override(language):
        who = translation.gettext("Who are you?")
    expect(mine.locator("main")).not_to_contain_text(who)
    shoot(mine, artifacts_dir, f"follows-1-guide-card-{language}")
    no_horizontal_scroll(mine)

    mine.locator(".guide-card a.open-table").click()
    expect(mine.locator(".iam")).to_contain_text("Player 1")
    expect(mine.locator("h1")).to_contain_text("2")
    expect(mine.locator("form.entry-form")).to_be_visible()
    shoot(mine, artifacts_dir, f"follows-2-new-table-{language}")

    # The phone left on table 2 (which plays a new game) shows where its players went.
    moves = left.locator(".moves")
    expect(moves).to_be_visible(timeout=20_000)
    expect(moves.locator(".move")).to_have_count(4)
    expect(left.locator("main")).not_to_contain_text(who)
    shoot(left, artifacts_dir, f"follows-3-left-behind-{language}")
    no_horizontal_scroll(left)
    player3 = event.players.get(number=3)
    left.locator(f'button.follow[value="{player3.pk}"]').click()
    expect(left.locator(".iam")).to_contain_text("Player 3")
    expect(left.locator("h1")).to_contain_text("3")
    shoot(left, artifacts_dir, f"follows-4-followed-{language}")


def test_a_table_without_a_game_shows_where_its_players_go_and_the_bye(
    phones, live_server, director, artifacts_dir, language
):
    event = first_round(director)
    page = phones[0]
    sit(page, live_server, event, 1, 5)
    second_round(event)
    page.reload()
    card = page.locator(".guide-card")
    expect(card).to_be_visible()
    with translation.override(language):
        bye = translation.gettext("Round %(round)s: you sit out (bye)") % {"round": 2}
    expect(card).to_contain_text(bye)
    expect(page.locator(".move")).to_have_count(3)
    shoot(page, artifacts_dir, f"follows-5-bye-{language}")
    no_horizontal_scroll(page)


def test_the_phone_of_a_player_replaced_says_who_took_their_number_and_where(
    phones, live_server, director, artifacts_dir, language
):
    """Issue 32.1: Anna Bauer's phone, left on her table of round 1, turns by itself into
    'replaced by Eva Kern from round 2' with where Eva sits, in one language, when round 2
    starts; no 'no seat'."""
    event = make_event(director, players=8, draw_seed="follows", language=language)
    event.players.filter(number=7).update(name="Anna Bauer")
    make_tables(event, 2)
    first = start_round(event, user=director)
    anna = phones[0]
    seat = Seat.objects.select_related("game__table").get(round=first, player__number=7)
    anna.goto(f"{live_server.url}/t/{seat.game.table.token}/")
    anna.locator(f'button[name=seat][value="{seat.pk}"]').click()
    expect(anna.locator(".iam")).to_contain_text("Anna Bauer")
    finish(first)
    close(first)
    eva = substitute(event, event.players.get(number=7), name="Eva Kern", user=director)
    second = start_round(event, user=director)
    eva_seat = Seat.objects.select_related("game__table").get(round=second, player=eva)

    with translation.override(language):
        replaced = translation.gettext(
            "%(player)s was replaced by %(substitute)s from round %(round)s."
        ) % {"player": "Anna Bauer", "substitute": "Eva Kern", "round": 2}
        no_seat = translation.gettext("Round %(round)s: you have no seat. Ask the director.") % {
            "round": 2
        }
    now = anna.locator("#now")
    expect(now).to_contain_text(replaced, timeout=20_000)  # the pad's poll brings round 2
    card = now.locator(".guide-card .guide-line")
    expect(card).to_contain_text("Eva Kern")
    expect(card).to_contain_text(f"{eva_seat.game.table.number}")
    expect(anna.locator("main")).not_to_contain_text(no_seat)
    assert foreign_phrases(anna.content(), language) == []
    shoot(anna, artifacts_dir, f"follows-replaced-{language}")
    no_horizontal_scroll(anna)
