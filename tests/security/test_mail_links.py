"""A member's mail links and the confirmation mails, against someone who once had a link
(a typo address, a former shared address) or holds the member's evening link. Found by
a probe."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.series_helpers import club_of
from tournaments.kernel.errors import ServiceError
from tournaments.models import Member, OutboxMail
from tournaments.services.mail.addresses import CONFIRMATIONS_PER_DAY, ask_again, set_address

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def member(director):
    return Member.objects.create(club=club_of(director), name="Vera Geheim")


def test_a_stop_link_sent_to_an_old_address_names_nothing_after_the_address_changed(member):
    first = set_address(member, "typo@example.org", "en")
    old_stop = reverse("tournaments-player-mail-stop", args=[first.unsubscribe_token])
    second = set_address(member, "vera@example.org", "en")
    assert second.unsubscribe_token != first.unsubscribe_token
    answer = Client().get(old_stop)
    assert answer.status_code == 404
    assert "vera@example.org" not in answer.content.decode()
    assert Client().post(old_stop).status_code == 404


def test_the_same_address_again_keeps_its_stop_link(member):
    first = set_address(member, "vera@example.org", "en")
    again = set_address(member, "Vera@example.org", "de")
    assert again.unsubscribe_token == first.unsubscribe_token


def test_no_more_than_a_few_confirmation_mails_a_day_go_to_one_member(member):
    for number in range(CONFIRMATIONS_PER_DAY - 1):
        set_address(member, f"try{number}@example.org", "en")
    ask_again(member)
    with pytest.raises(ServiceError, match="confirmation mails went to this member"):
        set_address(member, "victim@example.org", "en")
    with pytest.raises(ServiceError):
        ask_again(member)
    sent = OutboxMail.objects.filter(member=member, kind=OutboxMail.Kind.CONFIRM).count()
    assert sent == CONFIRMATIONS_PER_DAY


def test_the_registers_pages_are_not_kept_for_the_back_button(director_client, member):
    for url in (
        reverse("tournaments-director-members"),
        reverse("tournaments-director-member", args=[member.pk]),
        reverse("tournaments-director-member-edit", args=[member.pk]),
    ):
        answer = director_client.get(url)
        assert answer.status_code == 200, url
        assert "no-store" in answer["Cache-Control"], url
