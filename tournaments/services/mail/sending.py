"""Sending the outbox: every due row claimed by this sender alone (``services.outbox.claims``),
written in its member's language (``compose``) and handed to the mail server through Django's
mail API (``EMAIL_*`` settings, from ``MELD_EMAIL_*``), then marked sent in a transaction.

While the mail server cannot be reached, the row is due again after a back-off and the rest
wait for the next round (no claim is spent on a server that is down); an address the server
refuses fails at once. A mail that is no longer wanted is not sent.
"""

import contextlib
import logging
import smtplib
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.mail import get_connection

from tournaments.services.mail.compose import NotToSend, letter, message
from tournaments.services.outbox import claims

log = logging.getLogger(__name__)


@dataclass
class Sent:
    sent: int = 0
    failed: int = 0
    later: int = 0
    skipped: int = 0

    @property
    def tried(self) -> int:
        return self.sent + self.failed + self.later + self.skipped


def configured() -> bool:
    """Whether Meld has a way to send: a mail server (``MELD_EMAIL_HOST``), or a back end
    that needs none (the tests')."""
    smtp = settings.EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend"
    return bool(settings.EMAIL_HOST) or not smtp


def _final(error: Exception) -> bool:
    """A refusal that trying again will not change: the address or the message refused."""
    if isinstance(error, smtplib.SMTPResponseException) and 500 <= error.smtp_code < 600:
        return True
    return isinstance(error, smtplib.SMTPRecipientsRefused)


def send_due(now: datetime | None = None, limit: int = 50) -> Sent:
    """Send what is due now (at most ``limit`` mails)."""
    report = Sent()
    connection = None
    try:
        for row_id in claims.due_ids(now, limit):
            claimed = claims.claim(row_id, now)
            if claimed is None:
                continue  # another sender took it
            try:
                found = letter(claimed.row)
            except NotToSend as why:
                claims.mark_cancelled(claimed, str(why))
                report.skipped += 1
                continue
            except Exception as error:  # a bug: logged, and the mail tried again later
                log.exception("Mail %s could not be written", row_id)
                claims.mark_failed(claimed, f"{type(error).__name__}: {error}", now=now)
                report.later += 1
                continue
            try:
                if connection is None:
                    connection = get_connection(fail_silently=False)
                    connection.open()
                message(claimed.row, found, connection).send()
            except (smtplib.SMTPException, OSError) as error:
                final = _final(error)
                claims.mark_failed(
                    claimed, f"{type(error).__name__}: {error}", final=final, now=now
                )
                if final:
                    report.failed += 1
                    continue
                report.later += 1
                log.warning("The mail server did not take mail %s: %s", row_id, error)
                break  # the server is unreachable: the rest wait for the next round
            claims.mark_sent(claimed, now)
            report.sent += 1
    finally:
        if connection is not None:
            with contextlib.suppress(smtplib.SMTPException, OSError):
                connection.close()
    return report
