"""Director: the club's member register, and picking an event's players from it."""

from django.urls import path

from tournaments.views import director_members

urlpatterns = [
    path("members/", director_members.register, name="tournaments-director-members"),
    path("members/import/", director_members.csv_import, name="tournaments-director-members-csv"),
    path("members/build/", director_members.build, name="tournaments-director-members-build"),
    path(
        "members/public-page/",
        director_members.public_page,
        name="tournaments-director-members-public-page",
    ),
    path(
        "members/<int:member_id>/", director_members.member_page, name="tournaments-director-member"
    ),
    path(
        "members/<int:member_id>/edit/",
        director_members.edit,
        name="tournaments-director-member-edit",
    ),
    path(
        "members/<int:member_id>/merge/",
        director_members.merge,
        name="tournaments-director-member-merge",
    ),
    path(
        "members/<int:member_id>/keep-apart/",
        director_members.keep_apart,
        name="tournaments-director-member-keep-apart",
    ),
    path(
        "events/<int:event_id>/setup/players/members/find/",
        director_members.find,
        name="tournaments-director-members-find",
    ),
    path(
        "events/<int:event_id>/setup/players/members/",
        director_members.pick,
        name="tournaments-director-members-pick",
    ),
]
