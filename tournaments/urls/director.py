from django.urls import include, path

urlpatterns: list = [
    path("", include("tournaments.urls.director_rounds")),
    path("", include("tournaments.urls.director_setup")),
    path("", include("tournaments.urls.director_print")),
]
