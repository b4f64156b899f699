"""Events, players, rounds, tables, entries and the audit trail (docs/design.md, "Data")."""

from tournaments.models.audit import AuditEntry
from tournaments.models.calls import TableCall
from tournaments.models.changes import Change
from tournaments.models.entries import Entry, Result
from tournaments.models.events import Club, Event
from tournaments.models.mail import Erasure, MemberMail, OutboxMail
from tournaments.models.members import DistinctMembers, Member
from tournaments.models.players import Player, Team
from tournaments.models.ratings import MemberRating, RatingHistory, RatingList
from tournaments.models.rounds import Bye, Game, Round, Seat, Table
from tournaments.models.series import Series

__all__ = [
    "AuditEntry",
    "Bye",
    "Change",
    "Club",
    "DistinctMembers",
    "Entry",
    "Erasure",
    "Event",
    "Game",
    "Member",
    "MemberMail",
    "MemberRating",
    "OutboxMail",
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
