import pytest
from django.contrib import admin
from django.urls import reverse

from tests.factories import make_event, seat_round


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
