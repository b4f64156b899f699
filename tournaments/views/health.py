from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers, 503 when it does not (for the proxy's checks)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any database failure means "unhealthy", not a 500
        return JsonResponse({"status": "error", "database": str(error)}, status=503)
    return JsonResponse({"status": "ok", "database": connection.vendor})
