"""A field with an error is described by its error list: every ``aria-describedby`` Django
writes on a field (``id_<field>_error``, ``id_<field>_helptext``) names an element of the page,
on the director's forms and on the phone's entry form."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.factories import make_event, make_tables
from tests.web.setup_helpers import profile_post
from tests.web.table_helpers import DEAL_FORM, canasta_game, phone, table_url
from tournaments.services.rounds.steps import start_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


class References(HTMLParser):
    """The ids of a page and the ids its ``aria-describedby`` attributes name."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.described: dict[str, list[str]] = {}

    def handle_starttag(self, tag, attrs) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(found["id"])
        if found.get("aria-describedby"):
            name = found.get("name") or found.get("id") or tag
            self.described[name] = found["aria-describedby"].split()


def dangling(html: str) -> dict[str, list[str]]:
    """Each field whose ``aria-describedby`` names an id the page does not have."""
    page = References()
    page.feed(html)
    return {
        name: missing
        for name, wanted in page.described.items()
        if (missing := [target for target in wanted if target not in page.ids])
    }


def described_errors(html: str) -> list[str]:
    page = References()
    page.feed(html)
    return [t for wanted in page.described.values() for t in wanted if t.endswith("_error")]


def test_a_set_up_step_with_an_error_describes_the_field_by_its_error(director_client, director):
    event = make_event(director, players=0)
    answer = director_client.post(
        reverse("tournaments-director-setup", args=[event.pk, "event"]), {"name": ""}
    )
    html = answer.content.decode()
    assert "id_name_error" in described_errors(html)
    assert not dangling(html)


def test_the_format_and_rules_steps_with_errors_describe_their_fields(director_client, director):
    event = make_event(director, players=0)
    format_step = reverse("tournaments-director-setup", args=[event.pk, "format"])
    html = director_client.post(
        format_step, {"format": "progressive", "planned_rounds": "0"}
    ).content.decode()
    assert described_errors(html) and not dangling(html)
    rules_step = reverse("tournaments-director-setup", args=[event.pk, "rules"])
    html = director_client.post(rules_step, profile_post(event, packs=5)).content.decode()
    assert described_errors(html) and not dangling(html)


def test_a_player_typed_wrongly_is_described_by_its_error(director_client, director):
    event = make_event(director, players=0)
    answer = director_client.post(
        reverse("tournaments-director-players", args=[event.pk]), {"name": "", "gender": "x"}
    )
    html = answer.content.decode()
    assert described_errors(html) and not dangling(html)


def test_the_directors_correction_with_an_error_describes_its_fields(director_client, director):
    event = make_event(director, players=4, fmt="moveup")
    make_tables(event, 1)
    game = start_round(event, user=director).games.get()
    answer = director_client.post(
        reverse("tournaments-director-game-correct", args=[event.pk, game.pk]),
        {"fix-number": "1", "fix-reason": "", "fix-s0_melded_points": "123"},
    )
    html = answer.content.decode()
    assert described_errors(html) and not dangling(html)


def test_the_phones_entry_form_describes_a_refused_field_by_its_error(director):
    game = canasta_game(director)
    at_table = phone(game, 1)
    values = {**DEAL_FORM, "s0_melded_points": "123", "number": "1", "idempotency_key": "k"}
    html = at_table.post(table_url("tournaments-table-submit", game), values).content.decode()
    assert "id_s0_melded_points_error" in described_errors(html)
    assert not dangling(html)
