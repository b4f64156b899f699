"""The words pages say, in German and English, read off the rendered pages (issue 24, Words):
the rule editor's sources in the page's language, going out said of both or all three
sides, gender-neutral wording next to a player's name, one word per concept at Gin (the
hand; the table's game is the Partie), how a series ranks, dates in the series editor as
the language writes them, and what a chouette's crew partner does (nobody sits out)."""

import datetime
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.profiles import profile_fields
from tests.factories import make_event, make_tables
from tests.migrations_helpers import migrate_to_latest, models_before
from tests.web.guide_helpers import first_round, second_round
from tests.web.guide_helpers import table as table_of
from tests.web.series_helpers import club_of, evening, members_of
from tests.web.table_helpers import canasta_game, seat_of
from tournaments.forms.profile import ProfileForm
from tournaments.forms.setup import NewEventForm
from tournaments.kernel.profiles import event_profile
from tournaments.models import Event, Game, Seat, Series
from tournaments.services.club.series import save_series
from tournaments.services.rounds.steps import start_round
from tournaments.services.scores.entries import correct_entry

pytestmark = [pytest.mark.django_db]


@pytest.fixture(params=["de", "en"])
def lang(request):
    with translation.override(request.param):
        yield request.param


def speaking(client: Client, lang: str) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    return client


def text_of(page: str) -> str:
    """The page's words without its tags, spaces folded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&amp;", "&")


def get(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def at_table(game: Game, number: int, lang: str) -> Client:
    phone = speaking(Client(), lang)
    seat = game.seats.get(player__number=number)
    phone.post(reverse("tournaments-table-seat", args=[game.table.token]), {"seat": seat.pk})
    return phone


# --- the rule editor -------------------------------------------------------------------

SOURCES = {
    ("canasta", "de"): "Österreichische Klubregeln des Wiener Canasta, §§ 4–22",
    ("canasta", "en"): "Austrian club rules of Wiener Canasta, §§ 4–22",
    ("gin", "de"): "Wiener Klubregeln des Gin Rummy, §§ 1–16",
    ("gin", "en"): "Wiener club rules of Gin Rummy, §§ 1–16",
}


@pytest.mark.parametrize("card_game", ["canasta", "gin"])
def test_the_rule_editor_names_the_source_in_the_page_language(
    director_client, director, lang, card_game
):
    event = make_event(director, card_game=card_game, players=0)
    url = reverse("tournaments-director-setup", args=[event.pk, "rules"])
    page = get(speaking(director_client, lang), url)
    source = re.search(r'name="source" value="([^"]*)"', page).group(1)
    assert source.startswith(SOURCES[card_game, lang])
    assert "seed" not in page
    if lang == "de":
        assert "Austrian" not in page and "club rules" not in page


def test_rules_saved_unchanged_in_german_keep_the_preset_words_for_every_language(director):
    event = make_event(director, players=0)
    profile = event_profile(event)
    with translation.override("de"):
        shown = ProfileForm(card_game="canasta", profile=profile)
        data = {name: shown[name].value() for name in shown.fields}
        data = {name: "" if value is None else value for name, value in data.items()}
        data = {name: value for name, value in data.items() if value is not False}
        posted = ProfileForm(data, card_game="canasta", profile=profile)
        assert posted.is_valid(), posted.errors
    assert posted.profile.source == profile.source  # the engine's English, translated when shown
    assert posted.profile.name == profile.name
    names = {spec.name: spec.value for spec in profile_fields(posted.profile)}
    assert names["source"].startswith("Austrian club rules of Wiener Canasta")


# --- going out -------------------------------------------------------------------------

GOING_OUT = {
    "de": "aber beide Seiten wurden als ausmachend eingetragen",
    "en": "but both sides were entered as going out",
}


def test_two_sides_entered_as_going_out_are_both_sides(director, lang):
    game = canasta_game(director)
    phone = speaking(Client(), lang)
    phone.post(
        reverse("tournaments-table-seat", args=[game.table.token]), {"seat": seat_of(game, 1).pk}
    )
    deal = {"number": 1, "idempotency_key": "both-out"}
    for side in (0, 1):
        deal.update({f"s{side}_natural_canastas": "1", f"s{side}_going_out": "out"})
        deal[f"s{side}_melded_points"] = "60"
    answer = phone.post(
        reverse("tournaments-table-submit", args=[game.table.token]),
        deal,
        HTTP_HX_REQUEST="true",
    )
    shown = text_of(answer.content.decode())
    assert GOING_OUT[lang] in shown
    assert "were all" not in shown and "wurden alle" not in shown


# --- names of players ------------------------------------------------------------------

WITH = {
    "de": "Runde 2: Tisch 2, Seite A, mit Player 8, gegen Player 2 & Player 7",
    "en": "Round 2: table 2, side A, with Player 8, against Player 2 & Player 7",
}


def test_the_guide_says_with_whom_a_player_plays(director, lang):
    event = first_round(director)
    phone = speaking(Client(), lang)
    seat = Seat.objects.get(round__event=event, round__number=1, player__number=1)
    old_table = reverse("tournaments-table", args=[table_of(event, 1).token])
    phone.post(
        reverse("tournaments-table-seat", args=[table_of(event, 1).token]), {"seat": seat.pk}
    )
    second_round(event)
    shown = text_of(get(phone, old_table))
    assert WITH[lang] in shown
    assert "Partner Player 8" not in shown and "partner Player 8" not in shown


@pytest.fixture
def rotation(director):
    event = make_event(director, card_game="gin", players=3, fmt="tables", table_kind="rotation")
    make_tables(event, 1)
    start_round(event, user=director)
    return Game.objects.get(round__event=event)


def test_the_rotation_names_the_dealer_in_gender_neutral_german(rotation):
    shown = text_of(get(at_table(rotation, 3, "de"), table_url(rotation)))
    assert "1 Player 1 spielt gegen 2 Player 2; 2 Player 2 gibt, 3 Player 3 setzt aus." in shown
    assert ", der gibt" not in shown


def table_url(game: Game) -> str:
    return reverse("tournaments-table", args=[game.table.token])


# --- the chouette: nobody sits out -----------------------------------------------------

CREW = {
    "de": (
        "1 Player 1 spielt allein gegen 2 Player 2 und 3 Player 3: 2 Player 2 spielt diese "
        "Hand, 3 Player 3 berät; 2 Player 2 gibt.",
        "1 Player 1 gegen 3 Player 3, beraten von 2 Player 2",
        ("setzt aus", "aussetz"),
    ),
    "en": (
        "1 Player 1 plays alone against 2 Player 2 and 3 Player 3: 2 Player 2 plays this "
        "hand, 3 Player 3 advises; 2 Player 2 deals.",
        "1 Player 1 against 3 Player 3, advised by 2 Player 2",
        ("sits out", "sat out"),
    ),
}


def test_a_chouette_says_what_the_crew_partner_does(director, director_client, lang):
    event = make_event(director, card_game="gin", players=3, fmt="tables", table_kind="chouette")
    make_tables(event, 1)
    start_round(event, user=director)
    game = Game.objects.get(round__event=event)
    who, later, never = CREW[lang]
    shown = text_of(get(at_table(game, 3, lang), table_url(game)))
    assert who in shown
    # Partner 2 wins hands 1 and 2 and plays on; hand 1 won by the lone player instead would
    # have handed hand 2 to partner 3.
    for number, knocker in ((1, 1), (2, 1)):
        data = {"number": number, "mode": "hand", "kind": "knock", "knocker": knocker}
        correct_entry(
            game,
            number,
            {**data, "knocker_deadwood": 2, "defender_deadwood": 20},
            user=director,
            reason="Score sheet",
        )
    url = reverse("tournaments-director-game-correct", args=[event.pk, game.pk])
    asked = speaking(director_client, lang).post(
        url,
        {
            "fix-number": "1",
            "fix-reason": "Score sheet",
            "fix-mode": "hand",
            "fix-kind": "knock",
            "fix-knocker": "0",
            "fix-knocker_deadwood": "2",
            "fix-defender_deadwood": "20",
        },
    )
    told = text_of(asked.content.decode())
    assert later in told
    for words in never:
        assert words not in shown and words not in told


# --- Gin: the hand and the Partie ------------------------------------------------------

DEAL_WORDS = {"de": r"\bSpiel(e|en|s)?\b", "en": r"\b[Dd]eals?\b"}


@pytest.fixture
def gin_hands(director):
    """Two-player Gin, rounds of 3 hands, round 1 started and hand 1 entered."""
    event = make_event(
        director, card_game="gin", players=2, fmt="swiss", round_kind="deals", round_deals=3
    )
    make_tables(event, 1)
    start_round(event, user=director)
    game = Game.objects.get(round__event=event)
    data = {"number": 1, "mode": "hand", "kind": "knock", "knocker": 0}
    correct_entry(
        game,
        1,
        {**data, "knocker_deadwood": 3, "defender_deadwood": 20},
        user=director,
        reason="Score sheet",
    )
    return game


def test_gin_pages_say_hand_for_the_hand_and_game_for_the_partie(
    director_client, director, gin_hands, lang
):
    game, event = gin_hands, gin_hands.round.event
    client = speaking(director_client, lang)
    pages = {
        "table": get(at_table(game, 1, lang), table_url(game)),
        "game": get(client, reverse("tournaments-director-game", args=[event.pk, game.pk])),
    }
    fresh = make_event(director, card_game="gin", players=2, fmt="swiss")
    for step in ("round", "rules"):
        url = reverse("tournaments-director-setup", args=[fresh.pk, step])
        pages[step] = get(client, url)
    refused = client.post(
        reverse("tournaments-director-setup", args=[fresh.pk, "round"]),
        {"round_kind": "deals", "round_deals": ""},
    )
    pages["refused"] = refused.content.decode()
    for name, page in pages.items():
        shown = text_of(page)
        assert not re.search(DEAL_WORDS[lang], shown), (
            name,
            re.findall(r".{40}(?:Spiel|[Dd]eal).{40}", shown),
        )
    if lang == "de":
        assert "Hand 2 von 3" in text_of(pages["table"]) and "3 Hände" in text_of(pages["table"])
        assert "Die Partie endet nach der Hand" in text_of(pages["rules"])
        assert "nach einer Anzahl von Händen" in text_of(pages["round"])
        assert "Geben Sie an, wie viele Hände eine Runde hat." in text_of(pages["refused"])
    else:
        assert "Hand 2 of 3" in text_of(pages["table"]) and "3 hands" in text_of(pages["table"])


# --- the club's series -----------------------------------------------------------------

RANKED = {"de": "in der Wertung ab 2 Abenden", "en": "ranked with at least 2 evenings"}


def test_a_series_says_from_how_many_evenings_it_ranks(director, director_client, lang):
    club = club_of(director)
    anna = members_of(club, "Anna")["Anna"]
    events = [evening(director, club, day, {anna: 10}) for day in (5, 12)]
    series = save_series(
        club,
        name="Winter cup",
        events=events,
        rule=Series.Rule.AVERAGE,
        placing_points=[],
        best_of=None,
        minimum_evenings=2,
    )
    url = reverse("tournaments-director-series-standings", args=[series.pk])
    shown = text_of(get(speaking(director_client, lang), url))
    assert RANKED[lang] in shown
    assert "gereiht" not in shown and "ranked from" not in shown


def test_the_series_editor_writes_dates_as_the_language_does(director, director_client, lang):
    club = club_of(director)
    make_event(director, players=0, club=club, name="Autumn", date=datetime.date(2026, 11, 22))
    page = get(speaking(director_client, lang), reverse("tournaments-director-series-new"))
    assert "Autumn (22.11.2026)" in text_of(page)
    assert "2026-11-22" not in page


@pytest.mark.django_db(transaction=True)
def test_events_stored_with_a_former_preset_source_take_its_new_words():
    old = models_before([("tournaments", "0012_gin_table_kinds")])
    owner = old.get_model("auth", "User").objects.create(username="before")
    sources = ["seed 002, §§ 1-16", "Our club's own sheet"]
    for number, source in enumerate(sources):
        old.get_model("tournaments", "Event").objects.create(
            owner_id=owner.pk,
            public_token=f"before-{number}",
            name=source,
            date=datetime.date(2026, 11, 1),
            game="gin",
            profile={"slug": "wiener", "source": source},
        )
    migrate_to_latest()
    stored = {event.name: event.profile["source"] for event in Event.objects.all()}
    assert stored == {
        sources[0]: "Wiener club rules of Gin Rummy, §§ 1–16",
        sources[1]: "Our club's own sheet",  # a director's own words stay
    }


def test_a_german_page_takes_a_date_typed_the_german_way(director):
    with translation.override("de"):
        form = NewEventForm({"name": "Herbst", "date": "22.11.2026"}, user=director)
        form.is_valid()
    assert form.cleaned_data["date"] == datetime.date(2026, 11, 22)
