"""Property: the club's rating list is the same whatever order evenings are finished and
corrections arrive in: it is always the replay of the final results in date order."""

import datetime

from django.contrib.auth import get_user_model
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from ratings import Evening, Match, replay
from tests.factories import make_event, seat_round
from tests.web.series_helpers import club_of, members_of
from tournaments.card_games import CARD_GAMES
from tournaments.models import Event, MemberRating, RatingHistory, Round
from tournaments.services.scores.entries import correct_entry
from tournaments.services.setup import events as setup

DAYS = (5, 12, 19)
TABLES = [((1, 2), (3, 4)), ((5, 6), (7, 8))]
SEATINGS = (TABLES, [((1, 5), (2, 6)), ((3, 7), (4, 8))], [((1, 8), (2, 7)), ((3, 6), (4, 5))])
DEALS = 2
TOTAL = st.sampled_from([-200, 0, 150, 600, 1250, 2400])
# A correction: which evening, table and deal, and the deal's new totals.
CORRECTION = st.tuples(
    st.integers(0, len(DAYS) - 1),
    st.integers(1, len(TABLES)),
    st.integers(1, DEALS),
    st.tuples(TOTAL, TOTAL),
)


def corrections():
    return st.lists(CORRECTION, max_size=4, unique_by=lambda c: c[:3])


class RatingsArriveInAnyOrder(TestCase):
    def setUp(self):
        self.director = get_user_model().objects.create_user("director")
        self.club = club_of(self.director)
        self.members = list(members_of(self.club, *"ABCDEFGH").values())

    def evening(self, index: int) -> Event:
        event = make_event(
            self.director,
            players=8,
            club=self.club,
            date=datetime.date(2026, 1, DAYS[index]),
            status=Event.Status.RUNNING,
        )
        for player in event.players.all():
            player.member = self.members[player.number - 1]
            player.save(update_fields=["member"])
        rnd = seat_round(event, 1, SEATINGS[index])
        for game in rnd.games.all():
            for deal in range(1, DEALS + 1):
                points = [300 * deal + 100 * game.table.number + 50 * index, 450]
                self.correct(game, deal, points)
        rnd.status = Round.Status.CLOSED
        rnd.save(update_fields=["status"])
        return event

    def correct(self, game, deal: int, points) -> None:
        correct_entry(game, deal, {"totals": list(points)}, user=self.director, reason="as played")

    def finish(self, event: Event) -> None:
        with self.captureOnCommitCallbacks(execute=True):
            setup.finish_event(event, self.director)

    def stored(self):
        ratings = {
            r.member_id: (r.mu, r.sigma, r.games)
            for r in MemberRating.objects.filter(member__club=self.club)
        }
        history = {
            (h.event_id, h.member_id): (h.mu_after, h.sigma_after, h.expected, h.scored)
            for h in RatingHistory.objects.filter(member__club=self.club)
        }
        return ratings, history

    def replayed(self, events: list[Event]):
        """The engine's replay of the results as they finally stand, read here on their own."""
        evenings = []
        for event in sorted(events, key=lambda e: (e.date, e.pk)):
            matches = []
            for game in event.rounds.get().games.order_by("table__number"):
                sides = [
                    tuple(
                        s.player.member_id
                        for s in game.seats.filter(side=side).order_by("position")
                    )
                    for side in (0, 1)
                ]
                points = (float(game.score_0), float(game.score_1))
                if any(points):  # a game in which nobody scored is not rated
                    matches.append(Match(tuple(sides), points))
            evenings.append(Evening(event.pk, tuple(matches)))
        ledger, history = replay(evenings, CARD_GAMES["canasta"].rating_margin)
        return (
            {key: (r.mu, r.sigma, r.games) for key, r in ledger.ratings.items()},
            {
                (event_id, key): (o.after.mu, o.after.sigma, o.expected, o.scored)
                for event_id, outcomes in history.items()
                for key, o in outcomes.items()
            },
        )

    @settings(max_examples=15, deadline=None)
    @given(st.permutations(range(len(DAYS))), corrections())
    def test_the_list_is_the_replay_of_the_final_results(self, finish_order, arriving):
        events = [self.evening(index) for index in range(len(DAYS))]
        for index in finish_order:
            self.finish(events[index])
        for index, table, deal, points in arriving:
            event = events[index]
            with self.captureOnCommitCallbacks(execute=True):
                setup.reopen_event(event, self.director, "a wrong deal")
            game = event.rounds.get().games.get(table__number=table)
            self.correct(game, deal, points)
            self.finish(event)
        assert self.stored() == self.replayed(events)
