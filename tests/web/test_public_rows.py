"""The public standings' rows are drawn in Python (templatetags/standings_rows.py), and who is
ranked under which public name is read once for each of the event's frame values
(views/public.py): what a poll shows is still the state now (a new total, another language,
a name hidden on the register), every figure written as ``intcomma`` writes it and every
name escaped."""

import re

import pytest
from django.contrib.humanize.templatetags.humanize import intcomma
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.factories import make_event, seat_round
from tests.web.series_helpers import club_of
from tournaments.kernel import feed
from tournaments.models import Member, Result
from tournaments.services.club.members import save_member
from tournaments.services.scores.standings import StandingRow, precedence
from tournaments.templatetags.standings_rows import number_writer

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


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


def standings_of(answer) -> list[tuple[str, str]]:
    """Each row's name and total, best first."""
    table = answer.content.decode().split('class="standings"')[1]
    return re.findall(r'<td class="name">([^<]*)</td>.*?<strong>([^<]*)</strong>', table, re.S)


def test_the_rows_show_the_standings_now(event):
    url = reverse("tournaments-public", args=[event.public_token])
    first, again = Client().get(url), Client().get(url)
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
    assert standings_of(moved)[:2] == [("Bruno Berg", "1,800"), ("Anna Alt", "1,500")]
    Result.objects.filter(player__number=3).update(points=500)
    feed.record(event, feed.Kind.SCORE, round=event.rounds.get())
    raised = Client().get(url)
    assert standings_of(raised)[2] == ("Cora Cohn", "500")
    german = Client().get(url, HTTP_COOKIE="django_language=de")
    assert standings_of(german)[0] == ("Bruno Berg", "1.800")


def test_a_name_hidden_on_the_register_leaves_the_public_rows_at_once(event):
    url = reverse("tournaments-public", args=[event.public_token])
    assert ("Anna Alt", "1,500") in standings_of(Client().get(url))
    anna = Member.objects.get(name="Anna Alt")
    save_member(anna.club, anna, name=anna.name, public_name=Member.PublicName.HIDDEN)
    shown = Client().get(url)
    assert ("(name withheld)", "1,500") in standings_of(shown)
    assert "Anna" not in shown.content.decode()


def row_of(event, total: int, name: str = "Eva") -> str:
    """One row as the projector draws it (no rounds)."""
    drawing = Template("{% load standings_rows %}{% standings_rows rows False metrics %}")
    row = StandingRow(rank=1, player=None, number=7, name=name, total=total)
    return drawing.render(Context({"rows": [row], "metrics": precedence(event)}))


def test_a_name_is_escaped_and_the_figures_written_as_intcomma_writes_them(event):
    html = row_of(event, 1200, name="<b>Eva & Co</b>")
    assert "&lt;b&gt;Eva &amp; Co&lt;/b&gt;" in html and "<b>" not in html
    assert "<strong>1,200</strong>" in html


@settings(max_examples=200, deadline=None)
@given(value=st.one_of(st.none(), st.integers(min_value=-(10**12), max_value=10**12)))
def test_a_figure_is_written_as_intcomma_writes_it(value):
    for language in ("en", "de"):
        with translation.override(language):
            expected = "–" if value is None else intcomma(value)
            assert number_writer()(value) == expected
