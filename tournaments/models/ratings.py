"""The club's rating lists: a cache of the replay of its finished evenings (services.ratings).

Nothing here is an input: the results of the evenings are. These rows are rebuilt from
them whenever an evening is finished, reopened, imported or deleted, or players change
member, and never exported.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Club, Event
from tournaments.models.members import Member


class MemberRating(models.Model):
    """A member's rating in one card game after every finished evening of the club."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="ratings")
    card_game = models.CharField(_("card game"), max_length=10, choices=Event.CardGame.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(_("rated games"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["member", "card_game"], name="one_rating_per_member_card_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.card_game}"


class RatingHistory(models.Model):
    """What one finished evening did to a member's rating: before and after, the games
    rated, and what the ratings before each game expected against what was scored."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="rating_history")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    card_game = models.CharField(_("card game"), max_length=10, choices=Event.CardGame.choices)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    games_before = models.PositiveIntegerField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games = models.PositiveIntegerField(_("rated games"))
    expected = models.FloatField(_("expected"))
    scored = models.FloatField(_("scored"))

    class Meta:
        verbose_name = _("rating of an evening")
        verbose_name_plural = _("ratings of the evenings")
        constraints = [
            models.UniqueConstraint(fields=["member", "event"], name="one_rating_row_per_evening"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.event_id}"


class RatingList(models.Model):
    """How far a club's list in one card game is replayed: the finished evenings counted
    and the last of them (by date, then id), so that only a later one is rated on top."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    card_game = models.CharField(_("card game"), max_length=10, choices=Event.CardGame.choices)
    evenings = models.PositiveIntegerField(default=0)
    through_date = models.DateField(null=True, blank=True)
    through_event_id = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "card_game"], name="one_rating_list_per_club_card_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.card_game}"
