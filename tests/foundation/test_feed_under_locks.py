"""A step of the register records its change on the feed of the evenings it renames players
in, while another step holds one of those evenings (``services.store.locks``).

The change's row holds a key share of its event's row. A late entry holds its event and
then waits for the club, which the register's step holds: were the event locked against a
key share, each would wait for the other, and PostgreSQL would fail one of them.
"""

import pytest

from tests.factories import make_event, make_tables
from tests.faults.test_close_races import held, run_together
from tournaments.models import Change, Club, Member, Player
from tournaments.services.club import members
from tournaments.services.rounds.steps import start_round
from tournaments.services.setup import player_changes

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]


def test_a_member_renamed_while_a_late_entry_holds_the_evening_lands_and_so_does_the_entry(
    director,
):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    event = make_event(
        director, card_game="gin", fmt="swiss", profile_slug="american", club=club, players=8
    )
    make_tables(event, 5)
    anna = Member.objects.create(club=club, name="Anna Berger")
    Player.objects.filter(event=event, number=1).update(name="Anna Berger", member=anna)
    start_round(event, user=director)
    before = Change.objects.filter(event=event).count()

    # Held with its event locked, before it links the newcomer under the club's lock.
    with held(player_changes, "typed_or_picked") as reached:
        entered, renamed = run_together(
            lambda: player_changes.late_entry(event, name="Dora Neu", user=director),
            lambda: members.save_member(club, anna, name="Anna Maria Berger"),
            reached,
        )

    assert (entered[0], renamed[0]) == ("done", "done"), (entered, renamed)
    assert event.players.filter(name="Dora Neu").exists()
    assert Change.objects.filter(event=event).count() == before + 2
