from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.urls import reverse

from meld import secret
from meld.paths import manage_command
from tournaments.kernel.network import base_url, phones_address
from tournaments.models import Club

# The demo's director (fixtures/demo.json, `load_demo`).
DEMO_DIRECTOR = "director"


class Command(BaseCommand):
    help = (
        "Print where phones reach Meld, the clubs' public pages and how the director logs in; "
        "create .secret_key when there is none (`meld serve` runs it before it serves)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, help="the port Meld serves on (default: PORT)")

    def handle(self, *args: Any, port: int | None, **options: Any) -> None:
        if secret.create_key_file():
            self.stdout.write(
                f"Created the secret key in {secret.KEY_FILE.name} (keep it out of git)."
            )
        port = port or settings.PORT
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("Meld is starting."))
        self.stdout.write(f"  On this computer:      http://127.0.0.1:{port}/")
        self.stdout.write(f"  Phones on the Wi-Fi:   {phones_address(port)}/")
        # The QR codes' address: the same function and port as the phones' line above.
        self.stdout.write(f"  QR codes point to:     {base_url(port)}/")
        for club in Club.objects.filter(public_page=True).order_by("name", "pk"):
            page = base_url(port) + reverse("tournaments-public-club", args=[club.public_token])
            self.stdout.write(f"  Club's public page:    {page} ({club.name})")
        self._log_in(port)
        self.stdout.write("")

    def _log_in(self, port: int) -> None:
        """How a director logs in: the demo's, or, before anyone can, how the first is made."""
        users = get_user_model().objects
        if users.filter(username=DEMO_DIRECTOR).exists():
            self.stdout.write(
                "  Director log-in:       user 'director' (the password was printed when the "
                "demo was loaded;"
            )
            self.stdout.write(
                f"                         new password: {manage_command()} changepassword director)"
            )
        elif not users.exists():
            self.stdout.write(
                f"  First director:        {manage_command()} createsuperuser, then the club in "
                f"http://127.0.0.1:{port}/admin/"
            )
            self.stdout.write("                         (Clubs → Add club, its directors)")
