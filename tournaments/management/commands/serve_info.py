from django.core.management.base import BaseCommand
from django.urls import reverse

from meld import secret
from meld.network import base_url, lan_address, link
from meld.paths import manage_command
from tournaments.models import Club


class Command(BaseCommand):
    help = (
        "Print where phones reach Meld, the clubs' public pages and how the director logs in; "
        "create .secret_key when there is none (used by `make run` before it starts the server)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args, port: int, **options) -> None:
        if secret.create_key_file():
            self.stdout.write(
                f"Created the secret key in {secret.KEY_FILE.name} (keep it out of git)."
            )
        address = lan_address()
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("Meld is starting."))
        self.stdout.write(f"  On this computer:      http://127.0.0.1:{port}/")
        self.stdout.write(f"  Phones on the Wi-Fi:   http://{address}:{port}/")
        self.stdout.write(f"  QR codes point to:     {base_url()}/")
        for club in Club.objects.filter(public_page=True).order_by("name", "pk"):
            page = link(reverse("tournaments-public-club", args=[club.public_token]))
            self.stdout.write(f"  Club's public page:    {page} ({club.name})")
        self.stdout.write(
            "  Director log-in:       user 'director' (the password was printed when the demo was loaded;"
        )
        self.stdout.write(
            f"                         new password: {manage_command()} changepassword director)"
        )
        self.stdout.write("")
