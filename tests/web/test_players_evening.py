"""Each player's own evening (issue 36): the private link's page counts exactly as the
standings do, shows every deal of every round, names the others as the public pages do,
and is a plain 404 for a wrong or expired link."""

import datetime
import re

import pytest
from django.urls import reverse

from tests.web.evening_helpers import NAMES, club_with_members, played_evening
from tests.web.table_helpers import gin_game, knock, seat_of
from tournaments.models import Entry, Member
from tournaments.services.evening.page import player_evening
from tournaments.services.pages.tallies import tally
from tournaments.services.scores.entries import confirm_entry, submit_entry
from tournaments.services.scores.results import game_sheet
from tournaments.services.scores.standings import entrants, standings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HIDDEN, INITIALS = "Clara Roth", "Bernd Huber"


@pytest.fixture
def evening(director):
    club, members = club_with_members(
        director,
        public={HIDDEN: Member.PublicName.HIDDEN, INITIALS: Member.PublicName.INITIALS},
    )
    people = [members[name] for name in NAMES[:10]] + ["Gustav Gast", "Hanna Gast"]
    return played_evening(director, club, people)


def page(client, player) -> str:
    response = client.get(reverse("tournaments-player-evening", args=[player.evening_token]))
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    return response.content.decode()


def test_every_players_page_counts_as_the_standings_do(evening):
    rows = {row.key: row for row in standings(evening)}
    _ranked, key_of = entrants(evening)
    for player in evening.players.select_related("event", "member"):
        found = player_evening(player)
        row = rows[key_of[player.pk]]
        assert (found.rank, found.total, found.shared) == (row.rank, row.total, row.shared)
        lines = tally(evening, player)
        assert [r.score for r in found.rounds] == [line.score.points for line in lines]
        assert [r.running for r in found.rounds] == [line.running for line in lines]
        assert found.rounds[-1].running == row.total
        for view in found.rounds:
            game = next(line.game for line in lines if line.round == view.number)
            confirmed = list(
                Entry.objects.filter(game=game, status=Entry.Status.CONFIRMED).order_by("number")
            )
            assert [(d.number, d.points) for d in view.deals] == [
                (e.number, tuple(e.points)) for e in confirmed
            ]
            mine = next(side for side in view.sides if side.mine)
            assert mine.total == view.score


def test_the_page_shows_every_round_and_deal_with_both_sides_figures(client, evening):
    anna = evening.players.get(name="Anna Berger")
    found = player_evening(anna)
    body = page(client, anna)
    assert "Your evening" in body and "Anna Berger" in body
    assert body.count('class="card evening-round"') == 3
    assert body.count('<tr><th scope="row">Deal') == 6  # two deals in each of three rounds
    for view in found.rounds:
        for deal in view.deals:
            for points in deal.points:
                assert f"{points:,}" in body
    assert f"{found.total:,}" in body


def test_other_players_are_named_as_the_public_pages_name_them(client, evening):
    for player in evening.players.exclude(name__in=[HIDDEN, INITIALS]):
        body = page(client, player)
        assert HIDDEN not in body and "Clara" not in body
        assert "Bernd" not in body and "Huber" not in body
    clara = evening.players.get(name=HIDDEN)
    assert HIDDEN in page(client, clara)  # her own name, on her own page
    everything = "".join(page(client, p) for p in evening.players.all())
    assert "(name withheld)" in everything and "B. H." in everything


def test_a_wrong_or_expired_link_is_a_plain_404(client, evening, settings):
    assert client.get("/me/no-such-link-aaaaaaaaaaaaaaaaaaaaaaaa/").status_code == 404
    player = evening.players.first()
    url = reverse("tournaments-player-evening", args=[player.evening_token])
    settings.MELD_PLAYER_LINK_DAYS = 30
    evening.date = datetime.date.today() - datetime.timedelta(days=31)
    evening.save(update_fields=["date"])
    assert client.get(url).status_code == 404
    settings.MELD_PLAYER_LINK_DAYS = 0  # for ever
    assert client.get(url).status_code == 200


def test_a_guests_link_has_no_member_pages(client, evening):
    guest = evening.players.get(name="Gustav Gast")
    for name in ("history", "mail", "data"):
        url = reverse(f"tournaments-player-{name}", args=[guest.evening_token])
        assert client.get(url).status_code == 404, name
    body = page(client, guest)
    assert reverse("tournaments-player-mail", args=[guest.evening_token]) not in body


def test_a_member_sees_their_series_place_rating_change_and_history(client, director, evening):
    from tests.web.series_helpers import total_series
    from tournaments.services.ratings import refresh

    total_series(evening.club, [evening], "Spring cup")
    refresh.recompute_club(evening.club_id)
    anna = evening.players.select_related("event", "member").get(name="Anna Berger")
    found = player_evening(anna)
    assert [place.name for place in found.series] == ["Spring cup"]
    # The series ranks members only (guests are not in it): the same points, a place among them.
    assert found.series[0].total == found.total and found.series[0].members == 10
    assert found.series[0].rank <= found.rank
    assert len(found.ratings) == 1 and found.ratings[0].after != found.ratings[0].before
    body = page(client, anna)
    assert "Spring cup" in body and "Rating in Canasta" in body
    history = client.get(reverse("tournaments-player-history", args=[anna.evening_token]))
    assert history.status_code == 200
    text = history.content.decode()
    assert evening.name in text
    assert re.search(rf'href="/me/{re.escape(anna.evening_token)}/"', text)


def test_the_pages_write_nothing(client, evening, django_assert_max_num_queries):
    anna = evening.players.get(name="Anna Berger")
    before = Entry.objects.count(), evening.players.count(), Member.objects.count()
    for name in ("evening", "history", "mail", "data"):
        client.get(reverse(f"tournaments-player-{name}", args=[anna.evening_token]))
    assert (Entry.objects.count(), evening.players.count(), Member.objects.count()) == before


def test_the_phone_offers_your_evening_after_the_last_round_and_after_finish(director):
    from django.test import Client

    from tests.web.table_helpers import canasta_game, phone, seat_of, table_url
    from tournaments.models import Round
    from tournaments.services.setup.events import finish_event

    game = canasta_game(director, planned_rounds=2)
    mine = reverse("tournaments-player-evening", args=[seat_of(game, 1).player.evening_token])
    client = phone(game, 1)
    assert mine not in client.get(table_url("tournaments-table", game)).content.decode()
    Round.objects.filter(pk=game.round_id).update(status=Round.Status.CLOSED)
    between = client.get(table_url("tournaments-table", game)).content.decode()
    assert "is closed." in between and mine not in between  # round 1 of 2: not yet
    Event = game.round.event.__class__
    Event.objects.filter(pk=game.round.event_id).update(planned_rounds=1)
    last = client.get(table_url("tournaments-table", game)).content.decode()
    assert "was the last round." in last and f'href="{mine}"' in last
    finish_event(game.round.event, director)
    over = client.get(table_url("tournaments-table", game)).content.decode()
    assert "The event is over." in over and f'href="{mine}"' in over
    # A phone that never said who it is offers no one's evening.
    stranger = Client().get(table_url("tournaments-table", game)).content.decode()
    assert "The event is over." in stranger and "/me/" not in stranger


def test_a_gin_players_page_totals_each_game_as_its_pad_does(director):
    """Gin's game total holds its boxes and bonuses: the player's own page (and its export)
    says what the pad's last line says, not the hand points alone (a junction probe found
    "13 155" where the pad said 53 / 355)."""
    game = gin_game(director)
    first, second = seat_of(game, 1), seat_of(game, 2)
    for number, hand in enumerate((knock(0, 5, 30), knock(1, 2, 40)), start=1):
        entry = submit_entry(game, number, hand, seat=first if number == 1 else second)
        confirm_entry(entry, seat=second if number == 1 else first)
    sheet = game_sheet(game)
    assert sheet.gin is not None and sheet.grand_totals != sheet.totals
    evening = player_evening(first.player)
    (played,) = [line for line in evening.rounds if line.sides]
    assert tuple(side.total for side in played.sides) == sheet.gin.totals
