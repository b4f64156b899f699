import pytest
from django.contrib import admin
from django.urls import reverse

from meld_testkit.page import read
from tests.factories import make_event, seat_round
from tournaments.models import Club, Member, Series


@pytest.mark.django_db
def test_every_admin_changelist_opens_for_a_superuser(client, django_user_model):
    boss = django_user_model.objects.create_superuser("boss", password="x-Secret-1")
    event = make_event(boss, players=8)
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    client.force_login(boss)
    for model in admin.site._registry:
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        response = client.get(url)
        assert response.status_code == 200, url


@pytest.mark.django_db
def test_the_admin_lists_members_and_series_searched_and_filtered(client, django_user_model):
    boss = django_user_model.objects.create_superuser("boss", password="x-Secret-1")
    club = Club.objects.create(name="CC Wien")
    other = Club.objects.create(name="CC Graz")
    Member.objects.create(club=club, name="Anna Bauer", number="17")
    Member.objects.create(club=other, name="Bernd Ortner", number="18", active=False)
    season = Series.objects.create(club=club, name="Season 2026", rule="best", best_of=4)
    season.events.set(
        [make_event(boss, players=0, club=club), make_event(boss, players=0, club=club)]
    )
    Series.objects.create(club=other, name="Graz cup")
    client.force_login(boss)
    members = reverse("admin:tournaments_member_changelist")
    assert "Anna Bauer" in client.get(members, {"q": "17"}).content.decode()
    assert "Bernd Ortner" not in client.get(members, {"q": "17"}).content.decode()
    page = client.get(members, {"active__exact": "0"}).content.decode()
    assert "Bernd Ortner" in page and "Anna Bauer" not in page
    series = reverse("admin:tournaments_series_changelist")
    page = client.get(series, {"rule__exact": "best"}).content.decode()
    assert "Season 2026" in page and "Graz cup" not in page
    assert '<td class="field-evenings">2</td>' in page
    page = client.get(series, {"q": "graz"}).content.decode()
    assert "Graz cup" in page and "Season 2026" not in page


@pytest.mark.django_db
def test_an_edit_or_deletion_in_the_admin_records_a_change_on_the_feed(client, django_user_model):
    """A name fixed in the administration pages reaches the open screens at their next poll."""
    from tournaments.models import Change, Player

    boss = django_user_model.objects.create_superuser("boss", password="x-Secret-1")
    event = make_event(boss, players=8)
    seat_round(event, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    client.force_login(boss)
    player = event.players.get(number=8)
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    shown = read(client.get(url).content.decode())
    form = next(form for form in shown.forms if "name" in dict(form.fields))
    client.post(url, form.data(name="Anna Bauer"))
    assert Player.objects.get(pk=player.pk).name == "Anna Bauer"
    assert Change.objects.filter(event=event).count() == 1
    client.post(reverse("admin:tournaments_bye_add"), {})  # refused: nothing saved, no change
    table = event.tables.get(number=2)
    client.post(reverse("admin:tournaments_table_delete", args=[table.pk]), {"post": "yes"})
    assert not event.tables.filter(number=2).exists()
    assert Change.objects.filter(event=event).count() == 2
