from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry
from tournaments.models.events import Event
from tournaments.models.rounds import Game


class AuditEntry(models.Model):
    """Who changed which score when, from what to what, and why. Never edited."""

    class Action(models.TextChoices):
        ENTER = "enter", _("entered")
        EDIT = "edit", _("edited before confirmation")
        CONFIRM = "confirm", _("confirmed")
        AUTO_CONFIRM = "auto_confirm", _("confirmed automatically")
        DISPUTE = "dispute", _("disputed")
        CORRECT = "correct", _("corrected by the director")
        SETTLE = "settle", _("dispute settled by the director")
        CLOSE_ROUND = "close_round", _("round closed")
        FORCE_CLOSE = "force_close", _("round closed early")
        LEFT_UNCONFIRMED = "left_unconfirmed", _("left unconfirmed when the round was closed")
        AFTER_END = "after_end", _("set aside: entered after the end of the game")
        CLOCK = "clock", _("round clock set")
        DRAW = "draw", _("player numbers drawn")
        OTHER = "other", _("other change")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_entries")
    game = models.ForeignKey(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("director"),
    )
    seat_label = models.CharField(_("seat"), max_length=120, blank=True)
    old = models.JSONField(_("old"), null=True, blank=True)
    new = models.JSONField(_("new"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.get_action_display()}"
