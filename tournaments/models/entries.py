from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.players import Player
from tournaments.models.rounds import Game, Round, Seat


class Entry(models.Model):
    """One submitted version of a deal's (Canasta) or hand's (Gin) scores.

    Versions are append-only; confirming one makes it the one that counts. The
    database allows at most one confirmed version per deal, so two phones can
    never both make their version count.
    """

    class Status(models.TextChoices):
        ENTERED = "entered", _("entered, waiting for confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        SUPERSEDED = "superseded", _("replaced by a later version")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField(_("deal"))
    version = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTERED)
    # Points are 64-bit: a game may last any number of deals, each worth up to about a
    # million points within the rule profiles' ranges (scoring/canasta_profiles.py).
    points_0 = models.BigIntegerField()
    points_1 = models.BigIntegerField()
    points_2 = models.BigIntegerField(null=True, blank=True)
    # What was entered: each side's breakdown (Canasta) or the hand (Gin).
    details = models.JSONField(default=dict)
    entered_by_seat = models.ForeignKey(
        Seat, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_by_seat = models.ForeignKey(
        Seat, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # A hash of the entering phone's device id (its cookie): that phone never
    # confirms or disputes the entry, whatever seat it says it is. NULL: no phone
    # is known (the director's entries, and those from before Meld kept one).
    entered_by_device = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    # A phone sends the same key again after a double tap or a lost answer.
    idempotency_key = models.CharField(max_length=64, unique=True, null=True, blank=True)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number", "version"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number", "version"], name="entry_version_unique"
            ),
            models.UniqueConstraint(
                fields=["game", "number"],
                condition=Q(status="confirmed"),
                name="one_confirmed_entry_per_deal",
            ),
            models.UniqueConstraint(
                fields=["game", "number"],
                condition=Q(status__in=["entered", "disputed"]),
                name="one_pending_entry_per_deal",
            ),
        ]
        indexes = [
            models.Index(
                fields=["game", "number"],
                condition=Q(status="confirmed"),
                name="entry_confirmed_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.number} v{self.version} ({self.status})"

    @property
    def points(self) -> list[int]:
        return [p for p in (self.points_0, self.points_1, self.points_2) if p is not None]


class Result(models.Model):
    """A player's score for one round, as written on the tally; standings sum these."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="results")
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, null=True, blank=True, related_name="results"
    )
    points = models.BigIntegerField(_("points"), default=0)
    net = models.BigIntegerField(_("plus/minus"), default=0)
    match_points = models.PositiveSmallIntegerField(_("match points"), default=0)
    won = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "player"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"], name="one_result_per_player_and_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.player} {self.points}"
