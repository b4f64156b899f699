from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Club, Event

SERIES_NAME_MAX = 100
# Formula One's old scale, long enough for a club evening's tables.
DEFAULT_PLACING_POINTS = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def default_placing_points() -> list[int]:
    return list(DEFAULT_PLACING_POINTS)


class Series(models.Model):
    """A club's season or cup: some of its events, ranked together by one rule."""

    class Rule(models.TextChoices):
        # Values are tournaments.series_rules.Rule's.
        TOTAL = "total", _("Total points of every evening")
        PLACING = "placing", _("Placing points per evening")
        BEST = "best", _("Points of the best evenings only (best k of n)")
        AVERAGE = "average", _("Average points per evening, with a minimum of evenings")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="series", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=SERIES_NAME_MAX)
    events = models.ManyToManyField(
        Event, related_name="series", blank=True, verbose_name=_("events")
    )
    rule = models.CharField(_("rule"), max_length=10, choices=Rule.choices, default=Rule.TOTAL)
    placing_points = models.JSONField(_("placing points"), default=default_placing_points)
    best_of = models.PositiveSmallIntegerField(_("best evenings counted"), null=True, blank=True)
    minimum_evenings = models.PositiveSmallIntegerField(
        _("minimum evenings"), null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "pk"]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return self.name
