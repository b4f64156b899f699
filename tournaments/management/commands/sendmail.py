"""``meld sendmail``: send the outbox now (the server's own thread does the same every few
seconds while Meld is served); with --every, again and again."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.services.mail.sending import configured, send_due


class Command(BaseCommand):
    help = (
        "Send the mails of the outbox that are due (results of finished evenings, address "
        "confirmations); a mail the server cannot take now is tried again later. With "
        "--every, again and again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--every", type=int, default=0, metavar="SECONDS", help="repeat after so many seconds"
        )

    def handle(self, *args: Any, every: int, **options: Any) -> None:
        if not configured():
            self.stderr.write("No mail server is set (MELD_EMAIL_HOST): nothing is sent.")
            return
        while True:
            sent = send_due()
            if sent.tried or not every:
                self.stdout.write(
                    f"{sent.sent} sent, {sent.later} to try again, {sent.failed} failed, "
                    f"{sent.skipped} no longer wanted."
                )
            if not every:
                return
            time.sleep(every)
