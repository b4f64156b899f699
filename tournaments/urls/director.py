from django.urls import URLPattern, URLResolver, include, path

urlpatterns: list[URLPattern | URLResolver] = [
    path("", include("tournaments.urls.director_rounds")),
    path("", include("tournaments.urls.director_setup")),
    path("", include("tournaments.urls.director_print")),
]
