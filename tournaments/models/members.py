from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Club
from tournaments.models.players import Player

MEMBER_NAME_MAX = 100
MEMBER_NUMBER_MAX = 20


class Member(models.Model):
    """A person on a club's register; the players of its evenings may be linked to one."""

    class PublicName(models.TextChoices):
        FULL = "full", _("full name")
        INITIALS = "initials", _("initials")
        HIDDEN = "hidden", _("hidden")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="members", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=MEMBER_NAME_MAX)
    # Blank when the club gives none; unique within the club when given.
    number = models.CharField(_("member number"), max_length=MEMBER_NUMBER_MAX, blank=True)
    gender = models.CharField(
        _("gender"), max_length=1, choices=Player.Gender.choices, blank=True, default=""
    )
    active = models.BooleanField(_("active"), default=True)
    public_name = models.CharField(
        _("name on public pages"),
        max_length=8,
        choices=PublicName.choices,
        default=PublicName.FULL,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "number"],
                condition=~Q(number=""),
                name="member_number_unique_in_club",
            ),
        ]
        indexes = [models.Index(fields=["club", "name"])]

    def __str__(self) -> str:
        return self.name


class DistinctMembers(models.Model):
    """Two members whose names look alike, but the director said they are two people:
    the register no longer suggests merging them. ``first`` has the lower id."""

    first = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = _("two different members")
        verbose_name_plural = _("two different members")
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="distinct_members_once"),
            models.CheckConstraint(
                condition=Q(first__lt=models.F("second")), name="distinct_members_in_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} ≠ {self.second}"
