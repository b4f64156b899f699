"""The member register's pages and the players page's "From the members" panel."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import make_event
from tournaments.models import Club, Member, Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

REGISTER = reverse("tournaments-director-members")


@pytest.fixture
def club(director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return club


@pytest.fixture
def other_club(other_director):
    club = Club.objects.create(name="Elsewhere")
    club.directors.add(other_director)
    return club


@pytest.fixture
def anna(club):
    return Member.objects.create(club=club, name="Anna Berger", number="17")


def pick_url(event):
    return reverse("tournaments-director-members-pick", args=[event.pk])


def players_url(event):
    return reverse("tournaments-director-players", args=[event.pk])


def test_the_event_list_leads_to_the_register(director_client):
    page = director_client.get(reverse("tournaments-director-events")).content.decode()
    assert f'href="{REGISTER}"' in page


def test_the_register_lists_only_the_directors_club(director_client, anna, other_club):
    Member.objects.create(club=other_club, name="Mallory Secret")
    page = director_client.get(REGISTER).content.decode()
    assert "Anna Berger" in page and "Mallory Secret" not in page


def test_the_register_searches_by_name_and_number(director_client, anna, club):
    Member.objects.create(club=club, name="Bernd Huber")
    by_name = director_client.get(REGISTER, {"q": "bernd"}).content.decode()
    by_number = director_client.get(REGISTER, {"q": "17"}).content.decode()
    assert "Bernd Huber" in by_name and "Anna Berger" not in by_name
    assert "Anna Berger" in by_number and "Bernd Huber" not in by_number


def test_the_register_hides_members_no_longer_active_unless_asked(director_client, anna, club):
    Member.objects.create(club=club, name="Otto Former", active=False)
    assert "Otto Former" not in director_client.get(REGISTER).content.decode()
    assert "Otto Former" in director_client.get(REGISTER, {"show": "all"}).content.decode()


def test_the_register_shows_who_chose_initials_or_a_hidden_name_on_public_pages(
    director_client, anna, club
):
    Member.objects.create(club=club, name="Paula Schober", public_name="initials")
    Member.objects.create(club=club, name="Otto Wallner", number="9", public_name="hidden")
    rows = {
        row.split("</a>")[0].rsplit(">", 1)[-1]: row
        for row in director_client.get(REGISTER).content.decode().split('class="player-name"')[1:]
    }
    assert "public pages: initials" in rows["Paula Schober"]
    assert 'No. 9 · <span class="public-choice">public pages: hidden' in rows["Otto Wallner"]
    # The usual choice, the full name, is not repeated on every line.
    assert "public pages" not in rows["Anna Berger"].split("</tr>")[0]


def test_a_director_without_a_club_is_told_so(client, other_director):
    client.force_login(other_director)
    page = client.get(REGISTER).content.decode()
    assert "You are not a director of any club yet" in page


@pytest.mark.parametrize("value", ["abc", "-1", "9" * 25, "１"])
def test_a_club_that_is_no_number_is_not_found(director_client, club, value):
    assert director_client.get(REGISTER, {"club": value}).status_code == 404


def test_another_clubs_register_is_not_found(director_client, club, other_club):
    assert director_client.get(REGISTER, {"club": other_club.pk}).status_code == 404
    build = reverse("tournaments-director-members-build") + f"?club={other_club.pk}"
    assert director_client.post(build).status_code == 404


def test_adding_a_member_shows_the_problem_at_the_number(director_client, anna, club):
    response = director_client.post(
        f"{REGISTER}?club={club.pk}", {"name": "Bernd Huber", "number": "17", "public_name": "full"}
    )
    assert response.status_code == 200
    assert "Member number 17 is already Anna Berger" in response.content.decode()
    assert not club.members.filter(name="Bernd Huber").exists()


def test_adding_a_member(director_client, club):
    response = director_client.post(
        f"{REGISTER}?club={club.pk}",
        {"name": " Bernd   Huber ", "gender": "m", "public_name": "initials", "active": "on"},
    )
    assert response.status_code == 302
    bernd = club.members.get()
    assert (bernd.name, bernd.gender, bernd.public_name, bernd.active) == (
        "Bernd Huber",
        "m",
        "initials",
        True,
    )


def test_editing_a_member(director_client, anna):
    url = reverse("tournaments-director-member-edit", args=[anna.pk])
    assert "Anna Berger" in director_client.get(url).content.decode()
    response = director_client.post(url, {"name": "Anna Berger-Huber", "public_name": "hidden"})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.name, anna.public_name, anna.active) == ("Anna Berger-Huber", "hidden", False)


def test_another_directors_member_is_not_found(client, other_director, anna):
    client.force_login(other_director)
    for name in ("tournaments-director-member-edit", "tournaments-director-member-merge"):
        url = reverse(name, args=[anna.pk])
        assert client.get(url).status_code in (404, 405)
        assert client.post(url, {"name": "Mallory", "gone": anna.pk}).status_code == 404
    anna.refresh_from_db()
    assert anna.name == "Anna Berger"


def test_merging_in_a_member_of_another_club_is_refused_at_the_field(
    director_client, anna, other_club
):
    stranger = Member.objects.create(club=other_club, name="Mallory")
    url = reverse("tournaments-director-member-merge", args=[anna.pk])
    for gone in (stranger.pk, "abc", "9" * 25):
        response = director_client.post(url, {"gone": gone})
        assert response.status_code == 200
        assert "Select a valid choice" in response.content.decode()
    assert Member.objects.filter(pk=stranger.pk).exists()


def test_merging_two_members_of_the_register(director_client, anna, club, director):
    twin = Member.objects.create(club=club, name="Anna Berger (2)")
    event = make_event(director, players=0, club=club)
    Player.objects.create(event=event, name="Anna Berger", member=twin)
    url = reverse("tournaments-director-member-merge", args=[anna.pk])
    response = director_client.post(url, {"gone": twin.pk}, follow=True)
    assert "Anna Berger (2) merged into Anna Berger." in response.content.decode()
    assert event.players.get().member == anna


def test_building_from_past_events_says_what_it_did(director_client, director, club):
    event = make_event(director, players=0, club=club, status="finished")
    for name in ("Anna Berger", "anna berger", "Bernd Huber"):
        Player.objects.create(event=event, name=name)
    url = reverse("tournaments-director-members-build") + f"?club={club.pk}"
    response = director_client.post(url, follow=True)
    assert (
        "From 1 past event of CC Wien: 2 new members, 3 players linked to their member."
        in response.content.decode()
    )


def test_importing_a_csv_file_with_a_bad_row_adds_nobody(director_client, club):
    url = reverse("tournaments-director-members-csv") + f"?club={club.pk}"
    data = SimpleUploadedFile("members.csv", b"name;gender\nAnna;f\nBernd;banana\n")
    response = director_client.post(url, {"file": data})
    assert response.status_code == 200
    assert "Row 3: “banana” is not a gender" in response.content.decode()
    assert not club.members.exists()


# --- tonight's players ----------------------------------------------------------------


def test_the_players_page_offers_the_clubs_active_members(director_client, director, club, anna):
    Member.objects.create(club=club, name="Otto Former", active=False)
    event = make_event(director, players=0, club=club)
    page = director_client.get(players_url(event)).content.decode()
    assert "From the members" in page
    assert "Anna Berger" in page and "Otto Former" not in page
    assert 'hx-trigger="keyup changed delay:300ms' in page


def test_searching_the_members_keeps_the_ticked_ones(director_client, director, club, anna):
    Member.objects.create(club=club, name="Bernd Huber")
    Member.objects.create(club=club, name="Clara Roth")
    event = make_event(director, players=0, club=club)
    response = director_client.get(
        pick_url(event), {"q": "clara", "member": [anna.pk]}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "Clara Roth" in html and "Bernd Huber" not in html
    assert f'value="{anna.pk}" id="pick-{anna.pk}" checked' in html


def test_forty_members_are_picked_in_one_submit(director_client, director, club):
    members = Member.objects.bulk_create(
        [Member(club=club, name=f"Member {n:02d}") for n in range(1, 41)]
    )
    event = make_event(director, players=0, club=club)
    response = director_client.post(pick_url(event), {"member": [m.pk for m in members]})
    assert response.status_code == 302
    assert event.players.filter(member__isnull=False).count() == 40
    page = director_client.get(players_url(event)).content.decode()
    assert "40 players added." in page
    assert page.count("playing tonight") == 40


def test_picking_a_member_already_playing_is_refused(director_client, director, club, anna):
    event = make_event(director, players=0, club=club)
    director_client.post(pick_url(event), {"member": [anna.pk]})
    response = director_client.post(pick_url(event), {"member": [anna.pk]}, follow=True)
    assert "Nothing was added: Anna Berger already plays tonight." in response.content.decode()
    assert event.players.count() == 1


@pytest.mark.parametrize("value", ["abc", "0", "9" * 25, "٣"])
def test_a_member_id_that_is_no_number_is_not_found(director_client, director, club, value):
    event = make_event(director, players=0, club=club)
    assert director_client.post(pick_url(event), {"member": [value]}).status_code == 404
    assert director_client.get(players_url(event), {"member": [value]}).status_code == 404


def test_another_clubs_member_cannot_be_picked(director_client, director, club, other_club):
    stranger = Member.objects.create(club=other_club, name="Mallory")
    event = make_event(director, players=0, club=club)
    assert director_client.post(pick_url(event), {"member": [stranger.pk]}).status_code == 404
    assert not event.players.exists()


def test_another_director_cannot_pick_for_an_event_not_theirs(
    client, other_director, director, club, anna
):
    event = make_event(director, players=0, club=club)
    client.force_login(other_director)
    assert client.post(pick_url(event), {"member": [anna.pk]}).status_code == 404
    assert client.get(pick_url(event), HTTP_HX_REQUEST="true").status_code == 404


def test_a_name_typed_on_the_players_page_joins_the_clubs_register(director_client, director, club):
    event = make_event(director, players=0, club=club)
    director_client.post(players_url(event), {"name": "Dora Neu", "gender": "f"})
    assert event.players.get().member == club.members.get(name="Dora Neu")


# --- merging: suggestions, preview, confirmation (issue 26.13) ---------------------------------


def test_building_says_which_names_it_took_as_one_and_which_may_be_one_person(
    director_client, director, club
):
    event = make_event(director, players=0, club=club, status="finished")
    for name in ("Anna Berger", "anna berger", "Walter Öhlinger", "Walter Ohlinger"):
        Player.objects.create(event=event, name=name)
    url = reverse("tournaments-director-members-build") + f"?club={club.pk}"
    page = director_client.post(url, follow=True).content.decode()
    assert "Taken as one member, “Anna Berger”: “anna berger”." in page
    assert (
        "May be the same person (kept apart; merge them below if they are): "
        "“Walter Ohlinger” and “Walter Öhlinger”." in page
    )


@pytest.fixture
def walters(director, club):
    """Walter Öhlinger played three evenings (one of a series), his misspelt twin one."""
    from tournaments.models import Series

    right = Member.objects.create(club=club, name="Walter Öhlinger")
    wrong = Member.objects.create(club=club, name="Walter Ohlinger", gender="m")
    series = Series.objects.create(club=club, name="Autumn cup")
    for day in (1, 2, 3):
        evening = make_event(director, players=0, club=club, name=f"Evening {day}")
        Player.objects.create(event=evening, name="Walter Öhlinger", member=right)
    misspelt = make_event(director, players=0, club=club, name="Misspelt evening")
    Player.objects.create(event=misspelt, name="Walter Ohlinger", member=wrong)
    series.events.add(misspelt)
    return right, wrong


def test_the_register_suggests_keeping_the_entry_with_more_evenings(director_client, club, walters):
    right, wrong = walters
    Member.objects.create(club=club, name="Maria Huber")
    page = director_client.get(REGISTER).content.decode()
    section = page.split('class="card merge-suggestions"')[1].split("</section>")[0]
    assert "May be the same person" in page
    assert (
        "Keep “Walter Öhlinger” (3 evenings) and merge “Walter Ohlinger” (1 evening) into it?"
        in (" ".join(section.split()))
    )
    assert f"/members/{right.pk}/merge/?gone={wrong.pk}" in section
    assert "Maria Huber" not in section


def test_the_preview_shows_what_moves_and_merges_nothing_until_confirmed(
    director_client, club, walters
):
    right, wrong = walters
    url = reverse("tournaments-director-member-merge", args=[right.pk])

    preview = director_client.get(url, {"gone": wrong.pk}).content.decode()

    text = " ".join(preview.split())
    assert "Keep “Walter Öhlinger”, merge “Walter Ohlinger” into it" in text
    assert "Walter Ohlinger's 1 evening becomes Walter Öhlinger's:" in text
    assert "Misspelt evening" in text
    assert "Series “Autumn cup”: 1 evening counts for Walter Öhlinger from now on." in text
    assert "Walter Öhlinger takes over the gender: gentleman." in text
    assert "Merge “Walter Ohlinger” into “Walter Öhlinger”" in text
    assert f"/members/{wrong.pk}/merge/?gone={right.pk}" in preview  # keep the other instead
    assert Member.objects.filter(pk=wrong.pk).exists()

    response = director_client.post(url, {"gone": wrong.pk}, follow=True)

    assert "Walter Ohlinger merged into Walter Öhlinger." in response.content.decode()
    assert not Member.objects.filter(pk=wrong.pk).exists()
    assert right.players.count() == 4


def test_the_preview_warns_when_both_played_one_evening(director_client, director, club):
    anna = Member.objects.create(club=club, name="Anna Berger")
    twin = Member.objects.create(club=club, name="Anna Berger")
    evening = make_event(director, players=0, club=club, name="Both there")
    Player.objects.create(event=evening, name="Anna Berger", member=anna)
    Player.objects.create(event=evening, name="Anna Berger", member=twin)
    url = reverse("tournaments-director-member-merge", args=[anna.pk])
    page = director_client.get(url, {"gone": twin.pk}).content.decode()
    assert "Both played on these evenings." in page and "Both there" in page


def test_two_people_of_one_name_are_no_longer_suggested(director_client, club):
    first = Member.objects.create(club=club, name="Maria Huber", number="7")
    second = Member.objects.create(club=club, name="Maria Huber", number="8")
    assert "merge-suggestions" in director_client.get(REGISTER).content.decode()
    url = reverse("tournaments-director-member-keep-apart", args=[second.pk])

    response = director_client.post(url, {"gone": first.pk}, follow=True)

    page = response.content.decode()
    assert "Maria Huber and Maria Huber are kept as two people." in page
    assert "merge-suggestions" not in page
    assert club.members.count() == 2


def test_the_edit_pages_merge_leads_to_the_preview(director_client, anna, club):
    Member.objects.create(club=club, name="Anna Berger-Huber")
    page = director_client.get(
        reverse("tournaments-director-member-edit", args=[anna.pk])
    ).content.decode()
    form = page.split("Merge a second entry of this person")[1].split("</form>")[0]
    assert 'method="get"' in form and "Show what moves" in form


# --- searching the register, counting the ticks, family names (issue 26.12, 26.15) ---------


def find_url(event):
    return reverse("tournaments-director-members-find", args=[event.pk])


def test_a_name_being_typed_finds_the_members_it_may_be(director_client, director, club, anna):
    from tournaments.models import Round

    walter = Member.objects.create(club=club, name="Walter Öhlinger", number="3")
    event = make_event(director, players=8, card_game="gin", fmt="swiss", club=club)
    Round.objects.create(event=event, number=1)
    Player.objects.create(event=event, name="Anna Berger", member=anna, number=9)

    found = director_client.get(find_url(event), {"name": "ohl"}, HTTP_HX_REQUEST="true")
    playing = director_client.get(find_url(event), {"name": "berg"}, HTTP_HX_REQUEST="true")
    nobody = director_client.get(find_url(event), {"name": "Gustav"}, HTTP_HX_REQUEST="true")

    html = found.content.decode()
    assert f'name="member" value="{walter.pk}"' in html and "Walter Öhlinger" in html
    assert "None of these: the name as typed (a guest)" in html
    assert "Anna Berger" in playing.content.decode()
    assert "playing tonight" in playing.content.decode()
    assert f'value="{anna.pk}"' not in playing.content.decode()
    assert "No member is called “Gustav”" in nobody.content.decode()
    page = director_client.get(players_url(event)).content.decode()
    assert f'hx-get="{find_url(event)}"' in page and 'id="member-matches"' in page


def test_the_substitute_page_searches_the_register(director_client, director, club, anna):
    from tournaments.models import Round

    event = make_event(director, players=8, club=club)
    Round.objects.create(event=event, number=1)
    player = event.players.get(number=2)
    url = reverse("tournaments-director-player-substitute", args=[event.pk, player.pk])
    page = director_client.get(url).content.decode()
    assert f'hx-get="{find_url(event)}"' in page
    response = director_client.post(url, {"name": "ann", "member": anna.pk}, follow=True)
    assert "Anna Berger takes number 2 from round 2." in response.content.decode()
    assert event.players.get(member=anna).substitute_for == player


def test_a_member_not_offered_cannot_be_the_substitute(director_client, director, club, other_club):
    from tournaments.models import Round

    stranger = Member.objects.create(club=other_club, name="Mallory")
    event = make_event(director, players=8, club=club)
    Round.objects.create(event=event, number=1)
    player = event.players.get(number=2)
    url = reverse("tournaments-director-player-substitute", args=[event.pk, player.pk])
    assert director_client.post(url, {"member": stranger.pk}).status_code == 404
    assert director_client.post(url, {"member": "9" * 25}).status_code == 200
    assert event.players.count() == 8


def test_the_picker_counts_the_ticked_members(director_client, director, club, anna):
    bernd = Member.objects.create(club=club, name="Bernd Huber")
    event = make_event(director, players=0, club=club)
    page = director_client.get(players_url(event), {"member": [anna.pk, bernd.pk]}).content.decode()
    assert '<output id="pick-count">2</output> ticked' in page
    assert "js/pick_count.js" in page


def test_the_register_and_the_picker_list_members_by_family_name(director_client, director, club):
    for name in ("Zita Auer", "Anna Zeller", "Bernd Öhler", "Clara Ortner"):
        Member.objects.create(club=club, name=name)
    register = director_client.get(REGISTER).content.decode()
    event = make_event(director, players=0, club=club)
    picker = director_client.get(players_url(event)).content.decode()
    order = ["Zita Auer", "Bernd Öhler", "Clara Ortner", "Anna Zeller"]
    for page in (register, picker):
        positions = [page.index(name) for name in order]
        assert positions == sorted(positions)


def test_the_players_list_is_by_family_name_until_the_numbers_are_drawn(director_client, event):
    from tournaments.services.setup import players as player_service

    player_service.paste_players(event, "Zita Auer\nAnna Zeller\nBernd Öhler")
    page = director_client.get(players_url(event)).content.decode()
    table = page.split('class="player-table"')[1]
    positions = [table.index(name) for name in ("Zita Auer", "Bernd Öhler", "Anna Zeller")]
    assert positions == sorted(positions)
