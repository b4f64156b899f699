"""Meld's URLs plus one view with a bug, to see what a 500 leaves in the server's log."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from meld.urls import urlpatterns as meld_urlpatterns

BUG = "a bug the server log must show"


def raising(request: HttpRequest) -> HttpResponse:
    raise RuntimeError(BUG)


urlpatterns = [path("raise/", raising), *meld_urlpatterns]
