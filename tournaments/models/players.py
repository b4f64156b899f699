import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event

NAME_MAX = 80


def new_evening_token() -> str:
    """The player's private link to their own evening (issue 36): as long as a table's."""
    return secrets.token_urlsafe(24)


class Player(models.Model):
    """A person entered in an event, with the number drawn for the schedule."""

    class Gender(models.TextChoices):
        NONE = "", _("not given")
        LADY = "f", _("lady")
        GENTLEMAN = "m", _("gentleman")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=NAME_MAX)
    number = models.PositiveSmallIntegerField(_("number"), null=True, blank=True)
    gender = models.CharField(
        _("gender"), max_length=1, choices=Gender.choices, blank=True, default=""
    )
    club = models.CharField(_("club"), max_length=80, blank=True, default="")
    # Swiss and move-up: a withdrawn player is left out from this round on.
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"), null=True, blank=True
    )
    # Progressive: a substitute takes over a seat (and the number) from this round on.
    substitute_for = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="substitutes",
        verbose_name=_("substitute for"),
    )
    joined_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)
    # The club's register entry, when the player was picked from it or matched to it.
    member = models.ForeignKey(
        "tournaments.Member",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("member"),
    )
    # Linked to no member because several could be meant: the director says which one.
    member_undecided = models.BooleanField(_("member to be chosen"), default=False)
    # The player's private link to their own evening (``/me/<token>/``); never exported.
    evening_token = models.CharField(
        max_length=64, unique=True, default=new_evening_token, editable=False
    )

    class Meta:
        ordering = ["event", "number", "name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"],
                condition=Q(number__isnull=False, substitute_for__isnull=True),
                name="player_number_unique_in_event",
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1) | Q(number__isnull=True), name="player_number_positive"
            ),
        ]
        indexes = [models.Index(fields=["event", "name"])]

    def __str__(self) -> str:
        return f"{self.number} {self.name}" if self.number else self.name


class Team(models.Model):
    """A fixed pair for team events (Swiss or round robin with fixed partners)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=120)
    number = models.PositiveSmallIntegerField(_("number"), null=True, blank=True)
    players = models.ManyToManyField(Player, related_name="teams", verbose_name=_("players"))

    class Meta:
        ordering = ["event", "number", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"],
                condition=Q(number__isnull=False),
                name="team_number_unique_in_event",
            ),
        ]

    def __str__(self) -> str:
        return self.name
