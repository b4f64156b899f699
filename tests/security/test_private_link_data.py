"""A player's private link is weak: a phone hands it to whoever taps the player's name at
their table (``test_players_evening``), and the player cards can be lost. So the pages it
opens show none of the member's personal data (the address only masked, no register
fields), never change a confirmed address, and give the data only through a link mailed to
the confirmed address (GDPR Art. 15: the data go to the person, not to a neighbour)."""

import re

import pytest
from django.core import mail as outbox_mail
from django.test import Client
from django.urls import reverse

from tests.web.evening_helpers import NAMES, club_with_members, played_evening
from tests.web.test_results_mail import confirm_by_mail, link_in
from tournaments.models import MemberMail, OutboxMail
from tournaments.services.mail import addresses
from tournaments.services.mail.sending import send_due

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

ADDRESS = "anna.private@example.org"
NUMBER = "M-4711"


@pytest.fixture
def anna(director):
    the_club, members = club_with_members(director)
    member = members["Anna Berger"]
    member.number = NUMBER
    member.save(update_fields=["number"])
    confirm_by_mail(Client(), member, ADDRESS, "en")
    event = played_evening(director, the_club, [members[name] for name in NAMES])
    return event.players.get(member=member)


def own(name: str, player) -> str:
    return reverse(f"tournaments-player-{name}", args=[player.evening_token])


def test_the_private_links_pages_show_no_personal_data(anna):
    neighbour = Client()
    for name in ("evening", "history", "mail", "data"):
        answer = neighbour.get(own(name, anna))
        assert answer.status_code == 200, name
        text = answer.content.decode()
        assert ADDRESS not in text and "anna.private" not in text, name
        assert NUMBER not in text, name
    assert "a•••@e•••.org" in neighbour.get(own("mail", anna)).content.decode()
    assert neighbour.get(f"/me/{anna.evening_token}/data.json").status_code == 404


def test_the_private_link_changes_no_confirmed_address(anna):
    neighbour = Client()
    url = own("mail", anna)
    form = neighbour.get(url).content.decode()
    assert 'name="address"' not in form and 'name="remove"' not in form
    neighbour.post(url, {"address": "thief@example.org", "language": "en", "consent": "on"})
    neighbour.post(url, {"remove": "1"})
    neighbour.post(url, {"stop": "1"})
    found = MemberMail.objects.get(member=anna.member)
    assert (found.address, found.state) == (ADDRESS, MemberMail.State.CONFIRMED)
    assert not OutboxMail.objects.filter(address="thief@example.org").exists()


def test_the_data_open_from_a_link_mailed_to_the_confirmed_address(anna):
    outbox_mail.outbox.clear()
    answer = Client().post(own("data", anna), follow=True)
    assert "The link is on its way" in answer.content.decode()
    assert ADDRESS not in answer.content.decode()
    assert send_due().sent == 1
    [message] = outbox_mail.outbox
    assert message.to == [ADDRESS] and message.subject.startswith("Everything")
    url = link_in(message.body, "data")
    page = Client().get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert ADDRESS in text and NUMBER in text
    download = Client().get(re.sub(r"data/$", "data.json", url))
    assert download.status_code == 200 and ADDRESS in download.content.decode()
    assert "no-store" in page["Cache-Control"]
    # Stopped mails end the link with its cause: the address no longer proves anything.
    Client().post(link_in(message.body, "stop"))
    assert Client().get(url).status_code == 404


def test_a_data_link_goes_a_few_times_a_day_and_only_to_a_confirmed_address(anna):
    client = Client()
    for _sent in range(addresses.DATA_LINKS_PER_DAY):
        client.post(own("data", anna))
    refused = client.post(own("data", anna), follow=True).content.decode()
    assert "went to you in the last day" in refused
    sent = OutboxMail.objects.filter(member=anna.member, kind=OutboxMail.Kind.DATA).count()
    assert sent == addresses.DATA_LINKS_PER_DAY
    addresses.set_address(anna.member, "", "en")
    page = client.get(own("data", anna)).content.decode()
    assert "Mail me the link" not in page and "No confirmed address" in page
    answer = client.post(own("data", anna), follow=True).content.decode()
    assert "No confirmed address" in answer
    assert OutboxMail.objects.filter(kind=OutboxMail.Kind.DATA).count() == sent


def test_the_data_mail_speaks_the_members_language(director):
    the_club, members = club_with_members(director)
    member = members["Emil Stern"]
    confirm_by_mail(Client(), member, "emil@example.org", "de")
    addresses.send_data_link(member)
    outbox_mail.outbox.clear()
    send_due()
    [message] = outbox_mail.outbox
    assert message.subject.startswith("Alles, was") and "Ihre Daten" in message.body
