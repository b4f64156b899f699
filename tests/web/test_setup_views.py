"""The director's event page and the set-up wizard's steps (views)."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_event
from tests.web.setup_helpers import profile_post
from tournaments.models import Event, Round, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def step(event, name):
    return reverse("tournaments-director-setup", args=[event.pk, name])


def start_round_one(event):
    Round.objects.create(event=event, number=1)


# --- permissions ------------------------------------------------------------------------

DIRECTOR_PAGES = [
    ("tournaments-director-event", ()),
    ("tournaments-director-setup", ("event",)),
    ("tournaments-director-setup", ("rules",)),
    ("tournaments-director-setup", ("round",)),
    ("tournaments-director-setup", ("format",)),
    ("tournaments-director-setup", ("scoring",)),
]


@pytest.mark.parametrize(("name", "extra"), DIRECTOR_PAGES)
def test_another_director_gets_404(client, event, other_director, name, extra):
    client.force_login(other_director)
    assert client.get(reverse(name, args=[event.pk, *extra])).status_code == 404


@pytest.mark.parametrize(("name", "extra"), DIRECTOR_PAGES)
def test_anonymous_visitor_is_sent_to_log_in(client, event, name, extra):
    response = client.get(reverse(name, args=[event.pk, *extra]))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_anonymous_visitor_cannot_open_the_new_event_page(client):
    response = client.get(reverse("tournaments-director-event-new"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.parametrize(("name", "extra"), DIRECTOR_PAGES)
def test_the_director_sees_every_page(director_client, event, name, extra):
    assert director_client.get(reverse(name, args=[event.pk, *extra])).status_code == 200


def test_a_co_director_may_open_the_event(client, event, other_director):
    event.co_directors.add(other_director)
    client.force_login(other_director)
    assert client.get(event.get_absolute_url()).status_code == 200


def test_unknown_step_is_404(director_client, event):
    assert director_client.get(step(event, "nonsense")).status_code == 404


# --- new event ------------------------------------------------------------------------------


def test_a_new_event_starts_from_the_chosen_preset(director_client, director):
    response = director_client.post(
        reverse("tournaments-director-event-new"),
        {"name": "Gin night", "date": "2026-12-04", "preset": "gin:american"},
    )
    event = Event.objects.get(name="Gin night")
    assert response.status_code == 302 and response.url == step(event, "event")
    assert event.owner == director and event.card_game == "gin" and event.profile_slug == "american"
    assert event.profile["gin_bonus"] == 25
    assert event.scoring_mode == Event.ScoringMode.NET
    assert event.format == Event.Format.SWISS  # the first the format registry seats Gin in


def test_new_event_form_shows_each_problem_next_to_its_field(director_client):
    response = director_client.post(
        reverse("tournaments-director-event-new"),
        {"name": "", "date": "no date", "preset": "canasta:nope"},
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert set(form.errors) == {"name", "date", "preset"}
    assert not Event.objects.exists()


def test_the_new_event_page_offers_every_preset(director_client):
    html = director_client.get(reverse("tournaments-director-event-new")).content.decode()
    assert 'value="canasta:wiener"' in html and 'value="gin:wiener"' in html
    assert 'value="canasta:classic-3pack"' in html


# --- the event page ----------------------------------------------------------------------------


def test_the_event_page_lists_what_is_missing(director_client, event):
    response = director_client.get(event.get_absolute_url())
    checks = {c.label: c.done for c in response.context["checks"]}
    assert checks["Players"] is False and checks["Numbers drawn"] is False
    assert "Before round 1" in response.content.decode()
    assert not response.context["ready"]


def test_the_event_page_says_ready_when_numbers_and_tables_are_there(director_client, director):
    event = make_event(director, players=8)
    Table.objects.bulk_create([Table(event=event, number=1), Table(event=event, number=2)])
    response = director_client.get(event.get_absolute_url())
    assert response.context["ready"], [c for c in response.context["checks"] if not c.done]
    assert "Ready for round 1" in response.content.decode()


def test_the_event_page_links_the_other_pages_when_they_exist(director_client, event):
    html = director_client.get(event.get_absolute_url()).content.decode()
    assert reverse("tournaments-director-draw", args=[event.pk]) in html
    assert reverse("tournaments-director-rounds", args=[event.pk]) in html


def test_the_public_link_shows_only_for_a_public_event(director_client, event):
    public_url = reverse("tournaments-public", args=[event.public_token])
    assert public_url not in director_client.get(event.get_absolute_url()).content.decode()
    event.public = True
    event.save()
    assert public_url in director_client.get(event.get_absolute_url()).content.decode()


def test_the_format_page_shows_the_automatic_number_of_rounds(director_client, director):
    event = make_event(director, players=16, card_game="gin", fmt="swiss")
    response = director_client.get(step(event, "format"))
    assert response.context["form"].fields["planned_rounds"].widget.attrs["placeholder"] == 4
    assert "Empty: 4 rounds, as the format chosen now gives." in response.content.decode()


def test_finishing_the_event_keeps_it_readable(director_client, event):
    response = director_client.post(reverse("tournaments-director-event-finish", args=[event.pk]))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    page = director_client.get(event.get_absolute_url())
    assert page.status_code == 200 and "The event is finished" in page.content.decode()


def test_finishing_is_refused_while_a_round_is_played(director_client, event):
    start_round_one(event)
    response = director_client.post(
        reverse("tournaments-director-event-finish", args=[event.pk]), follow=True
    )
    event.refresh_from_db()
    assert event.status == Event.Status.SETUP
    assert "Round 1 is still being played" in response.content.decode()


def test_finishing_needs_a_post(director_client, event):
    assert (
        director_client.get(
            reverse("tournaments-director-event-finish", args=[event.pk])
        ).status_code
        == 405
    )


def test_another_director_cannot_finish_the_event(client, event, other_director):
    client.force_login(other_director)
    assert (
        client.post(reverse("tournaments-director-event-finish", args=[event.pk])).status_code
        == 404
    )
    event.refresh_from_db()
    assert event.status == Event.Status.SETUP


# --- co-directors ------------------------------------------------------------------------------


def test_the_owner_adds_a_co_director_by_user_name(director_client, event, other_director):
    response = director_client.post(
        reverse("tournaments-director-co-directors", args=[event.pk]), {"username": "OTHER"}
    )
    assert response.status_code == 302
    assert list(event.co_directors.all()) == [other_director]


def test_an_unknown_user_name_is_shown_next_to_the_field(director_client, event):
    response = director_client.post(
        reverse("tournaments-director-co-directors", args=[event.pk]), {"username": "nobody"}
    )
    assert response.status_code == 200
    assert response.context["co_form"].errors["username"] == ["Nobody has the user name “nobody”."]


def test_a_co_director_cannot_add_more_co_directors(
    client, event, other_director, django_user_model
):
    django_user_model.objects.create_user("third", password="x")
    event.co_directors.add(other_director)
    client.force_login(other_director)
    response = client.post(
        reverse("tournaments-director-co-directors", args=[event.pk]),
        {"username": "third"},
        follow=True,
    )
    assert "Only the director who created the event" in response.content.decode()
    assert event.co_directors.count() == 1


def test_the_owner_removes_a_co_director(director_client, event, other_director):
    event.co_directors.add(other_director)
    url = reverse("tournaments-director-co-director-remove", args=[event.pk, other_director.pk])
    assert director_client.post(url).status_code == 302
    assert not event.co_directors.exists()


# --- the steps -------------------------------------------------------------------------------------


def test_event_details_are_saved_and_the_wizard_goes_on(director_client, event):
    response = director_client.post(
        step(event, "event"),
        {
            "name": "Advent tournament",
            "date": "2026-12-06",
            "language": "en",
            "paper_size": "letter",
            "public": "on",
            "auto_confirm_minutes": "5",
            "entry_modes": ["deal", "counts"],
        },
    )
    assert response.status_code == 302 and response.url == step(event, "rules")
    event.refresh_from_db()
    assert event.name == "Advent tournament" and event.date == datetime.date(2026, 12, 6)
    assert event.public and event.paper_size == "letter" and event.auto_confirm_minutes == 5
    assert event.entry_modes == ["deal", "counts"]


def test_event_details_stay_editable_after_round_one(director_client, event):
    start_round_one(event)
    response = director_client.post(
        step(event, "event"),
        {
            "name": "Renamed",
            "date": "2026-11-22",
            "language": "de",
            "paper_size": "A4",
            "public": "on",
            "entry_modes": ["deal"],
        },
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed" and event.public


def test_the_rules_page_shows_every_parameter_with_its_help(director_client, event):
    html = director_client.get(step(event, "rules")).content.decode()
    assert "Game target" in html and "The game ends after the deal" in html
    assert "Minimum meld" in html and "Rheinisch going out" in html


def test_edited_rules_are_stored_in_the_event(director_client, event):
    response = director_client.post(
        step(event, "rules"), profile_post(event, target=3000, band_from_3="2500", band_min_3="100")
    )
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert event.profile["target"] == 3000
    assert event.profile["minimum_meld_bands"] == [[0, 50], [1500, 90], [2500, 100], [3000, 120]]
    assert event.profile_slug == "wiener"


def test_a_rule_can_be_switched_off(director_client, event):
    response = director_client.post(
        step(event, "rules"),
        profile_post(event, red_three_in_hand_rule="", hand_canasta_going_out_bonus=""),
    )
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert event.profile["red_three_in_hand_rule"] is None
    assert event.profile["hand_canasta_going_out_bonus"] is None


def test_the_profiles_own_validation_shows_next_to_the_field(director_client, event):
    response = director_client.post(step(event, "rules"), profile_post(event, packs=5))
    assert response.status_code == 200
    assert "Canasta is played with 2 or 3 packs, not 5." in response.context["form"].errors["packs"]
    event.refresh_from_db()
    assert event.profile["packs"] == 2


def test_a_band_needs_both_numbers(director_client, event):
    response = director_client.post(step(event, "rules"), profile_post(event, band_from_3="4000"))
    assert response.status_code == 200
    assert response.context["form"].errors["band_min_3"] == [
        "Fill in both numbers of this line, or neither."
    ]


def test_bands_in_the_wrong_order_are_refused(director_client, event):
    response = director_client.post(step(event, "rules"), profile_post(event, band_from_1="3500"))
    assert response.status_code == 200
    assert "minimum_meld_bands" in response.context["form"].errors


def test_choosing_another_preset_replaces_the_rules(director_client, event):
    event.profile["target"] = 1234
    event.save()
    response = director_client.post(
        step(event, "rules"), {"action": "preset", "preset-preset": "canasta:house"}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.profile_slug == "house" and event.profile["target"] == 5000
    assert event.profile["target_rule"] == "exceeded"


def test_a_gin_event_edits_gin_rules(director_client, director):
    event = make_event(director, card_game="gin", players=0)
    html = director_client.get(step(event, "rules")).content.decode()
    assert "Knock limit" in html
    response = director_client.post(step(event, "rules"), profile_post(event, knock_limit=7))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.profile["knock_limit"] == 7


def test_round_of_deals_needs_a_number(director_client, event):
    response = director_client.post(step(event, "round"), {"round_kind": "deals"})
    assert response.status_code == 200
    assert response.context["form"].errors["round_deals"] == ["Enter how many deals a round has."]


def test_round_of_minutes_is_saved(director_client, event):
    response = director_client.post(
        step(event, "round"), {"round_kind": "time", "round_minutes": "45"}
    )
    assert response.status_code == 302 and response.url == step(event, "format")
    event.refresh_from_db()
    assert event.round_kind == "time" and event.round_minutes == 45


def test_gin_rounds_speak_of_hands(director_client, director):
    event = make_event(director, card_game="gin", players=0)
    html = director_client.get(step(event, "round")).content.decode()
    assert "Hands per round" in html


def test_format_page_shows_the_schedule_check_for_the_players_entered(director_client, director):
    event = make_event(director, players=12)
    response = director_client.get(step(event, "format"))
    assert response.context["players"] == 12
    html = response.content.decode()
    assert "What Meld can play with 12 players" in html
    labels = [label for label, _preview in response.context["previews"]]
    assert labels == ["Progressive", "Progressive, balanced schedule", "Progressive, mixed pairs"]
    assert "11 rounds" in html and "3 tables" in html and "not fully balanced." in html


def test_format_page_checks_another_number_of_players_on_request(director_client, event):
    response = director_client.get(step(event, "format") + "?players=9")
    assert response.context["players"] == 9
    assert response.context["swiss_rounds"] == 4


def test_format_swiss_with_fixed_partners_is_saved(director_client, event):
    response = director_client.post(
        step(event, "format"), {"format": "swiss", "fixed_partners": "on", "planned_rounds": "5"}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.format == "swiss" and event.fixed_partners and event.planned_rounds == 5


def test_fixed_partners_do_not_apply_to_progressive_play(director_client, event):
    director_client.post(
        step(event, "format"),
        {"format": "progressive", "fixed_partners": "on", "balanced_schedule": "1"},
    )
    event.refresh_from_db()
    assert not event.fixed_partners and event.balanced_schedule


def test_too_many_swiss_rounds_are_refused_next_to_the_field(director_client, director):
    event = make_event(director, players=6)
    response = director_client.post(
        step(event, "format"), {"format": "swiss", "planned_rounds": "9"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["planned_rounds"] == [
        "With the players entered now there can be at most 5 rounds."
    ]


def test_scoring_mode_and_bye_score_are_saved(director_client, event):
    response = director_client.post(
        step(event, "scoring"), {"scoring_mode": "match", "bye_score": "100"}
    )
    assert response.status_code == 302
    assert response.url == reverse("tournaments-director-players", args=[event.pk])
    event.refresh_from_db()
    assert event.scoring_mode == "match" and event.bye_score == 100


# --- locked once round 1 has started ------------------------------------------------------------


@pytest.mark.parametrize("name", ["rules", "round", "format", "scoring"])
def test_setup_pages_are_read_only_after_round_one_starts(director_client, event, name):
    start_round_one(event)
    response = director_client.get(step(event, name))
    html = response.content.decode()
    assert "Round 1 has started, so the set-up can no longer be changed." in html
    assert all(field.disabled for field in response.context["form"].fields.values())
    assert "Save and continue" not in html


def test_posting_to_a_locked_step_changes_nothing(director_client, event):
    start_round_one(event)
    response = director_client.post(
        step(event, "scoring"), {"scoring_mode": "match", "bye_score": "5"}
    )
    assert response.status_code == 200
    event.refresh_from_db()
    assert event.scoring_mode == "tally"
    assert "Round 1 has started" in response.content.decode()


def test_the_preset_cannot_change_after_round_one(director_client, event):
    start_round_one(event)
    director_client.post(
        step(event, "rules"), {"action": "preset", "preset-preset": "canasta:house"}
    )
    event.refresh_from_db()
    assert event.profile_slug == "wiener"


def test_event_list_links_new_event_and_events(director_client, event):
    html = director_client.get(reverse("tournaments-director-events")).content.decode()
    assert reverse("tournaments-director-event-new") in html and event.get_absolute_url() in html


SETUP_PAGES = [
    "tournaments-director-event",
    "tournaments-director-players",
    "tournaments-director-teams",
    "tournaments-director-draw",
    "tournaments-director-numbers",
]


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_page_renders_in_both_languages(client, director, language):
    event = make_event(director, players=8, fmt="swiss", fixed_partners=True)
    client.force_login(director)
    client.cookies["django_language"] = language
    urls = [reverse(name, args=[event.pk]) for name in SETUP_PAGES]
    urls += [step(event, name) for name in ("event", "rules", "round", "format", "scoring")]
    urls += [reverse("tournaments-director-event-new"), reverse("tournaments-director-events")]
    for address in urls:
        response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, address
        assert f'lang="{language}"' in response.content.decode(), address
