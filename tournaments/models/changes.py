from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event
from tournaments.models.rounds import Game, Round


class Change(models.Model):
    """One row per write step that changes what any screen shows (``tournaments.kernel.feed``).

    Insert-only: a step appends its row in its own transaction, so phones writing at once
    never wait on a shared counter row. A screen's poll carries the id of the last change it
    drew; the id is opaque, it says nothing of what changed."""

    class Kind(models.TextChoices):
        SCORE = "score", _("score")
        # A deal entered, changed or disputed at its table: it counts nowhere until confirmed.
        ENTRY = "entry", _("deal waiting")
        CALL = "call", _("call")
        CLOCK = "clock", _("clock")
        NAMES = "names", _("names")
        SEATS = "seats", _("seats")
        ROUND = "round", _("round")
        EVENT = "event", _("event")

    id = models.BigAutoField(primary_key=True)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    # False: a change no public screen shows (a name behind a public name that stays). It
    # reaches neither the standings nor the clock, whose values strangers' polls carry.
    public = models.BooleanField(_("public"), default=True)
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("change")
        verbose_name_plural = _("changes")
        indexes = [models.Index(fields=["event", "-id"], name="change_event_latest")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"
