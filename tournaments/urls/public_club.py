"""Public (no login, only for clubs whose director turned the page on): the club's page."""

from django.urls import path

from tournaments.views import public_club

urlpatterns = [
    path("<str:club_token>/", public_club.club, name="tournaments-public-club"),
    path(
        "<str:club_token>/evenings/<str:evening_id>/",
        public_club.evening,
        name="tournaments-public-club-evening",
    ),
    path(
        "<str:club_token>/ratings/<str:card_game>/",
        public_club.ratings,
        name="tournaments-public-club-ratings",
    ),
    path(
        "<str:club_token>/series/<str:series_id>/",
        public_club.series,
        name="tournaments-public-club-series",
    ),
]
