from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """django-axes' answer once a user name has had too many wrong passwords from one address."""
    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    response = render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response
