"""The players pages: list, typing, pasting, CSV, editing, teams, the draw and typed numbers."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import make_event
from tournaments.models import Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def url(name, event, *args):
    return reverse(name, args=[event.pk, *args])


def names(event):
    return list(event.players.order_by("pk").values_list("name", flat=True))


PAGES = [
    "tournaments-director-players",
    "tournaments-director-draw",
    "tournaments-director-numbers",
]


@pytest.mark.parametrize("name", PAGES)
def test_another_director_gets_404(client, event, other_director, name):
    client.force_login(other_director)
    assert client.get(url(name, event)).status_code == 404
    assert client.post(url(name, event)).status_code == 404


@pytest.mark.parametrize("name", PAGES)
def test_anonymous_visitor_is_sent_to_log_in(client, event, name):
    response = client.get(url(name, event))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_another_director_cannot_remove_a_player(client, director, other_director):
    event = make_event(director, players=4)
    client.force_login(other_director)
    player = event.players.first()
    assert (
        client.post(url("tournaments-director-player-remove", event, player.pk)).status_code == 404
    )
    assert event.players.count() == 4


def test_a_player_of_another_event_is_404(director_client, director):
    event, other = make_event(director, players=2), make_event(director, players=2)
    player = other.players.first()
    assert (
        director_client.get(url("tournaments-director-player-edit", event, player.pk)).status_code
        == 404
    )


# --- adding ---------------------------------------------------------------------------------------


def test_typing_a_name_adds_the_player(director_client, event):
    response = director_client.post(
        url("tournaments-director-players", event),
        {"name": " Anna  Berger ", "gender": "f", "club": "CC Wien"},
        follow=True,
    )
    assert names(event) == ["Anna Berger"]
    assert "Anna Berger added." in response.content.decode()
    assert response.context["form"].fields["name"].widget.attrs["autofocus"]


def test_a_too_long_name_is_shown_next_to_the_field(director_client, event):
    response = director_client.post(url("tournaments-director-players", event), {"name": "x" * 81})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == [
        "The name is longer than 80 characters (81)."
    ]
    assert not event.players.exists()


def test_an_empty_name_is_shown_next_to_the_field(director_client, event):
    response = director_client.post(url("tournaments-director-players", event), {"name": "\x07 "})
    assert response.context["form"].errors["name"] == ["The name is empty."]


def test_html_in_a_name_is_shown_as_text(director_client, event):
    director_client.post(
        url("tournaments-director-players", event), {"name": "<script>alert(1)</script>"}
    )
    html = director_client.get(url("tournaments-director-players", event)).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_duplicate_name_is_flagged_but_kept(director_client, event):
    director_client.post(url("tournaments-director-players", event), {"name": "Anna"})
    response = director_client.post(
        url("tournaments-director-players", event), {"name": "ANNA"}, follow=True
    )
    html = response.content.decode()
    assert "is in the list more than once" in html and "same name" in html
    assert names(event) == ["Anna", "ANNA"]


def test_pasting_a_list_adds_everyone(director_client, event):
    response = director_client.post(
        url("tournaments-director-players-paste", event),
        {"text": "Anna; f\nBert\tm\n\nClara"},
        follow=True,
    )
    assert names(event) == ["Anna", "Bert", "Clara"]
    assert "3 players added." in response.content.decode()


def test_a_pasted_list_with_problems_adds_nothing_and_says_why(director_client, event):
    response = director_client.post(
        url("tournaments-director-players-paste", event), {"text": "Anna\nBert; y"}
    )
    assert response.status_code == 200
    assert response.context["paste_form"].errors["text"] == [
        "Line 2: “y” is not a gender: write f (lady) or m (gentleman), or leave it empty."
    ]
    assert response.context["open_panel"] == "paste"
    assert not event.players.exists()


def test_importing_a_csv_file(director_client, event):
    upload = SimpleUploadedFile(
        "players.csv", "name;gender;club\nJürgen;m;Graz\n".encode("latin-1")
    )
    response = director_client.post(
        url("tournaments-director-players-csv", event), {"file": upload}
    )
    assert response.status_code == 302
    assert list(event.players.values_list("name", "club")) == [("Jürgen", "Graz")]


def test_a_csv_without_name_column_is_explained_next_to_the_file_field(director_client, event):
    upload = SimpleUploadedFile("players.csv", b"gender,club\nf,x\n")
    response = director_client.post(
        url("tournaments-director-players-csv", event), {"file": upload}
    )
    assert response.status_code == 200
    assert response.context["csv_form"].errors["file"] == [
        "Call the column with the players' names “name”."
    ]
    assert not event.players.exists()


def test_a_csv_import_needs_a_file(director_client, event):
    response = director_client.post(url("tournaments-director-players-csv", event), {})
    assert "file" in response.context["csv_form"].errors


def test_editing_a_player(director_client, director):
    event = make_event(director, players=2)
    player = event.players.get(number=1)
    response = director_client.post(
        url("tournaments-director-player-edit", event, player.pk),
        {"name": "Anna Maria", "gender": "f", "club": ""},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.gender, player.number) == ("Anna Maria", "f", 1)


def test_removing_a_player(director_client, director):
    event = make_event(director, players=3)
    player = event.players.get(number=2)
    director_client.post(url("tournaments-director-player-remove", event, player.pk))
    assert event.players.count() == 2


# --- after round 1 ----------------------------------------------------------------------------------


def test_after_round_one_the_page_offers_substitutes_instead_of_removing(director_client, director):
    event = make_event(director, players=8)
    Round.objects.create(event=event, number=1)
    html = director_client.get(url("tournaments-director-players", event)).content.decode()
    assert "Substitute" in html and "Remove" not in html and "Add a player" not in html
    player = event.players.get(number=1)
    assert (
        director_client.post(
            url("tournaments-director-player-remove", event, player.pk)
        ).status_code
        == 302
    )
    assert event.players.count() == 8


def test_entering_a_substitute(director_client, director):
    event = make_event(director, players=8)
    Round.objects.create(event=event, number=1)
    player = event.players.get(number=6)
    page = director_client.get(url("tournaments-director-player-substitute", event, player.pk))
    assert "From round 2 on the substitute plays with number 6" in page.content.decode()
    response = director_client.post(
        url("tournaments-director-player-substitute", event, player.pk),
        {"name": "Sam"},
        follow=True,
    )
    assert "Sam takes number 6 from round 2." in response.content.decode()
    assert event.players.get(name="Sam").substitute_for == player


def test_a_late_entry_in_a_swiss_event(director_client, director):
    event = make_event(director, players=8, card_game="gin", fmt="swiss")
    Round.objects.create(event=event, number=1)
    html = director_client.get(url("tournaments-director-players", event)).content.decode()
    assert "Late entry" in html and "Withdraw" in html
    response = director_client.post(
        url("tournaments-director-players-late", event), {"name": "Lara"}, follow=True
    )
    assert "Lara plays from round 2 with number 9." in response.content.decode()


def test_a_withdrawal_in_a_swiss_event(director_client, director):
    event = make_event(director, players=8, card_game="gin", fmt="swiss")
    Round.objects.create(event=event, number=1)
    player = event.players.get(number=3)
    director_client.post(url("tournaments-director-player-withdraw", event, player.pk))
    player.refresh_from_db()
    assert player.withdrawn_from_round == 2


# --- teams --------------------------------------------------------------------------------------------


def test_teams_start_in_list_order_and_can_be_changed(director_client, director):
    event = make_event(director, players=4, fmt="swiss", fixed_partners=True)
    p1, p2, p3, p4 = event.players.order_by("pk")
    page = director_client.get(url("tournaments-director-teams", event))
    assert page.context["form"]["team_0_a"].initial == str(p1.pk)
    response = director_client.post(
        url("tournaments-director-teams", event),
        {
            "team_0_a": p1.pk,
            "team_0_b": p3.pk,
            "team_1_a": p2.pk,
            "team_1_b": p4.pk,
        },
    )
    assert response.status_code == 302 and response.url == url("tournaments-director-draw", event)
    assert sorted(sorted(p.name for p in t.players.all()) for t in event.teams.all()) == [
        ["Player 1", "Player 3"],
        ["Player 2", "Player 4"],
    ]


def test_a_player_chosen_twice_is_marked(director_client, director):
    event = make_event(director, players=4, fmt="swiss", fixed_partners=True)
    p1, p2, p3, _p4 = event.players.order_by("pk")
    response = director_client.post(
        url("tournaments-director-teams", event),
        {
            "team_0_a": p1.pk,
            "team_0_b": p2.pk,
            "team_1_a": p3.pk,
            "team_1_b": p1.pk,
        },
    )
    assert response.context["form"].errors["team_1_b"] == ["Player 1 is chosen twice."]
    assert not event.teams.exists()


def test_the_teams_page_sends_events_without_teams_to_the_format(director_client, event):
    response = director_client.get(url("tournaments-director-teams", event))
    assert response.status_code == 302


# --- the draw -------------------------------------------------------------------------------------------


def test_drawing_shows_the_numbers_by_number_and_by_name(director_client, event):
    director_client.post(
        url("tournaments-director-players-paste", event), {"text": "Zoe\nAnna\nMax\nBert"}
    )
    response = director_client.post(url("tournaments-director-draw", event), follow=True)
    event.refresh_from_db()
    assert event.draw_seed
    assert [p.number for p in response.context["numbered"]] == [1, 2, 3, 4]
    assert [p.name for p in response.context["by_name"]] == ["Anna", "Bert", "Max", "Zoe"]
    html = response.content.decode()
    assert "By number" in html and "By name" in html and event.draw_seed in html


def test_a_refused_draw_says_why(director_client, director):
    event = make_event(director, players=0, fmt="mixed")
    director_client.post(
        url("tournaments-director-players-paste", event), {"text": "A; f\nB; f\nC; m\nD; f"}
    )
    response = director_client.post(url("tournaments-director-draw", event), follow=True)
    assert "3 ladies and 1 gentlemen" in response.content.decode()


def test_typing_numbers(director_client, event):
    director_client.post(url("tournaments-director-players-paste", event), {"text": "Anna\nBert"})
    anna, bert = event.players.order_by("pk")
    response = director_client.post(
        url("tournaments-director-numbers", event),
        {f"number_{anna.pk}": "2", f"number_{bert.pk}": "1"},
    )
    assert response.status_code == 302
    assert dict(event.players.values_list("name", "number")) == {"Anna": 2, "Bert": 1}


def test_typed_numbers_show_problems_next_to_each_player(director_client, event):
    director_client.post(url("tournaments-director-players-paste", event), {"text": "Anna\nBert"})
    anna, bert = event.players.order_by("pk")
    response = director_client.post(
        url("tournaments-director-numbers", event),
        {f"number_{anna.pk}": "1", f"number_{bert.pk}": "3"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors[f"number_{bert.pk}"] == ["Use a number from 1 to 2."]


def test_the_draw_is_read_only_after_round_one(director_client, director):
    event = make_event(director, players=8)
    Round.objects.create(event=event, number=1)
    html = director_client.get(url("tournaments-director-draw", event)).content.decode()
    assert "Draw again" not in html and "Round 1 has started" in html
    before = dict(event.players.values_list("pk", "number"))
    director_client.post(url("tournaments-director-draw", event))
    assert dict(event.players.values_list("pk", "number")) == before
    page = director_client.get(url("tournaments-director-numbers", event))
    assert all(field.disabled for field in page.context["form"].fields.values())


def test_a_very_long_list_shows_its_first_thousand_players(director_client, event):
    from tournaments.services.setup import players as service

    service.paste_players(event, "\n".join(f"P{i}" for i in range(1500)))
    response = director_client.get(url("tournaments-director-players", event))
    assert len(response.context["players"]) == 1000
    assert "The first 1,000 of 1,500 players are shown." in response.content.decode()
