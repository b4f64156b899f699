"""A control character in any text a request sends never reaches the database (issue 24).

A NUL in a reason (calling the director, a dispute, ending a game, closing a round
early) was a 500 on PostgreSQL, and stored as it came on SQLite; other control
characters broke the XLSX export. Every text goes through one door: a form's
``BoundedCharField`` or, for a reason a view passes on itself, ``audit.checked_reason``
(both ``tournaments.kernel.text.plain_text``). The walks below find the forms and the URLs
themselves.
"""

import re
from pathlib import Path

import pytest
from django import forms
from django.apps import apps
from django.db import models
from django.test import Client
from django.urls import reverse

from tests.factories import make_event
from tests.security.formwalk import every_form, form_classes
from tests.security.urlwalk import routes
from tests.web.table_helpers import DEAL_FORM, canasta_game, phone, table_url
from tournaments.kernel.text import plain_text
from tournaments.models import AuditEntry, Club, Entry, Event, Member, Round, TableCall
from tournaments.services.mail import addresses

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

NUL = "Anna\x00 Berger\x0b\x7f"
PLAIN = "Anna Berger"


def unplain_texts() -> list[tuple[str, str, str]]:
    """Every stored text (of every model's text columns) that holds a control character."""
    found = []
    for model in apps.get_app_config("tournaments").get_models():
        columns = [
            field.attname
            for field in model._meta.get_fields()
            if isinstance(field, models.CharField | models.TextField)
        ]
        if not columns:
            continue
        for row in model.objects.values_list(*columns):
            for column, value in zip(columns, row, strict=True):
                if isinstance(value, str) and plain_text(value) != value:
                    found.append((model.__name__, column, value))
    return found


# --- every form ------------------------------------------------------------------------


def test_every_text_field_of_every_form_keeps_no_control_character(director):
    checked = 0
    for form in every_form(director):
        for name, field in form.fields.items():
            if not isinstance(field, forms.CharField):
                continue
            try:
                value = field.clean(NUL)
            except forms.ValidationError:
                continue
            checked += 1
            assert plain_text(value) == value, (type(form).__name__, name, value)
    assert checked > 20


def test_every_form_sent_control_characters_in_every_field_cleans_to_plain_text(director):
    names = {form.add_prefix(name) for form in every_form(director) for name in form.fields}
    for form in every_form(director, {name: NUL for name in names}):
        form.is_valid()
        for name, value in getattr(form, "cleaned_data", {}).items():
            if isinstance(value, str):
                assert plain_text(value) == value, (type(form).__name__, name)


# --- the reasons a view passes on itself, and the texts of the set-up --------------------


@pytest.fixture
def evening(director):
    game = canasta_game(
        director, round_kind=Event.RoundKind.TIME, round_minutes=60, status=Event.Status.RUNNING
    )
    seat = game.seats.get(player__number=1)
    entry = Entry.objects.create(
        game=game, number=1, points_0=820, points_1=25, entered_by_seat=seat
    )
    return game, entry


def dispute(client, game, entry):
    return phone(game, 2).post(
        table_url("tournaments-table-dispute", game, entry.pk), {"reason": NUL}
    )


def call(client, game, entry):
    return phone(game, 1).post(table_url("tournaments-table-call", game), {"reason": NUL})


def end_game(client, game, entry):
    url = reverse("tournaments-director-game-end", args=[game.round.event_id, game.pk])
    return client.post(url, {"reason": NUL})


def force_close(client, game, entry):
    url = reverse("tournaments-director-round-close", args=[game.round.event_id, 1])
    return client.post(url, {"force": "1", "reason": NUL})


def settle(client, game, entry):
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.DISPUTED)
    url = reverse("tournaments-director-round-settle", args=[game.round.event_id, 1, entry.pk])
    return client.post(url, {"decision": "accept", "reason": NUL})


def correct(client, game, entry):
    url = reverse("tournaments-director-game-correct", args=[game.round.event_id, game.pk])
    fields = {f"fix-{name}": value for name, value in DEAL_FORM.items()}
    return client.post(url, {"fix-number": "2", "fix-reason": NUL, **fields})


def player_name(client, game, entry):
    event = make_event(game.round.event.owner, players=0, name="Set-up")
    url = reverse("tournaments-director-players", args=[event.pk])
    return client.post(url, {"name": NUL, "club": NUL})


def event_name(client, game, entry):
    return client.post(
        reverse("tournaments-director-event-new"),
        {"name": NUL, "date": "2026-11-22", "preset": "canasta:wiener"},
    )


STORED = {
    dispute: lambda: Entry.objects.get(number=1, version=1).reason,
    call: lambda: TableCall.objects.get().reason,
    end_game: lambda: AuditEntry.objects.get(action="other").reason,
    force_close: lambda: Round.objects.get().close_reason,
    settle: lambda: AuditEntry.objects.get(action="settle").reason,
    correct: lambda: Entry.objects.get(number=2).reason,
    player_name: lambda: (
        Event.objects.get(players__name__startswith="Anna")
        .players.get(name__startswith="Anna")
        .name
    ),
    event_name: lambda: Event.objects.get(name__startswith="Anna").name,
}


@pytest.mark.parametrize("send", STORED, ids=[send.__name__ for send in STORED])
def test_a_control_character_in_a_text_is_dropped_before_it_is_stored(
    director_client, evening, send
):
    answer = send(director_client, *evening)
    assert answer.status_code in (200, 204, 302), answer.status_code
    assert STORED[send]() == PLAIN
    assert not unplain_texts()


# --- every URL -------------------------------------------------------------------------

VIEWS = Path(__file__).resolve().parents[2] / "tournaments" / "views"
READ = re.compile(r"request\.(?:POST|GET)\.(?:get|getlist)\(\s*\"(\w+)\"")
WALKED = [
    route
    for route in routes()
    if route.namespace != "admin" and route.name not in ("login", "logout", "set_language")
]


def sent_names(entry: Entry) -> set[str]:
    """Every name a form takes (with the prefixes the views give them) or a view reads."""
    names = {name for cls in form_classes() for name in cls.base_fields}
    for path in VIEWS.glob("*.py"):
        names |= set(READ.findall(path.read_text(encoding="utf-8")))
    prefixes = ("", "fix-", f"settle{entry.pk}-", "preset-")
    return {prefix + name for prefix in prefixes for name in names}


def own_links(event: Event) -> dict[str, str]:
    """A player's private link (a member's, with an address waiting for confirmation)."""
    club = Club.objects.create(name="Walk club")
    member = Member.objects.create(club=club, name="Anna Berger")
    player = event.players.order_by("number").first()
    player.member = member
    player.save(update_fields=["member"])
    mail = addresses.set_address(member, "anna@example.org", "en")
    return {"evening_token": player.evening_token, "mail_token": mail.confirm_token}


def client_for(route, director, game) -> Client:
    if route.name.startswith("tournaments-table"):
        return phone(game, 2)
    client = Client()
    if (
        not route.name.startswith(("tournaments-public", "tournaments-player"))
        and route.name != "home"
    ):
        client.force_login(director)
    return client


@pytest.mark.parametrize("route", WALKED, ids=lambda route: route.full_name)
def test_every_url_sent_control_characters_and_huge_numbers_answers_and_stores_none(
    director, evening, route
):
    game, entry = evening
    event = game.round.event
    values = {
        "event_id": str(event.pk),
        "number": "1",
        "game_id": str(game.pk),
        "entry_id": str(entry.pk),
        "player_id": str(event.players.first().pk),
        "user_id": str(director.pk),
        "token": game.table.token,
        "public_token": event.public_token,
        **own_links(event),
    }
    url = route.url(values)
    names = sent_names(entry)
    client = client_for(route, director, game)
    for value in (NUL, str(2**70)):
        body = {name: value for name in names}
        for answer in (client.post(url, body), client.get(url, body)):
            assert answer.status_code < 500, (url, answer.status_code)
    assert not unplain_texts()


def test_the_walk_reaches_the_reasons_and_the_tables():
    names = {route.full_name for route in WALKED}
    assert {"tournaments-table-dispute", "tournaments-table-call"} <= names
    assert {"tournaments-director-game-end", "tournaments-director-round-close"} <= names
