import logging

from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger("tournaments.health")


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 "ok" when the database answers, 503 "unavailable" when it does not.

    Anyone may ask (the proxy's checks), so the answer is the status alone; why the
    database failed goes to the server's log. (Telling a staff user more would need
    their session, which lives in the very database that may be gone.)
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any database failure means "unhealthy", not a 500
        logger.warning("Health check: the database does not answer: %s", error)
        return JsonResponse({"status": "unavailable"}, status=503)
    return JsonResponse({"status": "ok"})
