import secrets
from collections.abc import Mapping
from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event
from tournaments.models.players import Player

# Short codes avoid look-alike characters so they can be typed from a table card.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def new_table_token() -> str:
    return secrets.token_urlsafe(24)


def new_table_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))


class Table(models.Model):
    """A physical table of an event; its QR card stays on it for the whole event."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)
    code = models.CharField(_("table code"), max_length=12, unique=True, default=new_table_code)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"], name="table_number_unique_in_event"
            ),
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})

    def renew_token(self) -> None:
        self.token = new_table_token()
        self.code = new_table_code()


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("being played")
        CLOSED = "closed", _("closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.OPEN
    )
    started_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    close_reason = models.TextField(_("reason for closing early"), blank=True)
    # How the round was seated (fallbacks, back-tracking), as untranslated notes:
    # {"template": English msgid, "params": {...}}; rows from before are {"text": ...}.
    explanation_data = models.JSONField(default=list, blank=True)
    # The round clock of a timed round: running while it has an end, paused while it
    # keeps the seconds left; neither before the director starts it.
    clock_ends_at = models.DateTimeField(_("clock ends at"), null=True, blank=True)
    clock_paused_remaining = models.PositiveIntegerField(
        _("seconds left on the paused clock"), null=True, blank=True
    )

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"], name="round_number_unique_in_event"
            ),
            models.UniqueConstraint(
                fields=["event"], condition=Q(status="open"), name="one_open_round_per_event"
            ),
        ]

    def __str__(self) -> str:
        return str(_("Round %(number)s") % {"number": self.number})

    @property
    def explanation(self) -> list[str]:
        """How the round was seated, in the language of whoever reads it."""
        return [note_text(note) for note in self.explanation_data]


def note_text(note: str | Mapping[str, Any]) -> str:
    """One stored note as a sentence in the active language (old notes stay as written)."""
    if isinstance(note, str):
        return note
    if "text" in note:
        return str(note["text"])
    params = {
        key: note_text(value) if isinstance(value, dict) else value
        for key, value in note.get("params", {}).items()
    }
    return gettext(note["template"]) % params


class Game(models.Model):
    """What one table plays in one round (a Partie): its seats, entries and result."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="games")
    finished = models.BooleanField(_("finished"), default=False)
    # Confirmed points per side, kept by the services so standings read one row; the
    # sum of any number of deals (see Entry.points_0).
    score_0 = models.BigIntegerField(default=0)
    score_1 = models.BigIntegerField(default=0)
    score_2 = models.BigIntegerField(null=True, blank=True)
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table__number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_game_per_table_and_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.table}"

    @property
    def scores(self) -> list[int]:
        return [s for s in (self.score_0, self.score_1, self.score_2) if s is not None]


class Seat(models.Model):
    """A player's place at a game: which side, and which chair (1 to 4, clockwise)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")
    side = models.PositiveSmallIntegerField(_("side"))
    position = models.PositiveSmallIntegerField(_("seat"))

    class Meta:
        ordering = ["game", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"], name="one_seat_per_player_and_round"
            ),
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.CheckConstraint(condition=Q(side__lte=2), name="seat_side_0_to_2"),
            models.CheckConstraint(
                condition=Q(position__gte=1, position__lte=6), name="seat_position_1_to_6"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.player}"


class Bye(models.Model):
    """A player who sits out a round (Swiss bye, or the sitter-out of a schedule)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="byes")
    points = models.IntegerField(_("points"), default=0)

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"], name="one_bye_per_player_and_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.player}"
