from typing import TYPE_CHECKING, Any, TypedDict

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from tournaments.kernel import feed
from tournaments.models import (
    AuditEntry,
    Bye,
    Club,
    Entry,
    Event,
    Game,
    Member,
    Player,
    Result,
    Round,
    Seat,
    Series,
    Table,
    Team,
)
from tournaments.services.ratings import refresh as ratings

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    ModelAdmin = admin.ModelAdmin
else:

    class ModelAdmin(admin.ModelAdmin):
        """Django's ModelAdmin, which django-stubs types by its model (``ModelAdmin[Event]``):
        at run time the model given is dropped."""

        def __class_getitem__(cls, model: type) -> type:
            return cls


def _events_of(obj: object) -> set[int]:
    """The events whose screens show ``obj``: its own, found through its round or game; for
    a member, every event a player of theirs is in."""
    if isinstance(obj, Event):
        return {obj.pk}
    if isinstance(obj, Member):
        return set(Player.objects.filter(member=obj).values_list("event_id", flat=True))
    for path in ("event_id", "round.event_id", "game.round.event_id"):
        found: object = obj
        for name in path.split("."):
            found = getattr(found, name, None)
        if isinstance(found, int):
            return {found}
    return set()


class RecordsChange:
    """An edit in the administration pages is a write like any other: each event it touches
    records a change on the feed, so every open screen draws it at its next poll."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)  # type: ignore[misc]  # a mixin of ModelAdmin
        for event_id in _events_of(obj):
            feed.record(event_id, feed.Kind.EVENT)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        events = _events_of(obj) - ({obj.pk} if isinstance(obj, Event) else set())
        super().delete_model(request, obj)  # type: ignore[misc]  # a mixin of ModelAdmin
        for event_id in events:
            feed.record(event_id, feed.Kind.EVENT)


class Evenings(TypedDict):
    """What the series list counts for each series (``SeriesAdmin.get_queryset``)."""

    evening_count: int


@admin.register(Club)
class ClubAdmin(ModelAdmin[Club]):
    list_display = ["name"]
    search_fields = ["name"]
    filter_horizontal = ["directors"]


@admin.register(Event)
class EventAdmin(RecordsChange, ModelAdmin[Event]):
    list_display = [
        "name",
        "date",
        "card_game",
        "format",
        "profile_slug",
        "status",
        "owner",
        "public",
    ]
    list_filter = ["card_game", "format", "status", "public", "club"]
    search_fields = ["name", "owner__username"]
    date_hierarchy = "date"
    filter_horizontal = ["co_directors"]

    # Its date, status, card game or club decide where an evening counts in the club's rating
    # lists: an event changed or deleted here has the lists it was and is in replayed.
    def save_model(
        self, request: HttpRequest, obj: Event, form: "forms.ModelForm[Event]", change: bool
    ) -> None:
        super().save_model(request, obj, form, change)
        for club_id in {form.initial.get("club"), obj.club_id}:
            ratings.after_change(club_id)

    def delete_model(self, request: HttpRequest, obj: Event) -> None:
        club_id = obj.club_id
        super().delete_model(request, obj)
        ratings.after_change(club_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        clubs = set(queryset.values_list("club_id", flat=True))
        super().delete_queryset(request, queryset)
        for club_id in clubs:
            ratings.after_change(club_id)


@admin.register(Member)
class MemberAdmin(RecordsChange, ModelAdmin[Member]):
    list_display = ["name", "number", "club", "gender", "active", "public_name"]
    list_filter = ["club", "active", "gender", "public_name"]
    search_fields = ["name", "number", "club__name"]
    list_select_related = ["club"]


@admin.register(Series)
class SeriesAdmin(ModelAdmin[Series]):
    list_display = ["name", "club", "rule", "best_of", "minimum_evenings", "evenings", "created_at"]
    list_filter = ["rule", "club"]
    search_fields = ["name", "club__name"]
    list_select_related = ["club"]
    filter_horizontal = ["events"]

    def get_queryset(self, request: HttpRequest) -> "QuerySet[WithAnnotations[Series, Evenings]]":
        return super().get_queryset(request).annotate(evening_count=Count("events"))

    @admin.display(description=_("Evenings"), ordering="evening_count")
    def evenings(self, series: "WithAnnotations[Series, Evenings]") -> int:
        return series.evening_count


@admin.register(Player)
class PlayerAdmin(RecordsChange, ModelAdmin[Player]):
    list_display = ["name", "number", "event", "gender", "club", "withdrawn_from_round"]
    list_filter = ["gender", "event"]
    search_fields = ["name", "club"]
    raw_id_fields = ["member"]


@admin.register(Team)
class TeamAdmin(RecordsChange, ModelAdmin[Team]):
    list_display = ["name", "number", "event"]
    list_filter = ["event"]
    search_fields = ["name"]


@admin.register(Table)
class TableAdmin(RecordsChange, ModelAdmin[Table]):
    list_display = ["event", "number", "code"]
    list_filter = ["event"]
    search_fields = ["code"]
    readonly_fields = ["token"]


@admin.register(Round)
class RoundAdmin(RecordsChange, ModelAdmin[Round]):
    list_display = ["event", "number", "status", "started_at", "closed_at"]
    list_filter = ["status", "event"]


@admin.register(Game)
class GameAdmin(RecordsChange, ModelAdmin[Game]):
    list_display = ["round", "table", "finished", "score_0", "score_1", "score_2", "winner_side"]
    list_filter = ["finished", "round__event"]
    list_select_related = ["round__event", "table"]


@admin.register(Seat)
class SeatAdmin(RecordsChange, ModelAdmin[Seat]):
    list_display = ["game", "player", "side", "position"]
    list_filter = ["round__event"]
    list_select_related = ["game__round", "game__table", "player"]


@admin.register(Bye)
class ByeAdmin(RecordsChange, ModelAdmin[Bye]):
    list_display = ["round", "player", "points"]
    list_filter = ["round__event"]


@admin.register(Entry)
class EntryAdmin(RecordsChange, ModelAdmin[Entry]):
    list_display = [
        "game",
        "number",
        "version",
        "status",
        "points_0",
        "points_1",
        "points_2",
        "created_at",
    ]
    list_filter = ["status", "game__round__event"]
    list_select_related = ["game__round", "game__table"]


@admin.register(Result)
class ResultAdmin(RecordsChange, ModelAdmin[Result]):
    list_display = ["round", "player", "points", "net", "match_points", "won"]
    list_filter = ["round__event"]
    list_select_related = ["round", "player"]


@admin.register(AuditEntry)
class AuditEntryAdmin(RecordsChange, ModelAdmin[AuditEntry]):
    list_display = ["created_at", "event", "action", "user", "seat_label", "reason"]
    list_filter = ["action", "event"]
    search_fields = ["reason", "seat_label"]

    def has_change_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False
