"""Partnership Gin entered by cards on a phone at 390×844, in German and English: the phone
switches to cards, taps both hands of each partner's game on that game's own picker, sees
the partnership's score and each game's melds, sends; the other side confirms.

Players 1 & 2 (side A) play 3 & 4; in hand 1, 1 plays 3 and 2 plays 4.
"""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot
from tests.conftest import PHONE
from tests.factories import make_event, make_tables
from tournaments.models import Entry, Game
from tournaments.services.rounds.steps import start_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=10_000)

# Game 1: 1 goes gin, 3 keeps 64: +84. Game 2: 4 knocks with 1 (discarding the 6♣), 2 lays
# the 5♦ off and keeps 37: 4 scores 36. Side A: 84 − 36 = 48.
CARD_GAMES = [
    ("Gin", 0, "AS 2S 3S 4S 5H 6H 7H KD KC KH", "QS JS 9C 8D 7C 5C 3D 2H 4C 6D"),
    ("Knock", 1, "2D 3D 4D 8S 8H 8C JH QH KH AC 6C", "5S 6S 7S 9D 9H TC 2C 3C 4H 5D"),
]


def words(language: str, text: str, **params) -> str:
    with translation.override(language):
        return translation.gettext(text) % params


def seated(browser, live_server, game: Game, number: int, language: str):
    page = browser.new_context(viewport=PHONE, locale=LOCALES[language]).new_page()
    page.goto(f"{live_server.url}/t/{game.table.token}/")
    name = f"{number} Player {number}"
    page.get_by_role("button", name=words(language, "I am %(player)s", player=name)).click()
    # What the phone asks now is at the top; a form to confirm first folds the next one away.
    expect(page.locator("#now")).to_be_visible()
    return page


def test_each_partner_game_is_tapped_on_its_own_picker(
    browser, live_server, director, artifacts_dir, language
):
    event = make_event(director, card_game="gin", players=4, fmt="tables", table_kind="partnership")
    make_tables(event, 1)
    start_round(event, user=director)
    game = Game.objects.get(round__event=event)
    entering = seated(browser, live_server, game, 1, language)
    form = entering.locator("form.entry-form")
    form.locator(".mode-field label", has_text=words(language, "Cards")).click()
    boxes = form.locator("fieldset.partner-game")
    expect(boxes.nth(0).locator(".deck")).to_be_visible()
    expect(boxes.nth(0).get_by_label(words(language, "Knocker's deadwood"))).to_be_hidden()
    for box, (kind, knocker, knocker_cards, defender_cards) in zip(
        (boxes.nth(0), boxes.nth(1)), CARD_GAMES, strict=True
    ):
        box.get_by_role("radiogroup", name=words(language, "How did the hand end?")).get_by_text(
            words(language, kind)
        ).click()
        who = box.get_by_role("radiogroup", name=words(language, "Who knocked or went gin?"))
        who.locator("label").nth(knocker).click()
        for card in knocker_cards.split():
            box.locator(f'[data-card="{card}"]').click()
        box.locator("label.pill.defender").click()
        for card in defender_cards.split():
            box.locator(f'[data-card="{card}"]').click()
        expect(box.locator('[data-count="knocker"]')).to_have_text(str(len(knocker_cards.split())))
        expect(box.locator('[data-count="defender"]')).to_have_text("10")
    # A card tapped in one game's picker is not taken from the other game's hands.
    for box in (boxes.nth(0), boxes.nth(1)):
        expect(box.locator('[data-card="KH"]')).to_have_attribute("aria-pressed", "true")
    scores = words(
        language, "%(name)s scores %(points)s", name="1 Player 1 & 2 Player 2", points="48"
    )
    preview = entering.locator("#preview")
    expect(preview).to_contain_text(scores)
    expect(preview).to_contain_text("A♠ 2♠ 3♠ 4♠")
    expect(preview).to_contain_text(words(language, "discard %(card)s", card="6♣"))
    no_horizontal_scroll(entering)
    shoot(entering, artifacts_dir, f"gin-four-cards-1-hand-1-{language}")
    form.get_by_role("button", name=words(language, "Send hand %(number)s", number=1)).click()

    confirming = seated(browser, live_server, game, 3, language)
    confirm = confirming.get_by_role(
        "button", name=words(language, "Confirm hand %(number)s", number=1)
    )
    expect(confirm).to_be_visible(timeout=15_000)
    expect(confirming.locator("main")).to_contain_text(
        words(
            language,
            "Deadwood: knocker %(knocker)s, defender %(defender)s.",
            knocker=1,
            defender=37,
        )
    )
    shoot(confirming, artifacts_dir, f"gin-four-cards-2-confirm-{language}")
    confirm.click()
    expect(confirming.locator("main")).to_contain_text(
        words(language, "%(deal)s is confirmed.", deal=words(language, "Hand %(number)s", number=1))
    )
    entry = Entry.objects.get(game=game, number=1, status=Entry.Status.CONFIRMED)
    assert entry.points == [48, 0]
    assert [one["mode"] for one in entry.details["games"]] == ["cards", "cards"]
    entering.context.close()
    confirming.context.close()
