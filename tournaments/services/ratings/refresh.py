"""The club's rating lists: every finished evening replayed through the ratings engine.

A club has one list per card game (``CARD_GAMES``). It is a cache: the evenings' results
are its inputs, and it is rebuilt from them in played order (event date, then id;
within an evening round by round, table by table) whenever that order's past changes:
an evening finished or imported with a date before the latest rated one, an evening
reopened, players linked to other members (merging, building the register). An evening
finished after every rated one is rated on top of the list as it stands. The replay
and the step-by-step list are the same (``ratings.Ledger``).

What a game counts for is for the registries to say: the card game says the sides and
their points (``CardGame.rated_matches``) and the margin from which a win counts for
more (``rating_margin``); the format says where only who won counts
(``Format.rated_by_places``).

The writing steps run after the step that changed the results has committed
(``transaction.on_commit``, never in a GET), each in one transaction under the club's
lock (``services.store.locks``), so two of them for one club run one after the other. Each
reads in bulk: a constant number of queries, whatever the number of evenings.
"""

import gc
import logging
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import connection, transaction
from django.db.models import Q, QuerySet

from ratings import Evening, EveningOutcome, Ledger, Match, Rating, replay
from tournaments.card_games import CARD_GAMES, card_game_of
from tournaments.card_games.base import PlayedGame
from tournaments.formats import format_of
from tournaments.kernel.statements import concrete_fields, quote, table
from tournaments.models import (
    Event,
    Game,
    MemberRating,
    Player,
    RatingHistory,
    RatingList,
    Seat,
)
from tournaments.services.store.locks import lock_club, serialised

log = logging.getLogger(__name__)

FINISHED = Event.Status.FINISHED


# --- the triggers -------------------------------------------------------------------


def after_finishing(event: Event) -> None:
    """Once the step that finished (or imported finished) ``event`` commits, rate it."""
    event_id = event.pk
    transaction.on_commit(lambda: evening_finished(event_id), robust=True)


def after_change(club_id: int | None, card_games: Iterable[str] | None = None) -> None:
    """Once the step that changed the club's past evenings commits, replay its lists
    (``card_games``: those card games' lists; None: every one)."""
    if club_id is None:
        return
    keys = tuple(CARD_GAMES if card_games is None else card_games)
    transaction.on_commit(lambda: recompute_club(club_id, keys), robust=True)


# --- the writing steps ----------------------------------------------------------------


@serialised
def evening_finished(event_id: int) -> None:
    """Rate the finished evening ``event_id``: on top of the list when it is the latest
    of its club and card game, else (it lands in the past) by replaying the list."""
    with transaction.atomic():
        club_id = Event.objects.filter(pk=event_id).values_list("club_id", flat=True).first()
        if club_id is None:
            return
        lock_club(club_id, change=True)
        # As it stands under the lock (an event moved to another club meanwhile is its).
        event = Event.objects.filter(pk=event_id, club_id=club_id).first()
        if event is None:
            return
        listed = RatingList.objects.filter(club_id=club_id, card_game=event.card_game).first()
        if event.status == FINISHED and listed is not None and _latest(event, club_id, listed):
            _rate_on_top(event, club_id, listed)
        else:
            _replay(club_id, event.card_game)


def _latest(event: Event, club_id: int, listed: RatingList) -> bool:
    """Whether ``event`` comes after every evening the list counts, and the list counts
    every other finished evening of its club and card game."""
    others = _finished(club_id, event.card_game).exclude(pk=event.pk).count()
    if listed.evenings != others:
        return False
    if listed.through_date is None:
        return others == 0
    later: bool = (listed.through_date, listed.through_event_id or 0) < (event.date, event.pk)
    return later


@serialised
def recompute_club(club_id: int, card_games: Iterable[str] = tuple(CARD_GAMES)) -> None:
    """Replay the club's lists of ``card_games`` from their first evening."""
    with transaction.atomic():
        lock_club(club_id, change=True)
        for key in card_games:
            _replay(club_id, key)


def _finished(club_id: int, card_game: str) -> QuerySet[Event]:
    return Event.objects.filter(club_id=club_id, card_game=card_game, status=FINISHED)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while a replay reads and rates.

    A replay makes a few hundred thousand small tuples, lists and ratings, none of them
    in a reference cycle: each is freed when it is done with. The collector would walk
    them again and again as they pile up, a fifth of a ten-season replay's time."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _replay(club_id: int, card_game: str) -> None:
    scope = Q(club_id=club_id, card_game=card_game, status=FINISHED)
    events = list(Event.objects.filter(scope).order_by("date", "pk"))
    with _collector_paused():
        evenings = played_evenings(club_id, events, scope)
        ledger, history = replay(evenings, CARD_GAMES[card_game].rating_margin)
        rows = [
            _history_row(member_id, event_id, card_game, outcome)
            for event_id, outcomes in history.items()
            for member_id, outcome in outcomes.items()
        ]
    MemberRating.objects.filter(member__club_id=club_id, card_game=card_game).delete()
    RatingHistory.objects.filter(member__club_id=club_id, card_game=card_game).delete()
    MemberRating.objects.bulk_create(
        (
            MemberRating(member_id=key, card_game=card_game, mu=r.mu, sigma=r.sigma, games=r.games)
            for key, r in ledger.ratings.items()
        ),
        batch_size=1000,
    )
    _insert_history(rows)
    last = events[-1] if events else None
    _save_list(club_id, card_game, len(events), last)


def _rate_on_top(event: Event, club_id: int, listed: RatingList) -> None:
    """The latest evening, rated on the list as it stands."""
    card_game = event.card_game
    stored = {
        row.member_id: row
        for row in MemberRating.objects.filter(member__club_id=club_id, card_game=card_game)
    }
    ledger = Ledger(
        {key: Rating(row.mu, row.sigma, row.games) for key, row in stored.items()},
        CARD_GAMES[card_game].rating_margin,
    )
    (evening,) = played_evenings(club_id, [event], Q(pk=event.pk))
    outcomes = ledger.rate_evening(evening)
    changed: list[MemberRating] = []
    new: list[MemberRating] = []
    for key in outcomes:
        rating = ledger.rating(key)
        row = stored.get(key) or MemberRating(member_id=key, card_game=card_game)
        row.mu, row.sigma, row.games = rating.mu, rating.sigma, rating.games
        (changed if row.pk else new).append(row)
    MemberRating.objects.bulk_update(changed, ["mu", "sigma", "games"], batch_size=1000)
    MemberRating.objects.bulk_create(new, batch_size=1000)
    _insert_history(
        [_history_row(key, event.pk, card_game, outcome) for key, outcome in outcomes.items()]
    )
    _save_list(club_id, card_game, listed.evenings + 1, event)


HISTORY = (
    "member",
    "event",
    "card_game",
    "mu_before",
    "sigma_before",
    "games_before",
    "mu_after",
    "sigma_after",
    "games",
    "expected",
    "scored",
)
# A row's values in the order of ``HISTORY``.
HistoryRow = tuple[int, int, str, float, float, int, float, float, int, float, float]


def _history_row(
    member_id: int, event_id: int, card_game: str, outcome: EveningOutcome
) -> HistoryRow:
    """A ``RatingHistory`` row's values, in the order of ``HISTORY``."""
    before, after = outcome.before, outcome.after
    return (
        member_id,
        event_id,
        card_game,
        before.mu,
        before.sigma,
        before.games,
        after.mu,
        after.sigma,
        outcome.games,
        outcome.expected,
        outcome.scored,
    )


def _insert_history(rows: list[HistoryRow]) -> None:
    """``RatingHistory`` rows: a replay writes tens of thousands, and building them through
    the ORM took most of a replay's time. PostgreSQL takes them fastest as a COPY (its
    driver's ``copy``, five times a batch of INSERTs), SQLite as one statement run for each."""
    if not rows:
        return
    column = {field.name: str(field.column) for field in concrete_fields(RatingHistory)}
    names = ", ".join(quote(column[name]) for name in HISTORY)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY {table(RatingHistory)} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        marks = ", ".join(["%s"] * len(HISTORY))
        cursor.executemany(f"INSERT INTO {table(RatingHistory)} ({names}) VALUES ({marks})", rows)


def _save_list(club_id: int, card_game: str, evenings: int, last: Event | None) -> None:
    RatingList.objects.update_or_create(
        club_id=club_id,
        card_game=card_game,
        defaults={
            "evenings": evenings,
            "through_date": last.date if last else None,
            "through_event_id": last.pk if last else None,
        },
    )


# --- reading the evenings ---------------------------------------------------------------


def played_evenings(club_id: int, events: list[Event], scope: Q) -> list[Evening]:
    """``events`` (those ``scope`` selects, in played order) with their rated games in
    played order, round by round and table by table, read in three queries.

    A player counts as the member they are linked to when that member is the club's;
    every other player is a guest (``CardGame.rated_matches``)."""
    chosen = Event.objects.filter(scope).values("pk")
    games = Game.objects.filter(round__event__in=chosen).order_by(
        "round__event_id", "round__number", "table__number"
    )
    seats = Seat.objects.filter(round__event__in=chosen).order_by("game_id", "side", "position")
    members = dict(
        list(
            Player.objects.filter(event__in=chosen, member__club_id=club_id).values_list(
                "pk", "member_id"
            )
        )
    )
    sides_of: dict[int, list[list[int]]] = defaultdict(list)
    for game_id, side, player_id in list(seats.values_list("game_id", "side", "player_id")):
        sides = sides_of[game_id]
        while len(sides) <= side:
            sides.append([])
        sides[side].append(player_id)
    by_event: dict[int, list[PlayedGame]] = defaultdict(list)
    for game_id, event_id, *scores in list(
        games.values_list("pk", "round__event_id", "score_0", "score_1", "score_2")
    ):
        by_event[event_id].append(
            PlayedGame(
                tuple(map(tuple, sides_of[game_id])), tuple(s for s in scores if s is not None)
            )
        )
    evenings = []
    for event in events:
        card_game, places = card_game_of(event), format_of(event).rated_by_places(event)
        matches: list[Match] = []
        for played in by_event[event.pk]:
            matches += card_game.rated_matches(played, members, places=places)
        evenings.append(Evening(event.pk, tuple(matches)))
    return evenings
