import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A card club; a federation's server hosts many, each with its directors."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="clubs", blank=True, verbose_name=_("directors")
    )
    public_page = models.BooleanField(_("public club page"), default=False)
    # Made the first time the page is turned on, and kept: a link once handed out
    # works again when the page is turned back on. NULL until then, so clubs that
    # never had a page do not share one unique value.
    public_token = models.CharField(  # noqa: DJ001
        max_length=32, unique=True, null=True, editable=False
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


def default_entry_modes() -> list[str]:
    """A new event's phones enter each side's deal in detail, as they always did."""
    return ["deal"]


class Event(models.Model):
    """One tournament evening or series: one card game, one format, one rule profile."""

    class CardGame(models.TextChoices):
        CANASTA = "canasta", _("Canasta")
        GIN = "gin", _("Gin Rummy")

    class Format(models.TextChoices):
        PROGRESSIVE = "progressive", _("Progressive (changing partners)")
        MIXED = "mixed", _("Progressive, mixed pairs")
        SWISS = "swiss", _("Swiss system")
        MOVEUP = "moveup", _("Winner moves up")
        ROUNDROBIN = "roundrobin", _("Round robin")
        TABLES = "tables", _("Tables in draw order, rotating")

    class ScoringMode(models.TextChoices):
        TALLY = "tally", _("Points of the side on each partner's tally")
        NET = "net", _("Plus/minus (winner's margin)")
        MATCH = "match", _("Match points 2/1/0, points as tie-break")

    class SubstituteScoring(models.TextChoices):
        REPLACED = "replaced", _("For the player replaced (as bridge clubs score a substitute)")
        SUBSTITUTE = "substitute", _("For the substitute")
        EACH = "each", _("Each for the rounds they played")

    class RoundKind(models.TextChoices):
        GAME = "game", _("A full game to the target")
        DEALS = "deals", _("A fixed number of deals or hands")
        TIME = "time", _("A time limit, then the current deal is finished")

    class EntryMode(models.TextChoices):
        # What a phone types for a deal; the card game says which it has.
        DEAL = "deal", _("Canastas, red threes, going out and card points")
        COUNTS = "counts", _("Canastas, red threes, going out and how many cards of each kind")
        TOTALS = "totals", _("Only each side's score of the deal (quick entry)")

    class OddTables(models.TextChoices):
        # Values are pairings.schedule_model.TableKind's.
        SIT_OUT = "", _("Players left over sit out in turn (a bye)")
        FIVE = "five", _("A table of five: 2 against 3, the three rotate one sitter per deal")
        SIX_TWO_SIDES = "six-two-sides", _("A table of six: 3 against 3")
        SIX_THREE_TEAMS = "six-three-teams", _("A table of six: three teams of two (3 packs)")
        THREE = "three", _("A table of three: each for himself")

    class TableKind(models.TextChoices):
        # Who sits at a table; the card game offers the kinds it plays.
        TWO = "", _("Two players a table")
        ROTATION = "rotation", _("Three players, rotating (the loser sits out)")
        CHOUETTE = "chouette", _("Three players, chouette (one alone against two)")
        PARTNERSHIP = "partnership", _("Four players: two partnerships of two")
        PARTNERSHIP_SIX = "partnership-six", _("Six players: two partnerships of three")

    class Status(models.TextChoices):
        SETUP = "setup", _("Being set up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="owned_events",
        verbose_name=_("director"),
    )
    co_directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="co_directed_events",
        blank=True,
        verbose_name=_("co-directors"),
    )
    club = models.ForeignKey(
        Club,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        verbose_name=_("club"),
    )
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    card_game = models.CharField(
        _("card game"), max_length=10, choices=CardGame.choices, default=CardGame.CANASTA
    )
    profile_slug = models.CharField(_("rule profile"), max_length=40, default="wiener")
    # The profile's parameters are copied in when the event is created, so a later
    # change to a preset never alters an event that was played by the old rules.
    profile = models.JSONField(_("rule parameters"), default=dict, blank=True)
    format = models.CharField(
        _("format"), max_length=12, choices=Format.choices, default=Format.PROGRESSIVE
    )
    balanced_schedule = models.BooleanField(_("balanced schedule"), default=False)
    fixed_partners = models.BooleanField(_("fixed partners"), default=False)
    odd_tables = models.CharField(
        _("players left over"), max_length=16, choices=OddTables.choices, blank=True, default=""
    )
    table_kind = models.CharField(
        _("players at a table"), max_length=16, choices=TableKind.choices, blank=True, default=""
    )
    # Swiss round 1 and winner-moves-up's first tables by the club's rating list (the
    # formats that can seed offer it).
    seed_by_rating = models.BooleanField(_("seed by rating"), default=False)
    scoring_mode = models.CharField(
        _("scoring mode"), max_length=8, choices=ScoringMode.choices, default=ScoringMode.TALLY
    )
    bye_score = models.IntegerField(_("points for a bye"), default=0)
    # Read when the standings are counted, so changing it re-ranks at once.
    substitute_scoring = models.CharField(
        _("a substitute's results count"),
        max_length=10,
        choices=SubstituteScoring.choices,
        default=SubstituteScoring.REPLACED,
    )
    round_kind = models.CharField(
        _("what a round is"), max_length=6, choices=RoundKind.choices, default=RoundKind.GAME
    )
    round_deals = models.PositiveSmallIntegerField(_("deals per round"), null=True, blank=True)
    round_minutes = models.PositiveSmallIntegerField(_("minutes per round"), null=True, blank=True)
    planned_rounds = models.PositiveSmallIntegerField(_("planned rounds"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SETUP
    )
    public = models.BooleanField(_("public standings and seating"), default=False)
    public_token = models.CharField(max_length=32, unique=True, editable=False)
    language = models.CharField(
        _("language"), max_length=5, choices=settings.LANGUAGES, default="de"
    )
    paper_size = models.CharField(
        _("paper size"), max_length=6, choices=[("A4", "A4"), ("letter", "US Letter")], default="A4"
    )
    # The ways the phones offer to enter a deal (``EntryMode`` values); the card game
    # orders them and draws its first offered one first.
    entry_modes = models.JSONField(_("entry modes"), default=default_entry_modes)
    auto_confirm_minutes = models.PositiveSmallIntegerField(
        _("auto-confirm after minutes"), null=True, blank=True
    )
    draw_seed = models.CharField(_("draw seed"), max_length=64, blank=True)
    # How often the event was finished: each finish is an edition of its results, and
    # the members who asked for them get one mail per edition (``OutboxMail``).
    results_edition = models.PositiveSmallIntegerField(default=0, editable=False)
    # Finished, then reopened for corrections, and no round started since: the phones say
    # so rather than promise the next round (a round started plays the evening on).
    reopened = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(
                condition=Q(round_kind="deals", round_deals__isnull=False, round_deals__gte=1)
                | ~Q(round_kind="deals"),
                name="event_deals_round_needs_deal_count",
            ),
            models.CheckConstraint(
                condition=Q(round_kind="time", round_minutes__isnull=False, round_minutes__gte=1)
                | ~Q(round_kind="time"),
                name="event_timed_round_needs_minutes",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.public_token:
            self.public_token = secrets.token_urlsafe(16)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournaments-director-event", args=[self.pk])

    @property
    def timed(self) -> bool:
        """A round of this event ends when its time is up (then the deal in play is
        finished), not at the target or after so many deals."""
        return self.round_kind == self.RoundKind.TIME

    def is_directed_by(self, user: AbstractBaseUser | AnonymousUser) -> bool:
        if not user.is_authenticated:
            return False
        return self.owner_id == user.pk or self.co_directors.filter(pk=user.pk).exists()
