"""The director's handbook at /help/: the pages `make docs` built, served as files.

/help/ opens the handbook in the visitor's language; /help/de/… and /help/en/… are its pages;
the theme's files and the search index lie beside them (/help/assets/…). No log-in: a handbook
hides nothing. Before `make docs` has run, every address answers a page that says how to build it.
"""

import mimetypes
from pathlib import Path

from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from tournaments import handbook


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    language = handbook.language_of(getattr(request, "LANGUAGE_CODE", None))
    return redirect("tournaments-public-help-language", language=language)


@require_GET
def page(request: HttpRequest, language: str, path: str = "") -> HttpResponseBase:
    if not handbook.is_built():
        return not_built(request)
    first, _, rest = path.partition("/")
    if language == handbook.ROOT_LANGUAGE and first in handbook.LANGUAGES:
        # The English pages lie at the root, so their language switch links to de/….
        return redirect(reverse("tournaments-public-help-language", args=[first]) + rest)
    if path and not path.endswith("/") and handbook.is_page_folder(language, path):
        # A page's links are relative to its folder: its address ends in a slash.
        return redirect("tournaments-public-help-page", language=language, path=path + "/")
    return answer(request, handbook.page_file(language, path))


@require_GET
def shared(request: HttpRequest, path: str) -> HttpResponseBase:
    """The theme's files and the search index, which both languages share; an English page
    reached without its language (the German pages' language switch links so) is sent there."""
    if not handbook.is_built():
        return not_built(request)
    found = handbook.page_file(handbook.ROOT_LANGUAGE, path)
    if found is not None and found.suffix == ".html":
        return redirect(
            reverse("tournaments-public-help-page", args=[handbook.ROOT_LANGUAGE, path])
        )
    return answer(request, found)


def answer(request: HttpRequest, found: Path | None) -> FileResponse:
    if found is None:
        missing = handbook.page_file(handbook.ROOT_LANGUAGE, "404.html")
        if missing is None:
            raise Http404("No such page in the handbook.")
        return FileResponse(missing.open("rb"), status=404, content_type="text/html")
    content_type, encoding = mimetypes.guess_type(found.name)
    response = FileResponse(
        found.open("rb"), content_type=content_type or "application/octet-stream"
    )
    if encoding:
        response["Content-Encoding"] = encoding
    return response


def not_built(request: HttpRequest) -> HttpResponse:
    return render(request, "help/not_built.html", status=503)
