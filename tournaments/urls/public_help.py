"""Public (no log-in): the director's handbook, German at /help/de/, English at /help/en/."""

from django.urls import path, register_converter

from tournaments import handbook
from tournaments.views import help


class HandbookLanguage:
    regex = "|".join(handbook.LANGUAGES)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(HandbookLanguage, "handbook_language")

urlpatterns = [
    path("", help.index, name="tournaments-public-help"),
    path("<handbook_language:language>/", help.page, name="tournaments-public-help-language"),
    path(
        "<handbook_language:language>/<path:path>",
        help.page,
        name="tournaments-public-help-page",
    ),
    path("<path:path>", help.shared, name="tournaments-public-help-file"),
]
