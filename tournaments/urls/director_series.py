"""Director: a club's series and their standings."""

from django.urls import path

from tournaments.views import director_series

urlpatterns = [
    path("series/", director_series.series_list, name="tournaments-director-series"),
    path("series/new/", director_series.new, name="tournaments-director-series-new"),
    path(
        "series/<int:series_id>/",
        director_series.standings,
        name="tournaments-director-series-standings",
    ),
    path(
        "series/<int:series_id>/print/",
        director_series.print_pdf,
        name="tournaments-director-series-print",
    ),
    path(
        "series/<int:series_id>/edit/",
        director_series.edit,
        name="tournaments-director-series-edit",
    ),
]
