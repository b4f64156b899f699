"""The club's public rating list tells nothing of withheld names by its order: members level
on the rating stand by lot, not by the register's order (which often follows the alphabet:
a register typed or imported sorted), as the series standings do."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.series_helpers import club_of
from tournaments.kernel.names import lot
from tournaments.models import Member, MemberRating
from tournaments.services.club.public_page import set_public_page

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
NAMES = ["Anton Adler", "Berta Brandl", "Carl Czerny", "Dora Dietl", "Emil Ebner", "Fritz Fink"]


def test_level_withheld_members_do_not_stand_in_register_order(director):
    club = set_public_page(club_of(director), True)
    games = [7, 3, 9, 4, 8, 5]  # what tells the rows apart on the page
    members = []
    for name, count in zip(NAMES, games, strict=True):  # the register typed in A-Z order
        member = Member.objects.create(club=club, name=name, public_name=Member.PublicName.HIDDEN)
        MemberRating.objects.create(
            member=member, card_game="canasta", mu=30.0, sigma=5.0, games=count
        )
        members.append(member)
    html = (
        Client()
        .get(reverse("tournaments-public-club-ratings", args=[club.public_token, "canasta"]))
        .content.decode()
    )
    assert "Adler" not in html and html.count("(name withheld)") == len(NAMES)
    rows = re.findall(r"<tr.*?</tr>", html, re.S)[1:]
    shown = [int(re.findall(r'data-label="Games">\s*(\d+)', row)[0]) for row in rows]
    by_lot = sorted(members, key=lambda m: lot(f"rating-{club.pk}-canasta", m.pk))
    assert shown == [games[members.index(member)] for member in by_lot]
