"""The table's phone paths read the database a constant few times, however many deals are in.

Two hundred phones poll the score pad and every deal is sent and confirmed on a
phone, so each request type has a bound here, the same with one deal entered as
with twelve. The bounds leave a little room (SQLite counts BEGIN and COMMIT); a
query per deal or per seat would break them at twelve deals.
"""

import datetime

import pytest
from django.db import connection
from django.template import Context as TemplateContext
from django.template import Template
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from tests.web.table_helpers import DEAL_FORM, canasta_game, gin_game, poll_of, seat_of, totals
from tournaments.card_games import entry_form_for
from tournaments.card_games.entry import base as entry_forms
from tournaments.card_games.entry.field_html import errors_html, field_html
from tournaments.models import Entry, Game
from tournaments.services.scores.auto_confirm import confirm_due_in_round
from tournaments.services.scores.entries import confirm_entry, submit_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HTMX = {"HTTP_HX_REQUEST": "true"}
QUICK = {"s0_total": "100", "s1_total": "50"}
GIN = {"kind": "knock", "knocker": "0", "knocker_deadwood": "1", "defender_deadwood": "3"}

# Queries per request, whatever the number of deals already entered. Every request that
# draws reads the table's feed value first: on a cold cache (as each test starts) the
# token's table and the event's latest change are two queries more.
COLD = 2
# the game with round, event, table and its seats with players (one statement); its
# entries; the newest audit row of the game (a director's decision is said until the table
# goes on); the table's open call, and this phone's call the director has seen
PAGE = COLD + 5
POLL_UNCHANGED = 0  # the token's table and the table's feed value come from the cache
# the table's feed value after a write (a test's transaction never commits, so the cache
# was dropped and never set again), and what the page reads
POLL_CHANGED = 6
PREVIEW = 2
# The locked transactions: PostgreSQL locks the event and round in one statement, then the
# game; SQLite counts BEGIN and COMMIT instead. One insert of the change feed's row. The
# answer is drawn from the table read again after the step (its feed value, which a test's
# uncommitted step leaves to the database; the game and its round, the event, table and
# seats kept while the event's frame value stays) and reads the calls (two).
SUBMIT = COLD + 14
CONFIRM = COLD + 18  # the entry comes with the confirmed ones; scores and Result rows written


def url(name: str, game: Game, *args) -> str:
    return reverse(name, args=[game.table.token, *args])


def phone(game: Game, number: int) -> Client:
    client = Client()
    client.post(url("tournaments-table-seat", game), {"seat": seat_of(game, number).pk})
    return client


def played(game: Game, deals: int, data) -> Game:
    a, b = game.seats.filter(side=0).first(), game.seats.filter(side=1).first()
    for number in range(1, deals + 1):
        confirm_entry(submit_entry(game, number, data, seat=a), seat=b)
    return game


def pending_entry(game: Game, number: int, data) -> Entry:
    return submit_entry(game, number, data, seat=game.seats.filter(side=0).first())


KINDS = {
    "quick": (lambda owner: canasta_game(owner, entry_modes=["totals"]), totals(100, 50), QUICK),
    "canasta": (
        canasta_game,
        {"sides": [{"melded_points": 60}, {"melded_points": 30}]},
        DEAL_FORM,
    ),
    "gin": (
        gin_game,
        {"kind": "knock", "knocker": 0, "knocker_deadwood": 1, "defender_deadwood": 3},
        GIN,
    ),
}


@pytest.fixture(params=sorted(KINDS))
def kind(request):
    return request.param


@pytest.mark.parametrize("deals", [1, 12])
def test_the_table_page_takes_a_constant_few_queries(
    director, kind, deals, django_assert_max_num_queries
):
    make, data, _form = KINDS[kind]
    game = played(make(director), deals, data)
    pending_entry(game, deals + 1, data)
    other = phone(game, 2)
    with django_assert_max_num_queries(PAGE):
        page = other.get(url("tournaments-table", game))
    assert page.status_code == 200 and "Confirm" in page.content.decode()


@pytest.mark.parametrize("deals", [1, 12])
def test_an_unchanged_score_pad_is_answered_without_reading_a_row(
    director, kind, deals, django_assert_max_num_queries
):
    make, data, _form = KINDS[kind]
    game = played(make(director), deals, data)
    me = phone(game, 2)
    sheet = url("tournaments-table-sheet", game)
    drawn = poll_of(me.get(url("tournaments-table", game)).content.decode())
    poll = {"game": game.pk, **drawn, "shown": "1"}
    with CaptureQueriesContext(connection) as queries:
        answer = me.get(sheet, poll, **HTMX)
    assert answer.status_code == 204 and not answer.content
    assert len(queries) == POLL_UNCHANGED, [query["sql"] for query in queries]
    pending_entry(game, deals + 1, data)
    with django_assert_max_num_queries(POLL_CHANGED):
        changed = me.get(sheet, poll, **HTMX)
    assert changed.status_code == 200 and poll_of(changed.content.decode()) != drawn


@pytest.mark.parametrize("deals", [1, 12])
def test_preview_submit_and_confirm_take_a_constant_few_queries(
    director, kind, deals, django_assert_max_num_queries
):
    make, data, form = KINDS[kind]
    game = played(make(director), deals, data)
    entering, confirming = phone(game, 1), phone(game, 2)
    post = {"number": deals + 1, "idempotency_key": f"key-{deals}", **form}
    with django_assert_max_num_queries(PREVIEW):
        preview = entering.post(url("tournaments-table-preview", game), post, **HTMX)
    assert preview.status_code == 200
    with django_assert_max_num_queries(SUBMIT):
        submitted = entering.post(url("tournaments-table-submit", game), post, **HTMX)
    assert submitted.status_code == 200 and "waiting for confirmation" in submitted.content.decode()
    entry = Entry.objects.get(game=game, number=deals + 1)
    with django_assert_max_num_queries(CONFIRM):
        confirmed = confirming.post(url("tournaments-table-confirm", game, entry.pk), **HTMX)
    assert confirmed.status_code == 200 and "is confirmed" in confirmed.content.decode()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED


def test_the_poll_answers_the_new_pad_once_what_was_due_is_confirmed(client, director):
    game = canasta_game(director, auto_confirm_minutes=3)
    entry = pending_entry(game, 1, totals(100, 50))
    Entry.objects.filter(pk=entry.pk).update(
        created_at=timezone.now() - datetime.timedelta(minutes=5)
    )
    drawn = poll_of(client.get(url("tournaments-table", game)).content.decode())
    sheet = url("tournaments-table-sheet", game)
    assert client.get(sheet, {"game": game.pk, **drawn}, **HTMX).status_code == 204
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ENTERED  # the poll never writes
    confirm_due_in_round(game.round)
    answer = client.get(sheet, {"game": game.pk, **drawn}, **HTMX)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED and answer.status_code == 200


# --- the inputs drawn without the template engine ---------------------------------------------


def _django_rendered(monkeypatch, render):
    """``render()`` with the widgets drawn by Django's own templates."""
    with monkeypatch.context() as patch:
        patch.setattr(
            entry_forms.DirectInput,
            "_render",
            lambda self, name, context, renderer=None: super(entry_forms.DirectInput, self)._render(
                name, context, renderer
            ),
        )
        return render()


def _forms(director):
    canasta, gin = canasta_game(director), gin_game(director)
    quick = canasta_game(director, entry_modes=["totals"], name="Quick")
    entry = submit_entry(canasta, 1, totals(100, 50), seat=seat_of(canasta, 1))
    tricky = {**DEAL_FORM, "number": "1", "s0_melded_points": '12"><b>x', "idempotency_key": "a&'b"}
    cards = {
        "number": "1",
        "mode": "cards",
        "kind": "knock",
        "knocker": "0",
        "knocker_cards": "5H 6H 7H KS KH KD AS 2S 3S 4C",
        "defender_cards": "8H KC 9D 9C 9S 2D 3C 4D 6C JH",
    }
    return [
        entry_form_for(canasta, number=1),
        entry_form_for(canasta, tricky),
        entry_form_for(canasta, entry=entry),
        entry_form_for(quick, {"number": "2", "s0_total": "-15", "s1_total": ""}),
        entry_form_for(gin, number=1),
        entry_form_for(gin, cards),
        entry_form_for(gin, {"number": "1", "kind": "gin", "knocker": "7"}),
    ]


def test_the_inputs_drawn_directly_are_what_djangos_widget_templates_draw(director, monkeypatch):
    for form in _forms(director):
        form.is_valid()
        context = {"form": form, "submit_url": "/s/", "preview_url": "/p/", "oob": False}

        def render(context=context):
            return render_to_string("tournaments/table/partials/entry_form.html", context)

        assert render() == _django_rendered(monkeypatch, render), type(form).__name__


def test_the_card_picker_drawn_once_is_what_the_template_drew(director):
    form = entry_form_for(gin_game(director), number=1)
    loop = Template(
        "{% for row in form.deck %}{% for card in row %}"
        '<button type="button" class="playing-card{% if card.red %} red{% endif %}" '
        'data-card="{{ card.code }}" aria-pressed="false">{{ card.label }}</button>'
        "{% endfor %}{% endfor %}"
    )
    assert form.deck_buttons() == loop.render(TemplateContext({"form": form}))
    assert form.deck_buttons().count("data-card=") == 52


# The templates the pad drew its fields and their error lines with before
# ``card_games.entry.field_html`` wrote them directly.
ERROR_LINE = (
    '<div id="{{ field.auto_id }}_error" class="errors"{% if oob %} hx-swap-oob="true"{% endif %}>'
    "{% for error in field.errors %}<p>{{ error }}</p>{% endfor %}</div>\n"
)
FIELD_TEMPLATES = {
    "stepper": (
        '{% load i18n %}\n<div class="field stepper-field{% if field.errors %} field-error{% endif %}">\n'
        '  <label for="{{ field.id_for_label }}">{{ field.label }}</label>\n'
        '  <div class="stepper">\n'
        '    <button type="button" class="step" data-step-for="{{ field.id_for_label }}" '
        'data-delta="-1" aria-label="{% translate \'one less\' %}">−</button>\n'
        "    {{ field }}\n"
        '    <button type="button" class="step" data-step-for="{{ field.id_for_label }}" '
        'data-delta="1" aria-label="{% translate \'one more\' %}">+</button>\n'
        "  </div>\n"
        "  " + ERROR_LINE + "\n</div>\n"
    ),
    "number": (
        '{% load i18n %}\n<div class="field number-field{% if field.errors %} field-error{% endif %}">\n'
        '  <label for="{{ field.id_for_label }}">{{ field.label }}</label>\n'
        '  <div class="numpad">\n'
        '    {% if signed %}<button type="button" class="step sign" '
        'data-sign-for="{{ field.id_for_label }}" '
        "aria-label=\"{% translate 'plus or minus' %}\">±</button>{% endif %}\n"
        "    {{ field }}\n"
        "  </div>\n"
        "  " + ERROR_LINE + "\n</div>\n"
    ),
    "radio": (
        '<div class="field radio-field{% if field.errors %} field-error{% endif %}" '
        'role="radiogroup" aria-labelledby="lbl-{{ field.auto_id }}" '
        'aria-describedby="{{ field.auto_id }}_error">\n'
        '  <span class="label" id="lbl-{{ field.auto_id }}">{{ field.label }}</span>\n'
        '  <div class="pills">{% for radio in field %}<label class="pill" '
        'for="{{ radio.id_for_label }}">{{ radio.tag }}<span>{{ radio.choice_label }}</span>'
        "</label>{% endfor %}</div>\n"
        "  " + ERROR_LINE + "\n</div>\n"
    ),
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_fields_drawn_directly_are_what_their_templates_drew(director, language):
    drawn = wrong = 0
    with translation.override(language):
        for form in _forms(director):
            form.is_valid()
            for field in form.visible_fields():
                kinds = ["radio"] if hasattr(field.field, "choices") else ["stepper", "number"]
                for kind in kinds + (["signed"] if "number" in kinds else []):
                    name = "number" if kind == "signed" else kind
                    context = TemplateContext({"field": field, "signed": kind == "signed"})
                    want = Template(FIELD_TEMPLATES[name]).render(context)
                    assert field_html(field, kind) == want, (type(form).__name__, field.name, kind)
                    drawn, wrong = drawn + 1, wrong + bool(field.errors)
                line = Template(ERROR_LINE).render(TemplateContext({"field": field, "oob": True}))
                assert errors_html(field, oob=True) == line, (type(form).__name__, field.name)
    assert drawn > 100 and wrong > 3  # the fields with an error line drawn too
