from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry
from tournaments.models.rounds import Round, Table


class TableCall(models.Model):
    """A table calls the director; it stays lit on the board until a director acknowledges it,
    or its cause ends: the dispute that raised it is settled or entered again, or its round
    is closed (then ``ended_at`` is set with ``acknowledged_at``)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="calls")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="calls")
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("called at"), auto_now_add=True)
    acknowledged_at = models.DateTimeField(_("acknowledged at"), null=True, blank=True)
    acknowledged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("acknowledged by"),
    )
    # The disputed entry that raised (or joined) the call: settling it ends the call.
    entry = models.ForeignKey(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("disputed entry"),
    )
    # What the call keeps of the calling phone's device id (as entries keep it): only that
    # phone hears that the director is coming.
    called_by_device = models.CharField(_("called from device"), max_length=64, blank=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("call for the director")
        verbose_name_plural = _("calls for the director")
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(acknowledged_at__isnull=True),
                name="one_open_call_per_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.table}"
