"""The private links of issue 36 (a player's own evening ``/me/<token>/``, a mail's
``/mail/<token>/…``) are guarded like the table links: long random tokens, a wrong or expired
one is a plain 404 that the guess limiter counts, and past the limit that address gets 429
while a real link still opens."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_event, seat_round
from tournaments.models import Club, Member, Player
from tournaments.services.mail import addresses

pytestmark = pytest.mark.django_db
LIMIT = 20


@pytest.fixture
def player(director):
    event = make_event(director)
    seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    return event.players.get(number=1)


def test_evening_tokens_are_long_random_and_distinct(player):
    tokens = list(Player.objects.values_list("evening_token", flat=True))
    assert len(set(tokens)) == len(tokens) == 8
    assert min(len(token) for token in tokens) >= 32  # 192 random bits, URL-safe
    assert len({token[:8] for token in tokens}) == len(tokens)


@pytest.mark.parametrize("prefix", ["/me/", "/mail/"])
def test_guessed_private_links_are_404_counted_and_then_429(client, player, prefix):
    suffix = "" if prefix == "/me/" else "stop/"
    for number in range(LIMIT):
        answer = client.get(f"{prefix}guess-{number:04d}-aaaaaaaaaaaaaaaaaaaaaaaa/{suffix}")
        assert answer.status_code == 404
        assert b"Your evening" not in answer.content
    assert client.get(f"{prefix}guess-9999-aaaaaaaaaaaaaaaaaaaaaaaa/{suffix}").status_code == 429
    # The player's own link still opens from the same address (a club's router).
    url = reverse("tournaments-player-evening", args=[player.evening_token])
    assert client.get(url).status_code == 200


def test_an_expired_link_is_a_404_the_limiter_counts(client, player, settings):
    settings.MELD_PLAYER_LINK_DAYS = 10
    event = player.event
    event.date = datetime.date.today() - datetime.timedelta(days=11)
    event.save(update_fields=["date"])
    url = reverse("tournaments-player-evening", args=[player.evening_token])
    for _ in range(LIMIT):
        assert client.get(url).status_code == 404
    assert client.get(url).status_code == 429


def test_a_mails_links_open_and_a_guess_of_one_opens_nothing(client, player):
    club = Club.objects.create(name="CC Wien")
    member = Member.objects.create(club=club, name="Anna Berger")
    found = addresses.set_address(member, "anna@example.org", "en")
    confirm = reverse("tournaments-player-mail-confirm", args=[found.confirm_token])
    stop = reverse("tournaments-player-mail-stop", args=[found.unsubscribe_token])
    assert client.get(confirm).status_code == 200
    assert client.get(stop).status_code == 200
    # Each token opens only its own page.
    wrong = reverse("tournaments-player-mail-confirm", args=[found.unsubscribe_token])
    assert client.get(wrong).status_code == 404
    assert (
        client.get(reverse("tournaments-player-evening", args=[found.confirm_token])).status_code
        == 404
    )
