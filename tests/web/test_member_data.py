"""A member's data under their control (issue 36, GDPR Art. 15 and 17), for a member who
played five evenings: the export (JSON and the page) holds every deal they played; after
the erasure no page, PDF, export or row of the database holds their name or e-mail, while
every other player's standings, series and ratings are exactly what they were."""

import json
import random

import pytest
from django.db import connection
from django.urls import reverse

from tests.security.test_public_names import text_of
from tests.web.evening_helpers import NAMES, club_with_members, played_evening
from tests.web.series_helpers import total_series
from tournaments.kernel.errors import ServiceError
from tournaments.kernel.public_ids import public_id
from tournaments.models import (
    AuditEntry,
    Entry,
    Erasure,
    Event,
    MemberMail,
    MemberRating,
    OutboxMail,
    RatingHistory,
    Seat,
)
from tournaments.printing import DOCUMENTS
from tournaments.services.club.public_page import set_public_page
from tournaments.services.club.series import series_standings
from tournaments.services.mail import addresses
from tournaments.services.mail.sending import send_due
from tournaments.services.member_data.erase import erase_member
from tournaments.services.ratings import refresh
from tournaments.services.scores.entries import correct_entry
from tournaments.services.scores.standings import standings
from tournaments.services.setup import events as setup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

GONE = "Anna Berger"
SECRETS = ("Anna Berger", "Berger", "anna@example.org")


@pytest.fixture
def season(director):
    """Five finished evenings of the club's twelve members (drawn anew each time), a series
    over them, the rating lists; Anna gets her results by e-mail, and one correction's reason
    names her."""
    club, members = club_with_members(director)
    club = set_public_page(club, True)
    anna = members[GONE]
    addresses.confirm(addresses.set_address(anna, "anna@example.org", "en"))
    events = []
    for day in range(1, 6):
        people = [members[name] for name in NAMES]
        random.Random(day).shuffle(people)
        event = played_evening(director, club, people, day=day, seed=day, finish=False, public=True)
        if day == 3:
            game = Seat.objects.filter(round__event=event, player__member=anna).first().game
            correct_entry(
                game, 1, {"totals": [1200, 300]}, user=director, reason=f"{GONE}'s sheet was right"
            )
        setup.finish_event(event, director)
        events.append(event)
    send_due(later_than_delay())
    series = total_series(club, events, "Spring cup")
    refresh.recompute_club(club.pk)
    return {"club": club, "members": members, "events": events, "series": series, "anna": anna}


def later_than_delay():
    from datetime import timedelta

    from django.utils import timezone

    return timezone.now() + timedelta(hours=1)


def everyone_elses(season) -> dict:
    """Every figure of everyone but Anna: standings of each evening, the series, ratings."""
    anna = season["anna"]
    figures = {}
    for event in season["events"]:
        figures[event.pk] = [
            (row.key, row.rank, row.total, row.points, row.net, row.match_points, row.wins)
            for row in standings(event)
            if row.player.member_id != anna.pk
        ]
    figures["series"] = [
        (row.member.pk, row.rank, row.total, row.played, row.shared)
        for row in series_standings(season["series"]).rows
        if row.member.pk != anna.pk
    ]
    figures["ratings"] = sorted(
        MemberRating.objects.exclude(member=anna).values_list(
            "member_id", "card_game", "mu", "sigma", "games"
        )
    )
    figures["history"] = sorted(
        RatingHistory.objects.exclude(member=anna).values_list(
            "member_id", "event_id", "mu_before", "sigma_before", "mu_after", "sigma_after", "games"
        )
    )
    return figures


def deals_played(member) -> int:
    games = Seat.objects.filter(player__member=member).values("game_id")
    return Entry.objects.filter(game_id__in=games, status=Entry.Status.CONFIRMED).count()


def test_the_export_holds_every_deal_the_member_played(director_client, season):
    anna = season["anna"]
    answer = director_client.get(reverse("tournaments-director-member-data-json", args=[anna.pk]))
    assert answer.status_code == 200
    assert answer["Content-Disposition"].startswith("attachment")
    data = json.loads(answer.content)
    assert data["member"]["name"] == GONE and data["email"]["address"] == "anna@example.org"
    assert len(data["evenings"]) == 5
    exported = sum(len(r["deals"]) for e in data["evenings"] for r in e["rounds"])
    assert exported == deals_played(anna) == 5 * 3 * 2
    assert data["ratings"] and data["series"][0]["series"] == "Spring cup"
    assert len([m for m in data["mails"] if m["kind"] == "results"]) == 5
    assert any("sheet was right" in row["reason"] for row in data["audit"])
    page = director_client.get(reverse("tournaments-director-member-data", args=[anna.pk]))
    assert page.content.decode().count('<tr class="deal">') == exported
    # The same from the link mailed to the member's confirmed address.
    token = MemberMail.objects.get(member=anna).unsubscribe_token
    own = json.loads(
        director_client.get(reverse("tournaments-player-mail-data-json", args=[token])).content
    )
    assert sum(len(r["deals"]) for e in own["evenings"] for r in e["rounds"]) == exported


def test_erasing_leaves_everyone_elses_standings_series_and_ratings_as_they_were(director, season):
    before = everyone_elses(season)
    anna_before = [
        (row.rank, row.total)
        for e in season["events"]
        for row in standings(e)
        if row.player.member_id == season["anna"].pk
    ]
    erasure = erase_member(season["anna"], director)
    assert erasure.number == 1
    assert everyone_elses(season) == before
    refresh.recompute_club(season["club"].pk)  # a replay after it gives the same lists
    assert everyone_elses(season) == before
    season["anna"].refresh_from_db()
    assert season["anna"].name == "former member 1"
    assert [
        (row.rank, row.total)
        for e in season["events"]
        for row in standings(e)
        if row.player.member_id == season["anna"].pk
    ] == anna_before  # her results stay, under the new name
    assert AuditEntry.objects.filter(new__erased="former member 1").count() == 5


def database_texts() -> str:
    """Every value of every table of the database, as text."""
    found = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            found += [repr(row) for row in cursor.fetchall()]
    return "\n".join(found)


def walked_pages(client, season, tokens: list[str], *, pdfs: bool = True) -> dict[str, str]:
    """The director's pages and PDFs of every evening, the register and the member's pages,
    the public pages, and the private pages of ``tokens``."""
    club, anna = season["club"], season["anna"]
    urls = [
        f"/members/?club={club.pk}&show=all",
        f"/members/{anna.pk}/",
        f"/members/{anna.pk}/edit/",
        f"/members/{anna.pk}/data/",
        f"/members/{anna.pk}/data.json",
        f"/members/mails/?club={club.pk}",
        f"/series/{season['series'].pk}/",
        f"/series/{season['series'].pk}/print/",
        reverse("tournaments-public-club", args=[club.public_token]),
        f"/members/ratings/?club={club.pk}",
        f"/series/?club={club.pk}",
    ]
    for event in season["events"]:
        base = f"/events/{event.pk}"
        urls += [f"{base}/", f"{base}/standings/", f"{base}/setup/players/", f"{base}/audit/"]
        urls += [f"{base}/players/links/", f"/members/mails/?club={club.pk}&event={event.pk}"]
        urls += [f"{base}/print/{kind}.pdf" for kind in DOCUMENTS if pdfs]
        urls += [reverse("tournaments-public", args=[event.public_token])]
        urls += [
            reverse("tournaments-public-club-evening", args=[club.public_token, public_id(event)])
        ]
    urls += [reverse("tournaments-player-evening", args=[token]) for token in tokens]
    answers = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        answers[url] = text_of(response)
    return answers


def test_after_erasing_no_page_pdf_export_or_row_holds_the_name_or_address(
    director_client, director, season
):
    anna = season["anna"]
    others = [p.evening_token for p in season["events"][0].players.exclude(member=anna)]
    old_links = list(anna.players.values_list("evening_token", flat=True))
    seen = "\n".join(walked_pages(director_client, season, others, pdfs=False).values())
    assert all(
        secret in seen for secret in ("Anna Berger", "anna@example.org")
    )  # the walk sees them
    assert "Anna Berger" in database_texts()
    erase_member(anna, director)
    pages = walked_pages(director_client, season, others)
    leaks = {
        url: [s for s in SECRETS if s.casefold() in text.casefold()] for url, text in pages.items()
    }
    assert not {url: found for url, found in leaks.items() if found}
    assert "former member 1" in "\n".join(pages.values())
    texts = database_texts().casefold()
    assert not [secret for secret in SECRETS if secret.casefold() in texts]
    for token in old_links:  # her private links are gone with her name
        assert (
            director_client.get(reverse("tournaments-player-evening", args=[token])).status_code
            == 404
        )
    assert set(OutboxMail.objects.filter(member=anna).values_list("address", flat=True)) == {""}


def test_erasing_is_a_confirmed_director_step(director_client, season):
    anna = season["anna"]
    url = reverse("tournaments-director-member-erase", args=[anna.pk])
    page = director_client.get(url)
    assert page.status_code == 200 and "Erase the personal data" in page.content.decode()
    director_client.post(url)  # not confirmed: nothing happens
    anna.refresh_from_db()
    assert anna.name == GONE and not Erasure.objects.exists()
    answer = director_client.post(url, {"confirm": "on"})
    assert answer.status_code == 302
    anna.refresh_from_db()
    assert anna.name == "former member 1"


def test_a_member_playing_an_evening_not_finished_cannot_be_erased_yet(director, season):
    club, members = season["club"], season["members"]
    played_evening(director, club, [members[n] for n in NAMES], day=20, finish=False)
    with pytest.raises(ServiceError):
        erase_member(season["anna"], director)
    assert Event.objects.filter(status="running").count() == 1
