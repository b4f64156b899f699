"""The public standings' rows are kept in each process under everything they are drawn from
(templatetags/standings_rows.py), and who is ranked under which public name once for each of
the event's frame values (views/public.py): a poll after a confirmed deal draws only the rows
that changed, and what it shows is the state now: a new total, another language, a name
hidden on the register."""

import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, seat_round
from tests.web.series_helpers import club_of
from tournaments.kernel import feed
from tournaments.models import Member, Result
from tournaments.services.club.members import save_member
from tournaments.services.scores.standings import StandingRow, precedence

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

ROW = "tournaments/public/partials/standings_row.html"


@pytest.fixture
def event(director):
    """Four players at two Gin tables; Anna, Bruno and Cora have round 1's results."""
    club = club_of(director)
    event = make_event(
        director, card_game="gin", players=0, fmt="swiss", club=club, public=True, language="en"
    )
    for number, name in enumerate(("Anna Alt", "Bruno Berg", "Cora Cohn", "Dirk Dorn"), 1):
        member = Member.objects.create(club=club, name=name)
        event.players.create(name=name, number=number, member=member)
    rnd = seat_round(event, 1, [(1, 2), (3, 4)])
    for number, points in ((1, 1500), (2, 700), (3, 300)):
        Result.objects.create(round=rnd, player=event.players.get(number=number), points=points)
    return event


def rows_drawn(answer) -> int:
    """How many standings rows the answer drew with the template engine (not kept)."""
    return sum(t.name == ROW for t in answer.templates)


def standings_of(answer) -> list[tuple[str, str]]:
    """Each row's name and total, best first."""
    table = answer.content.decode().split('class="standings"')[1]
    return re.findall(r'<td class="name">([^<]*)</td>.*?<strong>([^<]*)</strong>', table, re.S)


def test_a_row_is_drawn_once_and_a_changed_row_again(event):
    url = reverse("tournaments-public", args=[event.public_token])
    first, again = Client().get(url), Client().get(url)
    assert rows_drawn(first) == 4 and rows_drawn(again) == 0
    assert (
        standings_of(again)
        == standings_of(first)
        == [
            ("Anna Alt", "1,500"),
            ("Bruno Berg", "700"),
            ("Cora Cohn", "300"),
            ("Dirk Dorn", "0"),
        ]
    )
    Result.objects.filter(player__number=2).update(points=1800)
    feed.record(event, feed.Kind.SCORE, round=event.rounds.get())
    moved = Client().get(url)
    # Bruno's and Anna's rows moved (rank, total); Cora's and Dirk's are kept.
    assert rows_drawn(moved) == 2
    assert standings_of(moved)[:2] == [("Bruno Berg", "1,800"), ("Anna Alt", "1,500")]
    Result.objects.filter(player__number=3).update(points=500)
    feed.record(event, feed.Kind.SCORE, round=event.rounds.get())
    raised = Client().get(url)
    assert rows_drawn(raised) == 1  # Cora keeps her rank with a new total
    assert standings_of(raised)[2] == ("Cora Cohn", "500")
    german = Client().get(url, HTTP_COOKIE="django_language=de")
    assert rows_drawn(german) == 4
    assert standings_of(german)[0] == ("Bruno Berg", "1.800")


def test_a_name_hidden_on_the_register_leaves_the_public_rows_at_once(event):
    url = reverse("tournaments-public", args=[event.public_token])
    assert ("Anna Alt", "1,500") in standings_of(Client().get(url))
    anna = Member.objects.get(name="Anna Alt")
    save_member(anna.club, anna, name=anna.name, public_name=Member.PublicName.HIDDEN)
    shown = Client().get(url)
    assert ("(name withheld)", "1,500") in standings_of(shown)
    assert "Anna" not in shown.content.decode()


def test_a_kept_row_without_its_rounds_still_shows_its_total_now(event):
    """The projector's rows show no rounds: the total alone tells two drawings apart."""
    drawing = Template("{% load standings_rows %}{% standings_rows rows False metrics %}")

    def shown(total: int) -> str:
        row = StandingRow(rank=1, player=None, number=7, name="Eva", total=total)
        return drawing.render(Context({"rows": [row], "metrics": precedence(event)}))

    assert "<strong>1,200</strong>" in shown(1200)
    assert "<strong>1,300</strong>" in shown(1300)
