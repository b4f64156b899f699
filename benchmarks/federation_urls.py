"""Meld's URLs plus ``bench/write/``: the least a Django write view can do for a score.

Served only by the federation bench's gunicorn (``benchmarks.federation_settings``),
never by Meld's own settings. The view runs the writes bench's floor (one transaction
that locks a game's row, inserts an entry row and an audit row and updates the row, in
plain SQL) behind Django's request handling and middleware, so the bench can put the
phones' submissions beside it, measured the same way in the same run.
"""

import json

from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from meld.urls import urlpatterns as meld_urlpatterns
from meld_testkit.evening import floor_statements

DETAILS = json.dumps({"points": [820, 25]})


@csrf_exempt
@require_POST
def minimal_write(request: HttpRequest) -> HttpResponse:
    game, number, event = (int(request.POST[name]) for name in ("game", "number", "event"))
    read, insert_entry, insert_audit, update = floor_statements(connection.vendor)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(read, [game])
        cursor.fetchone()
        cursor.execute(insert_entry, [game, number, DETAILS, timezone.now()])
        entry = cursor.fetchone()[0]
        cursor.execute(insert_audit, [event, game, entry, DETAILS, timezone.now()])
        cursor.execute(update, [number, game])
    return HttpResponse("stored", content_type="text/plain")


urlpatterns = [path("bench/write/", minimal_write), *meld_urlpatterns]
