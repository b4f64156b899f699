from django.contrib import admin
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

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


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name"]
    search_fields = ["name"]
    filter_horizontal = ["directors"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
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
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        for club_id in {form.initial.get("club"), obj.club_id}:
            ratings.after_change(club_id)

    def delete_model(self, request, obj):
        club_id = obj.club_id
        super().delete_model(request, obj)
        ratings.after_change(club_id)

    def delete_queryset(self, request, queryset):
        clubs = set(queryset.values_list("club_id", flat=True))
        super().delete_queryset(request, queryset)
        for club_id in clubs:
            ratings.after_change(club_id)


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["name", "number", "club", "gender", "active", "public_name"]
    list_filter = ["club", "active", "gender", "public_name"]
    search_fields = ["name", "number", "club__name"]
    list_select_related = ["club"]


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "rule", "best_of", "minimum_evenings", "evenings", "created_at"]
    list_filter = ["rule", "club"]
    search_fields = ["name", "club__name"]
    list_select_related = ["club"]
    filter_horizontal = ["events"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(evening_count=Count("events"))

    @admin.display(description=_("Evenings"), ordering="evening_count")
    def evenings(self, series: Series) -> int:
        return series.evening_count


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "number", "event", "gender", "club", "withdrawn_from_round"]
    list_filter = ["gender", "event"]
    search_fields = ["name", "club"]
    raw_id_fields = ["member"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "number", "event"]
    list_filter = ["event"]
    search_fields = ["name"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "code"]
    list_filter = ["event"]
    search_fields = ["code"]
    readonly_fields = ["token"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "started_at", "closed_at"]
    list_filter = ["status", "event"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "finished", "score_0", "score_1", "score_2", "winner_side"]
    list_filter = ["finished", "round__event"]
    list_select_related = ["round__event", "table"]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["game", "player", "side", "position"]
    list_filter = ["round__event"]
    list_select_related = ["game__round", "game__table", "player"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["round", "player", "points"]
    list_filter = ["round__event"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
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
class ResultAdmin(admin.ModelAdmin):
    list_display = ["round", "player", "points", "net", "match_points", "won"]
    list_filter = ["round__event"]
    list_select_related = ["round", "player"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["created_at", "event", "action", "user", "seat_label", "reason"]
    list_filter = ["action", "event"]
    search_fields = ["reason", "seat_label"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
