"""A number beyond 64 bits in any field of any form is refused, never a 500 (issue 24).

The series form with an event id of 2**70 was a 500 on SQLite: Django's choice of
rows by id hands the number to the database, which cannot even bind it. Every
choice of rows goes through ``tournaments.kernel.numbers`` (``BoundedModelChoiceField``,
``BoundedModelMultipleChoiceField``) like every other number; the walk finds the forms.
"""

import pytest
from django import forms
from django.urls import reverse

from tests.security.formwalk import every_form
from tournaments.models import Club, Member, Series

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HUGE = str(2**70)
# Fields that name a number or a choice (of rows, of ids, of values).
NUMBERED = (forms.IntegerField, forms.ChoiceField)


def test_every_number_and_choice_of_every_form_refuses_a_number_beyond_64_bits(director):
    checked = 0
    for form in every_form(director):
        for name, field in form.fields.items():
            if not isinstance(field, NUMBERED):
                continue
            multiple = isinstance(field, forms.MultipleChoiceField | forms.ModelMultipleChoiceField)
            try:
                field.clean([HUGE] if multiple else HUGE)
            except forms.ValidationError:
                checked += 1
            else:
                pytest.fail(f"{type(form).__name__}.{name} took {HUGE}")
    assert checked > 40


def test_every_form_sent_a_number_beyond_64_bits_in_every_field_is_only_invalid(director):
    names = {form.add_prefix(name) for form in every_form(director) for name in form.fields}
    for form in every_form(director, {name: HUGE for name in names}):
        form.is_valid()
        for value in getattr(form, "cleaned_data", {}).values():
            assert value != 2**70


@pytest.fixture
def club(director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return club


def test_a_series_of_an_evening_beyond_64_bits_is_refused_next_to_the_evenings(
    director_client, club
):
    answer = director_client.post(
        reverse("tournaments-director-series-new") + f"?club={club.pk}",
        {"name": "Season", "rule": "total", "events": [HUGE]},
    )
    assert answer.status_code == 200
    assert answer.context["form"].errors["events"] == [f"“{HUGE[:19]}…” is not a valid value."]
    assert not Series.objects.exists()


def test_a_merge_with_a_member_beyond_64_bits_is_refused(director_client, club):
    member = Member.objects.create(club=club, name="Anna Berger")
    answer = director_client.post(
        reverse("tournaments-director-member-merge", args=[member.pk]), {"gone": HUGE}
    )
    assert answer.status_code in (200, 302)
    assert Member.objects.get() == member


def test_a_new_event_of_a_club_beyond_64_bits_is_refused(director_client, club):
    answer = director_client.post(
        reverse("tournaments-director-event-new"),
        {"name": "Evening", "date": "2026-11-22", "preset": "canasta:wiener", "club": HUGE},
    )
    assert answer.status_code == 200
    assert "club" in answer.context["form"].errors
