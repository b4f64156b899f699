"""Results by e-mail (issue 36), through Django's locmem back end: a member's address waits
for their own confirmation (double opt-in); after Finish every opted-in member of the
evening gets exactly one mail of their results, in their language, with their link and the
link that stops the mails; nothing goes to a member who did not opt in."""

import re
from datetime import timedelta

import pytest
from django.core import mail as outbox_mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.web.evening_helpers import NAMES, club_with_members, played_evening
from tournaments.models import MemberMail, OutboxMail
from tournaments.services.mail import addresses
from tournaments.services.mail.sending import send_due
from tournaments.services.outbox import claims
from tournaments.services.setup import events as setup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

OPTED_IN = {"Anna Berger": "en", "Emil Stern": "de", "Ida Kern": "en"}
ASKED_ONLY = "Dora Stein"  # gave an address but never confirmed it


def later(seconds: int = 3600):
    return timezone.now() + timedelta(seconds=seconds)


def link_in(text: str, name: str) -> str:
    found = re.search(rf"https?://[^\s\"<>]+/mail/[\w-]+/{name}/", text)
    assert found, text
    return found.group(0).split("://", 1)[1].split("/", 1)[1].join(["/", ""])


def confirm_by_mail(client: Client, member, address: str, language: str) -> None:
    """The director enters the address; the member confirms from the mail they get."""
    outbox_mail.outbox.clear()
    addresses.set_address(member, address, language)
    assert send_due().sent == 1
    [message] = outbox_mail.outbox
    assert message.to == [address]
    url = link_in(message.body, "confirm")
    assert client.get(url).status_code == 200  # GET only asks
    assert MemberMail.objects.get(member=member).state == MemberMail.State.PENDING
    assert client.post(url).status_code == 200
    assert MemberMail.objects.get(member=member).state == MemberMail.State.CONFIRMED
    outbox_mail.outbox.clear()


@pytest.fixture
def club(director):
    return club_with_members(director)


@pytest.fixture
def opted_in(club, client):
    _club, members = club
    for name, language in OPTED_IN.items():
        confirm_by_mail(client, members[name], f"{name.split()[0].lower()}@example.org", language)
    addresses.set_address(members[ASKED_ONLY], "dora@example.org", "en")
    send_due()
    outbox_mail.outbox.clear()
    return members


def test_each_opted_in_member_gets_exactly_one_mail_after_finish(director, club, opted_in):
    the_club, members = club
    event = played_evening(director, the_club, [members[name] for name in NAMES])
    assert OutboxMail.objects.filter(event=event).count() == len(OPTED_IN)
    assert send_due().sent == 0  # they wait MELD_MAIL_DELAY_SECONDS for the rating lists
    assert send_due(later()).sent == len(OPTED_IN)
    assert send_due(later(7200)).tried == 0
    call_command("sendmail")
    assert sorted(m.to[0] for m in outbox_mail.outbox) == [
        "anna@example.org",
        "emil@example.org",
        "ida@example.org",
    ]
    assert "dora@example.org" not in [m.to[0] for m in outbox_mail.outbox]
    for message in outbox_mail.outbox:
        player = event.players.get(member__mail__address=message.to[0])
        assert reverse("tournaments-player-evening", args=[player.evening_token]) in message.body
        html = message.alternatives[0][0]
        assert reverse("tournaments-player-evening", args=[player.evening_token]) in html
        assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert "/mail/" in message.extra_headers["List-Unsubscribe"]
        german = message.to[0] == "emil@example.org"
        assert message.subject.startswith("Ihr Abend" if german else "Your evening"), (
            message.subject
        )
    assert set(OutboxMail.objects.filter(event=event).values_list("status", flat=True)) == {"sent"}


def test_a_reopened_and_corrected_evening_mails_its_members_once_more(director, club, opted_in):
    the_club, members = club
    event = played_evening(director, the_club, [members[name] for name in NAMES])
    send_due(later())
    setup.reopen_event(event, director, "A deal was wrong")
    setup.finish_event(event, director)
    send_due(later())
    assert len(outbox_mail.outbox) == 2 * len(OPTED_IN)
    editions = OutboxMail.objects.filter(event=event).values_list("edition", flat=True)
    assert sorted(editions) == [1] * 3 + [2] * 3


def test_a_finish_reopened_before_its_mails_went_sends_only_the_corrected_results(
    director, club, opted_in
):
    the_club, members = club
    event = played_evening(director, the_club, [members[name] for name in NAMES])
    setup.reopen_event(event, director, "Finished too early")
    setup.finish_event(event, director)
    send_due(later())
    assert len(outbox_mail.outbox) == len(OPTED_IN)
    assert set(
        OutboxMail.objects.filter(event=event, edition=1).values_list("status", flat=True)
    ) == {"cancelled"}


def test_the_stop_link_stops_the_mails_and_takes_a_one_click_post_without_csrf(
    director, club, opted_in
):
    the_club, members = club
    played_evening(director, the_club, [members[name] for name in NAMES], day=3)
    send_due(later())
    anna = next(m for m in outbox_mail.outbox if m.to == ["anna@example.org"])
    url = link_in(anna.body, "stop")
    strict = Client(enforce_csrf_checks=True)
    assert strict.get(url).status_code == 200
    assert MemberMail.objects.get(address="anna@example.org").state == "confirmed"
    answer = strict.post(url, {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    assert MemberMail.objects.get(address="anna@example.org").state == "stopped"
    outbox_mail.outbox.clear()
    event = played_evening(director, the_club, [members[name] for name in NAMES], day=4)
    send_due(later())
    assert sorted(m.to[0] for m in outbox_mail.outbox) == ["emil@example.org", "ida@example.org"]
    assert not OutboxMail.objects.filter(event=event, member=members["Anna Berger"]).exists()


def test_nothing_goes_to_members_who_did_not_opt_in_or_a_club_with_no_address(director, club):
    the_club, members = club
    played_evening(director, the_club, [members[name] for name in NAMES])
    assert send_due(later()).tried == 0
    assert not outbox_mail.outbox


def test_the_member_asks_from_their_link_with_consent_then_confirms(director, club, client):
    the_club, members = club
    event = played_evening(director, the_club, [members[name] for name in NAMES])
    karin = event.players.get(name="Karin Fuchs")
    url = reverse("tournaments-player-mail", args=[karin.evening_token])
    refused = client.post(url, {"address": "karin@example.org", "language": "de"})
    assert refused.status_code == 200  # no consent ticked: asked again, nothing stored
    assert not MemberMail.objects.exists()
    client.post(url, {"address": "karin@example.org", "language": "de", "consent": "on"})
    assert MemberMail.objects.get().state == "pending"
    send_due()
    [message] = outbox_mail.outbox
    assert "Bitte bestätigen Sie" in message.subject
    client.post(link_in(message.body, "confirm"))
    assert MemberMail.objects.get().state == "confirmed"
    page = client.get(url).content.decode()
    assert "Your results go to k•••@e•••.org." in page and "karin@example.org" not in page
    # A confirmed address is stopped by a mail's own link, not by the private link.
    client.post(url, {"remove": "1"})
    assert MemberMail.objects.get().state == "confirmed"
    client.post(link_in(message.body, "stop"))
    assert MemberMail.objects.get().state == "stopped"
    client.post(url, {"remove": "1"})
    assert not MemberMail.objects.exists()


def test_a_claimed_mail_is_claimed_by_one_sender_only(director, club, opted_in):
    the_club, members = club
    event = played_evening(director, the_club, [members[name] for name in NAMES])
    row = OutboxMail.objects.filter(event=event).first()
    first = claims.claim(row.pk, later())
    assert first is not None
    assert claims.claim(row.pk, later()) is None  # another sender finds it taken
    assert claims.claim(row.pk, later(claims.CLAIM_SECONDS + 3700)) is not None  # a dead sender's
    assert not claims.mark_sent(first)  # the first sender's claim is no longer its own


def test_the_directors_mail_page_lists_queued_sent_and_failed(
    director_client, director, club, opted_in
):
    the_club, members = club
    event = played_evening(director, the_club, [members[name] for name in NAMES])
    page = director_client.get(f"/members/mails/?club={the_club.pk}&event={event.pk}")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Results of Evening 10.03. (1)" in text and "queued" in text
    send_due(later())
    text = director_client.get(f"/members/mails/?club={the_club.pk}").content.decode()
    # the results, and the confirmations of the three and of Dora (who never confirmed)
    assert text.count('class="outbox-row status-sent"') == 2 * len(OPTED_IN) + 1
