from django.conf import settings
from django.core.management.base import BaseCommand

from meld.network import lan_address


class Command(BaseCommand):
    help = "Print where phones reach Meld and how the director logs in (used by `make run`)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args, port: int, **options) -> None:
        address = lan_address()
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("Meld is starting."))
        self.stdout.write(f"  On this computer:      http://127.0.0.1:{port}/")
        self.stdout.write(f"  Phones on the Wi-Fi:   http://{address}:{port}/")
        self.stdout.write(f"  QR codes point to:     {settings.MELD_BASE_URL}/")
        self.stdout.write(
            "  Director log-in:       user 'director' (the password was printed when the demo was loaded;"
        )
        self.stdout.write(
            "                         new password: .venv/bin/python manage.py changepassword director)"
        )
        self.stdout.write("")
