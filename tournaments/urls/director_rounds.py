"""Director: running rounds, the table board, games, standings and the audit trail."""

from django.urls import path

from tournaments.views import director_games, director_rounds, round_clock, standings, table_call

urlpatterns = [
    path("<int:event_id>/rounds/", director_rounds.rounds, name="tournaments-director-rounds"),
    path(
        "<int:event_id>/rounds/start/",
        director_rounds.start,
        name="tournaments-director-round-start",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/close/",
        director_rounds.close,
        name="tournaments-director-round-close",
    ),
    path("<int:event_id>/alerts/", director_rounds.alerts, name="tournaments-director-alerts"),
    path(
        "<int:event_id>/rounds/confirm-due/",
        director_rounds.confirm_due,
        name="tournaments-director-confirm-due",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/entries/<int:entry_id>/confirm/",
        director_rounds.confirm,
        name="tournaments-director-round-confirm",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/entries/<int:entry_id>/settle/",
        director_rounds.settle,
        name="tournaments-director-round-settle",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/seating/",
        director_rounds.seating,
        name="tournaments-director-seating",
    ),
    path(
        "<int:event_id>/rounds/<int:number>/board/",
        director_rounds.board,
        name="tournaments-director-board",
    ),
    path("<int:event_id>/clock/", round_clock.director_clock, name="tournaments-director-clock"),
    path(
        "<int:event_id>/clock/start/",
        round_clock.clock_start,
        name="tournaments-director-clock-start",
    ),
    path(
        "<int:event_id>/clock/pause/",
        round_clock.clock_pause,
        name="tournaments-director-clock-pause",
    ),
    path(
        "<int:event_id>/clock/end/",
        round_clock.clock_end,
        name="tournaments-director-clock-end",
    ),
    path(
        "<int:event_id>/clock/extend/",
        round_clock.clock_extend,
        name="tournaments-director-clock-extend",
    ),
    path(
        "<int:event_id>/calls/<int:call_id>/acknowledge/",
        table_call.acknowledge,
        name="tournaments-director-call-acknowledge",
    ),
    path(
        "<int:event_id>/games/<int:game_id>/", director_games.game, name="tournaments-director-game"
    ),
    path(
        "<int:event_id>/games/<int:game_id>/correct/",
        director_games.correct,
        name="tournaments-director-game-correct",
    ),
    path(
        "<int:event_id>/games/<int:game_id>/entries/<int:entry_id>/settle/",
        director_games.settle,
        name="tournaments-director-game-settle",
    ),
    path(
        "<int:event_id>/games/<int:game_id>/end/",
        director_games.end,
        name="tournaments-director-game-end",
    ),
    path(
        "<int:event_id>/standings/", standings.standings_page, name="tournaments-director-standings"
    ),
    path(
        "<int:event_id>/players/<int:player_id>/",
        standings.player,
        name="tournaments-director-player",
    ),
    path("<int:event_id>/audit/", standings.audit, name="tournaments-director-audit"),
]
