"""Results by e-mail through a real SMTP server (aiosmtpd on localhost): while the server is
unreachable nothing is lost (the mails wait and are tried again after a back-off); once it
answers, every opted-in member gets exactly one mail of the evening; the server's own thread
sends them as ``meld sendmail`` does; and nothing goes to a member who did not opt in."""

import contextlib
import email
import re
import threading
import time
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from meld_testkit.serving import free_port
from tests.web.evening_helpers import NAMES, club_with_members, played_evening
from tournaments.models import MemberMail, OutboxMail
from tournaments.services.mail import addresses
from tournaments.services.mail.sending import send_due
from tournaments.services.mail.worker import start_sender

pytestmark = [pytest.mark.usefixtures("english")]

OPTED_IN = ["Anna Berger", "Emil Stern", "Ida Kern", "Ludwig Graf"]


class Inbox:
    """What the SMTP server received: (recipients, parsed message) per mail."""

    def __init__(self) -> None:
        self.mails: list[tuple[list[str], email.message.Message]] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        with self.lock:
            self.mails.append((list(envelope.rcpt_tos), email.message_from_bytes(envelope.content)))
        return "250 Message accepted for delivery"

    def results_to(self) -> list[str]:
        with self.lock:
            return sorted(
                rcpt
                for rcpts, message in self.mails
                if message["Subject"].startswith("Your evening")
                for rcpt in rcpts
            )


@pytest.fixture
def smtp(settings):
    """A mail server on a free port, not started yet: the test says when it answers."""
    port = free_port()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 5
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    yield controller, inbox
    with contextlib.suppress(AssertionError, RuntimeError):  # never started
        controller.stop()


def address(name: str) -> str:
    return f"{name.split()[0].lower()}@example.org"


def opt_in(members) -> None:
    for name in OPTED_IN:
        addresses.confirm(addresses.set_address(members[name], address(name), "en"))
    addresses.set_address(members["Dora Stein"], "dora@example.org", "en")  # never confirmed
    # The confirmations went long ago (a test of their own, test_results_mail.py).
    OutboxMail.objects.filter(kind=OutboxMail.Kind.CONFIRM).delete()


@pytest.mark.django_db
def test_the_mails_wait_while_the_server_is_down_and_each_goes_once_it_answers(director, smtp):
    controller, inbox = smtp
    club, members = club_with_members(director)
    opt_in(members)
    event = played_evening(director, club, [members[name] for name in NAMES])
    now = timezone.now() + timedelta(minutes=2)
    down = send_due(now)
    assert (down.sent, down.later) == (0, 1)  # the first try failed; the rest wait their turn
    rows = OutboxMail.objects.filter(event=event)
    assert set(rows.values_list("status", flat=True)) == {"queued"}
    assert sorted(rows.values_list("attempts", flat=True)) == [0, 0, 0, 1]
    failed = rows.get(attempts=1)
    assert failed.next_try_at >= now + timedelta(seconds=30)
    assert "Connection refused" in failed.last_error or "Errno" in failed.last_error
    assert send_due(now + timedelta(minutes=5)).later == 1  # still down: tried again, backed off
    controller.start()  # the server answers again
    sent = send_due(now + timedelta(hours=2))
    assert sent.sent == len(OPTED_IN)
    assert send_due(now + timedelta(days=1)).tried == 0
    assert inbox.results_to() == sorted(address(name) for name in OPTED_IN)
    assert "dora@example.org" not in [r for rcpts, _m in inbox.mails for r in rcpts]
    assert set(rows.values_list("status", flat=True)) == {"sent"}
    message = next(m for rcpts, m in inbox.mails if rcpts == ["anna@example.org"])
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message.is_multipart()
    # Anna unsubscribes with her mail program's one click (RFC 8058: a POST, no CSRF token).
    stop = urlsplit(re.search(r"<([^>]+)>", message["List-Unsubscribe"])[1]).path
    assert (
        Client(enforce_csrf_checks=True).post(stop, {"List-Unsubscribe": "One-Click"}).status_code
        == 200
    )
    played_evening(director, club, [members[name] for name in NAMES], day=17)
    assert send_due(now + timedelta(days=2)).sent == len(OPTED_IN) - 1
    assert inbox.results_to() == sorted(
        [address(name) for name in OPTED_IN] + [address(n) for n in OPTED_IN if n != "Anna Berger"]
    )


@pytest.mark.django_db
def test_meld_sendmail_sends_what_is_due(director, smtp, settings, capsys):
    controller, inbox = smtp
    settings.MELD_MAIL_DELAY_SECONDS = 0
    controller.start()
    club, members = club_with_members(director)
    opt_in(members)
    played_evening(director, club, [members[name] for name in NAMES])
    call_command("sendmail")
    assert "4 sent" in capsys.readouterr().out
    assert inbox.results_to() == sorted(address(name) for name in OPTED_IN)


@pytest.mark.django_db(transaction=True)
def test_the_servers_own_thread_sends_them_after_the_server_came_back(director, smtp, settings):
    controller, inbox = smtp
    settings.MELD_MAIL_DELAY_SECONDS = 0
    club, members = club_with_members(director)
    opt_in(members)
    played_evening(director, club, [members[name] for name in NAMES])
    sender = start_sender(pause=0.2)
    try:
        time.sleep(1.0)  # down: every try fails and backs off
        assert inbox.results_to() == []
        controller.start()
        deadline = time.monotonic() + 20
        while len(inbox.results_to()) < len(OPTED_IN) and time.monotonic() < deadline:
            # The back-off (30 s after a failure) is cut short for the test, again for a mail
            # whose try was under way as the server came back (that try failed).
            OutboxMail.objects.filter(status="queued").update(next_try_at=timezone.now())
            time.sleep(0.2)
        time.sleep(1.0)  # a mail sent twice would arrive now
    finally:
        sender.stop()
        sender.join(5)
    assert inbox.results_to() == sorted(address(name) for name in OPTED_IN)
    assert MemberMail.objects.filter(state="confirmed").count() == len(OPTED_IN)
