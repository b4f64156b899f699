"""Events, players, rounds, tables, entries and the audit trail (see DESIGN.md, Data)."""

from tournaments.models.audit import AuditEntry
from tournaments.models.calls import TableCall
from tournaments.models.entries import Entry, Result
from tournaments.models.events import Club, Event
from tournaments.models.members import DistinctMembers, Member
from tournaments.models.players import Player, Team
from tournaments.models.ratings import MemberRating, RatingHistory, RatingList
from tournaments.models.rounds import Bye, Game, Round, Seat, Table
from tournaments.models.series import Series

__all__ = [
    "AuditEntry",
    "Bye",
    "Club",
    "DistinctMembers",
    "Entry",
    "Event",
    "Game",
    "Member",
    "MemberRating",
    "Player",
    "RatingHistory",
    "RatingList",
    "Result",
    "Round",
    "Seat",
    "Series",
    "Table",
    "TableCall",
    "Team",
]
