"""Director: printing (tallies, table cards, score sheets, guide cards, seating, standings)."""

from django.urls import path

from tournaments.views import director_print

urlpatterns = [
    path("<int:event_id>/print/", director_print.print_page, name="tournaments-director-print"),
    path(
        "<int:event_id>/print/table-links/",
        director_print.table_links,
        name="tournaments-director-table-links",
    ),
    path(
        "<int:event_id>/print/<slug:kind>.pdf",
        director_print.print_pdf,
        name="tournaments-director-print-pdf",
    ),
]
