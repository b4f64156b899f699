"""Public (no login, only for events the director made public): standings and seating."""

from django.urls import path

from tournaments.views import public, round_clock

urlpatterns = [
    path("<str:public_token>/", public.event, name="tournaments-public"),
    path("<str:public_token>/projector/", public.projector, name="tournaments-public-projector"),
    path("<str:public_token>/clock/", round_clock.public_clock, name="tournaments-public-clock"),
]
