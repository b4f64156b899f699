"""URLs grouped by audience: director (login), table (token), public (public token), one
player (the private link of their evening)."""

from django.urls import include, path

from tournaments.views import home

urlpatterns = [
    path("", home.home, name="home"),
    path("events/", home.event_list, name="tournaments-director-events"),
    path("events/", include("tournaments.urls.director")),
    path("", include("tournaments.urls.director_ratings")),
    path("", include("tournaments.urls.director_members")),
    path("", include("tournaments.urls.director_series")),
    path("", include("tournaments.urls.director_member_data")),
    path("t/", include("tournaments.urls.table")),
    path("p/", include("tournaments.urls.public")),
    path("c/", include("tournaments.urls.public_club")),
    path("", include("tournaments.urls.player")),
]
