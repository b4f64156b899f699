"""Director: the club's rating lists (in the club's area, beside the register)."""

from django.urls import path

from tournaments.views import director_ratings

urlpatterns = [
    path("members/ratings/", director_ratings.rating_list, name="tournaments-director-ratings"),
]
