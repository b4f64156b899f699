"""Director: a member's e-mail, data and erasure; the club's outbox; the players' links."""

from django.urls import path

from tournaments.views import director_member_data as views

urlpatterns = [
    path("members/mails/", views.mails, name="tournaments-director-mails"),
    path(
        "members/<int:member_id>/mail/", views.member_mail, name="tournaments-director-member-mail"
    ),
    path(
        "members/<int:member_id>/data/", views.member_data, name="tournaments-director-member-data"
    ),
    path(
        "members/<int:member_id>/data.json",
        views.member_data_json,
        name="tournaments-director-member-data-json",
    ),
    path(
        "members/<int:member_id>/erase/",
        views.member_erase,
        name="tournaments-director-member-erase",
    ),
    path(
        "events/<int:event_id>/players/links/",
        views.player_links,
        name="tournaments-director-player-links",
    ),
]
