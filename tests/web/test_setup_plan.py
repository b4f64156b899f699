"""The set-up as a director plans it: the rules in short with the editor behind "Change a
rule", and the Format step planned for the players expected before anyone is entered."""

import pytest
from django.urls import reverse

from tests.factories import make_event
from tests.web.test_setup_views import profile_post, start_round_one

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def step(event, name):
    return reverse("tournaments-director-setup", args=[event.pk, name])


def summary(html: str) -> str:
    return html.split('class="rules-short"')[1].split("</dl>")[0]


def test_the_rules_step_shows_the_presets_key_rules_in_short(director_client, event):
    html = director_client.get(step(event, "rules")).content.decode()
    short = summary(html)
    for label, value in [
        ("Game target", "5,000"),
        ("Natural canasta", "500"),
        ("Mixed canasta", "300"),
    ]:
        assert f"<dt>{label}</dt><dd>{value}</dd>" in short
    assert "50 · from 1,500: 90 · from 3,000: 120" in short


def test_a_gin_events_rules_in_short_name_target_box_and_bonuses(director_client, director):
    event = make_event(director, card_game="gin", players=0)
    short = summary(director_client.get(step(event, "rules")).content.decode())
    for label in ("Game target", "Box bonus", "Gin bonus", "Undercut bonus"):
        assert f"<dt>{label}</dt>" in short


def test_the_full_editor_waits_behind_change_a_rule(director_client, event):
    html = director_client.get(step(event, "rules")).content.decode()
    assert '<details class="rule-editor">' in html
    assert "<summary>Change a rule</summary>" in html
    assert html.index("Change a rule") < html.index('name="target"')


def test_a_rule_with_an_error_opens_the_editor_with_the_error(director_client, event):
    response = director_client.post(step(event, "rules"), profile_post(event, packs=5))
    html = response.content.decode()
    assert response.status_code == 200
    assert '<details class="rule-editor" open>' in html
    assert 'class="errorlist"' in html


def test_a_changed_rule_shows_in_the_summary(director_client, event):
    director_client.post(step(event, "rules"), profile_post(event, target=3000))
    short = summary(director_client.get(step(event, "rules")).content.decode())
    assert "<dt>Game target</dt><dd>3,000</dd>" in short


def test_once_round_one_started_the_rules_are_read_only_in_detail(director_client, event):
    start_round_one(event)
    html = director_client.get(step(event, "rules")).content.decode()
    assert "<summary>Every rule in detail</summary>" in html and "Change a rule" not in html


def test_without_players_the_format_step_asks_how_many_are_expected(director_client, event):
    html = director_client.get(step(event, "format")).content.decode()
    assert "How many players do you expect?" in html
    assert "What Meld can play with 0 players" not in html
    assert 'name="players"' in html


def test_the_format_step_plans_for_the_players_expected_and_remembers_them(director_client, event):
    html = director_client.get(step(event, "format"), {"players": "16"}).content.decode()
    assert "What Meld can play with the 16 players you expect" in html
    again = director_client.get(step(event, "format"))
    assert again.context["players"] == 16
    assert "What Meld can play with the 16 players you expect" in again.content.decode()


def test_once_players_are_entered_the_format_step_plans_with_them(director_client, director):
    event = make_event(director, players=12)
    director_client.get(step(event, "format"), {"players": "20"})
    html = director_client.get(step(event, "format")).content.decode()
    assert "What Meld can play with 12 players" in html
