from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.kernel.text import plain_text
from tournaments.models import Table


@require_GET
def table_code(request: HttpRequest) -> HttpResponse:
    """The short code on a table card leads to the same page as its QR code."""
    code = plain_text(request.GET.get("code", "")).strip().upper().replace(" ", "").replace("-", "")
    table = Table.objects.filter(code=code).only("token").first() if code else None
    if table is None:
        messages.error(
            request,
            _("No table has the code “%(code)s”. Check the code on your table card.")
            % {"code": code[:12]},
        )
        return redirect("home")
    return redirect("tournaments-table", token=table.token)
