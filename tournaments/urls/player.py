"""One player's pages (no login): their own evening by its private link, and the links of
the mails Meld sends a member (confirm the address, stop the mails, see their data)."""

from django.urls import path

from tournaments.views import player_evening, player_mail

urlpatterns = [
    path("me/<str:evening_token>/", player_evening.evening, name="tournaments-player-evening"),
    path(
        "me/<str:evening_token>/history/", player_evening.history, name="tournaments-player-history"
    ),
    path("me/<str:evening_token>/mail/", player_evening.mail, name="tournaments-player-mail"),
    path("me/<str:evening_token>/data/", player_evening.data, name="tournaments-player-data"),
    path(
        "mail/<str:mail_token>/confirm/",
        player_mail.confirm,
        name="tournaments-player-mail-confirm",
    ),
    path("mail/<str:mail_token>/stop/", player_mail.stop, name="tournaments-player-mail-stop"),
    path("mail/<str:mail_token>/data/", player_mail.data, name="tournaments-player-mail-data"),
    path(
        "mail/<str:mail_token>/data.json",
        player_mail.data_json,
        name="tournaments-player-mail-data-json",
    ),
]
