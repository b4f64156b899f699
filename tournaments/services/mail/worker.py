"""The server's own sender: a thread that sends the outbox every few seconds while Meld is
served (``meld serve`` starts one; under gunicorn every worker does, the claims letting
each mail go once). Started only when a mail server is configured (``MELD_EMAIL_HOST``)."""

import logging
import threading

from django.db import connections

from tournaments.services.mail.sending import configured, send_due

log = logging.getLogger(__name__)

PAUSE_SECONDS = 10.0


class Sender(threading.Thread):
    def __init__(self, pause: float = PAUSE_SECONDS) -> None:
        super().__init__(name="meld-mail", daemon=True)
        self.pause = pause
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(self.pause):
            try:
                send_due()
            except Exception:
                log.exception("Sending the outbox failed")
            finally:
                connections.close_all()

    def stop(self) -> None:
        self.stopping.set()


def start_sender(pause: float = PAUSE_SECONDS) -> Sender | None:
    if not configured():
        return None
    sender = Sender(pause)
    sender.start()
    return sender
