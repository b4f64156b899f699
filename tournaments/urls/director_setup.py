"""Director: the event page, the set-up wizard, players, teams and the draw of numbers."""

from django.urls import path

from tournaments.views import director_players, director_setup

urlpatterns = [
    path("new/", director_setup.event_new, name="tournaments-director-event-new"),
    path("<int:event_id>/", director_setup.event_detail, name="tournaments-director-event"),
    path("<int:event_id>/finish/", director_setup.finish, name="tournaments-director-event-finish"),
    path("<int:event_id>/reopen/", director_setup.reopen, name="tournaments-director-event-reopen"),
    path(
        "<int:event_id>/co-directors/",
        director_setup.co_director_add,
        name="tournaments-director-co-directors",
    ),
    path(
        "<int:event_id>/co-directors/<int:user_id>/remove/",
        director_setup.co_director_remove,
        name="tournaments-director-co-director-remove",
    ),
    path(
        "<int:event_id>/setup/players/",
        director_players.players,
        name="tournaments-director-players",
    ),
    path(
        "<int:event_id>/setup/players/paste/",
        director_players.paste,
        name="tournaments-director-players-paste",
    ),
    path(
        "<int:event_id>/setup/players/csv/",
        director_players.csv_import,
        name="tournaments-director-players-csv",
    ),
    path(
        "<int:event_id>/setup/players/late/",
        director_players.late_entry,
        name="tournaments-director-players-late",
    ),
    path(
        "<int:event_id>/setup/players/<int:player_id>/edit/",
        director_players.edit,
        name="tournaments-director-player-edit",
    ),
    path(
        "<int:event_id>/setup/players/<int:player_id>/remove/",
        director_players.remove,
        name="tournaments-director-player-remove",
    ),
    path(
        "<int:event_id>/setup/players/<int:player_id>/member/",
        director_players.choose_member,
        name="tournaments-director-player-member",
    ),
    path(
        "<int:event_id>/setup/players/<int:player_id>/withdraw/",
        director_players.withdraw,
        name="tournaments-director-player-withdraw",
    ),
    path(
        "<int:event_id>/setup/players/<int:player_id>/substitute/",
        director_players.substitute,
        name="tournaments-director-player-substitute",
    ),
    path("<int:event_id>/setup/teams/", director_players.teams, name="tournaments-director-teams"),
    path("<int:event_id>/setup/draw/", director_players.draw, name="tournaments-director-draw"),
    path(
        "<int:event_id>/setup/numbers/",
        director_players.numbers,
        name="tournaments-director-numbers",
    ),
    path(
        "<int:event_id>/setup/<slug:step>/",
        director_setup.setup_step,
        name="tournaments-director-setup",
    ),
]
