"""Bad input at the table, in the player import, the rule profile and the director's
query parameters: never a 500, never a stored bad entry.

Hypothesis posts the real forms' field names (plus strangers) with hostile
values: negative, huge, non-numeric, fractions, digits of other scripts ("²",
"٣", "１"), control characters, strings of hundreds of kilobytes, missing
fields. The checks do not trust the form under test: whether a posted entry may
be stored is decided here, field by field, and only ASCII digits make a number.
"""

import re
import unicodedata

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.profiles import CANASTA_RANGES
from tests.factories import make_event, seat_round
from tests.web.setup_helpers import profile_post
from tests.web.table_helpers import DEAL_FORM
from tournaments.card_games import entry_form_for
from tournaments.card_games.entry import MAX_COUNT, MAX_POINTS
from tournaments.models import Entry, Player
from tournaments.printing import DOCUMENTS

pytestmark = pytest.mark.django_db
FUZZ = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

TEXT = st.characters(exclude_categories=("Cs",))  # lone surrogates cannot even be sent
# Digits that are no ASCII digits: "²" passes isdigit() but not int(); the others pass both.
LOOKALIKE_DIGITS = st.sampled_from(["²", "٣", "１", "१", "߃", "𝟗", "³"])
HUGE = st.sampled_from(["9" * 5000, "1" + "0" * 30, "-" + "9" * 20, "x" * 300_000, "AS " * 100_000])
HOSTILE = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.lists(
        st.one_of(LOOKALIKE_DIGITS, st.sampled_from("0123456789-")), min_size=1, max_size=6
    ).map("".join),
    HUGE,
    st.integers(0, 25).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(TEXT, max_size=20),
    st.text(TEXT, min_size=300, max_size=600),
    st.sampled_from(
        [
            "",
            " ",
            "\x00",
            "\x00\x01\x7f",
            "1e5",
            "0x10",
            "١٢",
            "１２",
            "²",
            "1²",
            "NaN",
            "-0",
            "+5",
            " 5 ",
            "1_000",
            "1.0",
            "1.5",
            "9" * 400,
            "<script>alert(1)</script>",
            "' OR 1=1 --",
            "%00",
            "null",
        ]
    ),
)
DEFINITELY_BAD_COUNT = st.sampled_from(
    ["-1", str(MAX_COUNT + 1), "99999999999999999999", "x", "1.5", "\x00", "²", "٣", "１", "1_0"]
)
DEFINITELY_BAD_POINTS = st.sampled_from(
    ["-5", str(MAX_POINTS + 5), "10" * 30, "abc", "2.5", "∞", "٥٠", "５０", "+50", "9" * 5000]
)
DEFINITELY_BAD_NUMBER = st.sampled_from(
    ["", "0", "-1", "abc", "1.5", "\x00", "١", "１", "99999", "9" * 5000, None]
)  # None: missing
DEFINITELY_BAD_CHOICE = st.sampled_from(["", "bogus", "OUT", "\x00", "1", None])


def as_int(value: str) -> int | None:
    """How a number field may read a value: ASCII digits, an optional minus, spaces around."""
    text = str(value).strip(" \t\r\n")
    if len(text) > 30 or not re.fullmatch(r"-?[0-9]+", text):
        return None  # more digits than any column holds: never a stored number
    return int(text)


@pytest.fixture
def canasta(director):
    event = make_event(director, public=True)
    seat_round(event, 1, [((1, 6), (2, 5)), ((3, 8), (4, 7))])
    return event


@pytest.fixture
def gin(director):
    event = make_event(director, card_game="gin", players=4, fmt="roundrobin")
    seat_round(event, 1, [(1, 2), (3, 4)])
    return event


def phone_at(event) -> tuple[Client, str]:
    table = event.tables.get(number=1)
    seat = event.rounds.get().seats.filter(game__table=table).order_by("position").first()
    phone = Client()
    phone.post(reverse("tournaments-table-seat", args=[table.token]), {"seat": seat.pk})
    return phone, table.token


def field_names(event) -> list[str]:
    game = event.rounds.get().games.get(table__number=1)
    return list(entry_form_for(game).fields)


def posted(draw, names: list[str], most: int | None = None) -> dict:
    strangers = ["stranger", "s9_total", "s0_", "number[]"]
    keys = draw(st.lists(st.sampled_from([*names, *strangers]), max_size=most or len(names) + 3))
    return {key: draw(HOSTILE) for key in keys}


# Well-formed entries, so that some random variations of them are stored.
GOOD = {
    "canasta": DEAL_FORM,
    "totals": {"s0_total": "120", "s1_total": "-60"},
    "gin": {"kind": "knock", "knocker": "0", "knocker_deadwood": "5", "defender_deadwood": "30"},
}


def send(
    phone: Client, token: str, data: dict, htmx: bool, where: str = "tournaments-table-submit"
):
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return phone.post(
        reverse(where, args=[token]), {k: v for k, v in data.items() if v is not None}, **extra
    )


def plausible_canasta(data: dict, names: list[str]) -> bool:
    """Could a stored entry have come from this data? Each present field must be in range."""
    number = as_int(data.get("number", ""))
    if number is None or number < 1:
        return False
    for name in names:
        value = data.get(name)
        if name.endswith("going_out"):
            if value not in ("none", "out", "concealed", "hand_canasta"):
                return False
        elif name in ("number", "idempotency_key", "expected_version"):
            continue
        elif value not in (None, ""):
            read = as_int(value)
            limit = (
                MAX_POINTS if name.endswith("_points") or name.endswith("penalty") else MAX_COUNT
            )
            if read is None or not 0 <= read <= limit:
                return False
    return True


@st.composite
def random_entries(draw, names, good: dict):
    """Anything at all, or a good entry with a few fields made strange."""
    if draw(st.booleans()):
        data = {
            **good,
            "number": draw(st.sampled_from(["1", "2", "3"])),
            "idempotency_key": draw(st.uuids()).hex,
        }
        data.update(posted(draw, names, most=2))
    else:
        data = posted(draw, names)
    return data, draw(st.booleans())


@st.composite
def spoiled_entries(draw, names):
    """Random data with one field certainly wrong: the entry must be refused."""
    data = posted(draw, names)
    counts = [n for n in names if re.match(r"s\d_(.*canastas|red_threes.*)$", n)]
    points = [n for n in names if re.match(r"s\d_(melded_points|hand_points|penalty)$", n)]
    choices = [n for n in names if n.endswith("going_out") or n in ("kind",)]
    deadwood = [n for n in names if n.endswith("_deadwood")]
    kind = draw(
        st.sampled_from(
            [
                k
                for k, group in (
                    ("number", ["number"]),
                    ("count", counts),
                    ("points", points),
                    ("choice", choices),
                    ("deadwood", deadwood),
                )
                if group
            ]
        )
    )
    if kind == "number":
        data["number"] = draw(DEFINITELY_BAD_NUMBER)
    elif kind == "count":
        data[draw(st.sampled_from(counts))] = draw(DEFINITELY_BAD_COUNT)
    elif kind == "points":
        data[draw(st.sampled_from(points))] = draw(DEFINITELY_BAD_POINTS)
    elif kind == "choice":
        data[draw(st.sampled_from(choices))] = draw(DEFINITELY_BAD_CHOICE)
    else:
        data[draw(st.sampled_from(deadwood))] = draw(
            st.sampled_from(["-1", "99", "1000", "x", "0.5"])
        )
    return data, draw(st.booleans())


def assert_answered(response) -> None:
    assert response.status_code < 500, response.status_code
    assert response.status_code in (200, 204, 302, 400, 404, 422), response.status_code


def test_random_canasta_entries_never_fail_and_only_plausible_ones_are_stored(canasta):
    phone, token = phone_at(canasta)
    names = field_names(canasta)

    @FUZZ
    @given(random_entries(names, GOOD["canasta"]))
    def run(case):
        data, htmx = case
        before = Entry.objects.count()
        assert_answered(send(phone, token, data, htmx))
        if Entry.objects.count() > before:
            assert plausible_canasta(data, names), data

    run()
    assert Entry.objects.exists()  # the good variations got through


def test_spoiled_canasta_entries_are_never_stored(canasta):
    phone, token = phone_at(canasta)
    names = field_names(canasta)

    @FUZZ
    @given(spoiled_entries(names))
    def run(case):
        data, htmx = case
        assert_answered(send(phone, token, data, htmx))
        assert not Entry.objects.exists(), data

    run()


def test_spoiled_quick_totals_are_never_stored(canasta):
    canasta.entry_modes = ["totals"]
    canasta.save()
    phone, token = phone_at(canasta)
    names = field_names(canasta)
    bad_total = st.sampled_from(["", "abc", "1.5", "1e3", "\x00", "9" * 40, None])

    @FUZZ
    @given(
        st.fixed_dictionaries({n: HOSTILE for n in names}),
        st.sampled_from(names[3:]),
        bad_total,
        st.booleans(),
    )
    def run(data, spoiled, value, htmx):
        data[spoiled] = value
        assert_answered(send(phone, token, data, htmx))
        assert not Entry.objects.exists(), data

    run()


def test_random_quick_totals_store_exactly_what_was_typed(canasta):
    canasta.entry_modes = ["totals"]
    canasta.save()
    phone, token = phone_at(canasta)
    names = field_names(canasta)

    @FUZZ
    @given(random_entries(names, GOOD["totals"]))
    def run(case):
        data, htmx = case
        before = set(Entry.objects.values_list("pk", flat=True))
        assert_answered(send(phone, token, data, htmx))
        for entry in Entry.objects.exclude(pk__in=before):
            assert [entry.points_0, entry.points_1] == [
                as_int(data["s0_total"]),
                as_int(data["s1_total"]),
            ]

    run()
    assert Entry.objects.exists()  # the good variations got through


def test_spoiled_gin_hands_are_never_stored(gin):
    phone, token = phone_at(gin)
    names = field_names(gin)

    @FUZZ
    @given(spoiled_entries(names))
    def run(case):
        data, htmx = case
        assert_answered(send(phone, token, data, htmx))
        assert not Entry.objects.exists(), data

    run()


def test_random_gin_hands_never_fail(gin):
    phone, token = phone_at(gin)
    names = field_names(gin)

    @FUZZ
    @given(random_entries(names, GOOD["gin"]))
    def run(case):
        data, htmx = case
        assert_answered(send(phone, token, data, htmx))
        for entry in Entry.objects.all():
            assert entry.details.get("kind") in ("knock", "gin", "no_game")

    run()
    assert Entry.objects.exists()  # the good variations got through


def test_the_preview_never_fails_and_never_stores(canasta, gin):
    cases = [(event, *phone_at(event), field_names(event)) for event in (canasta, gin)]

    @FUZZ
    @given(st.sampled_from(range(len(cases))), st.data())
    def run(index, data):
        _event, phone, token, names = cases[index]
        values = posted(data.draw, names)
        assert_answered(
            send(phone, token, values, data.draw(st.booleans()), "tournaments-table-preview")
        )
        assert not Entry.objects.exists()

    run()


def test_confirm_dispute_and_calculator_take_any_input(canasta):
    phone, token = phone_at(canasta)
    game = canasta.rounds.get().games.get(table__number=1)
    entry = Entry.objects.create(game=game, number=1, points_0=100, points_1=50)

    @FUZZ
    @given(st.sampled_from(["confirm", "dispute", "calculator"]), HOSTILE, HOSTILE, st.booleans())
    def run(action, reason, cards, htmx):
        extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        if action == "calculator":
            url = reverse("tournaments-table-calculator", args=[token])
        else:
            url = reverse(f"tournaments-table-{action}", args=[token, entry.pk])
        assert_answered(phone.post(url, {"reason": reason, "cards": cards}, **extra))

    run()


# --- the director's player import ------------------------------------------------


def stored_names_are_clean(event) -> None:
    for name in event.players.values_list("name", flat=True):
        assert 1 <= len(name) <= 80
        assert not any(unicodedata.category(ch) in ("Cc", "Cf") for ch in name), repr(name)
        assert name == name.strip()


LINES = st.lists(
    st.one_of(
        st.text(TEXT, max_size=40),
        st.text(TEXT, min_size=81, max_size=200),
        st.builds(
            lambda n, g, c: f"{n};{g};{c}",
            st.text(TEXT, max_size=30),
            st.sampled_from(["f", "m", "x", ""]),
            st.text(TEXT, max_size=100),
        ),
        st.sampled_from(
            ["\t\t\t", ";;;", "Anna\x00Berger", "<b>Bold</b>; f", "\u202eevil", "\ufeffName"]
        ),
    ),
    max_size=12,
)


def test_pasted_player_lists_never_fail_and_are_stored_whole_or_not_at_all(
    director_client, director
):
    event = make_event(director, players=0)
    url = reverse("tournaments-director-players-paste", args=[event.pk])

    @FUZZ
    @given(LINES, st.sampled_from(["\n", "\r\n", "\r"]))
    def run(lines, newline):
        before = Player.objects.filter(event=event).count()
        answer = director_client.post(url, {"text": newline.join(lines)})
        assert_answered(answer)
        if answer.status_code != 302:
            assert Player.objects.filter(event=event).count() == before
        stored_names_are_clean(event)

    run()


def test_a_csv_file_with_old_mac_line_ends_is_read_or_refused_politely(director_client, director):
    event = make_event(director, players=0)
    upload = SimpleUploadedFile(
        "players.csv", b"Anna Berger;f\rBernd Huber;m\r", content_type="text/csv"
    )
    answer = director_client.post(
        reverse("tournaments-director-players-csv", args=[event.pk]), {"file": upload}
    )
    assert answer.status_code in (200, 302)
    assert list(event.players.values_list("name", flat=True)) == ["Anna Berger", "Bernd Huber"]


def test_uploaded_csv_files_never_fail_and_are_stored_whole_or_not_at_all(
    director_client, director
):
    event = make_event(director, players=0)
    url = reverse("tournaments-director-players-csv", args=[event.pk])
    encodings = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "latin-1", "cp1252"])

    @FUZZ
    @given(
        st.one_of(
            st.binary(max_size=400),
            st.builds(
                lambda lines, sep, enc: sep.join(lines).encode(enc, "replace"),
                LINES,
                st.sampled_from(["\n", "\r\n"]),
                encodings,
            ),
        ),
        st.sampled_from(["players.csv", "x.txt", "", "../../etc/passwd"]),
    )
    def run(content, filename):
        before = Player.objects.filter(event=event).count()
        upload = SimpleUploadedFile(filename or "f", content, content_type="text/csv")
        answer = director_client.post(url, {"file": upload})
        assert_answered(answer)
        if answer.status_code != 302:
            assert Player.objects.filter(event=event).count() == before
        stored_names_are_clean(event)

    run()


# --- numbers in the address and in the rule profile --------------------------------------

QUERY_VALUE = st.one_of(HOSTILE, LOOKALIKE_DIGITS, st.integers(-(10**25), 10**25).map(str))


def test_numbers_in_the_address_never_fail(director_client, director, canasta):
    """?round= on every print URL, ?fix= on a game, ?game= on the audit trail, ?panel= on
    the projector, ?players= in the set-up, and the seat a phone names."""
    game = canasta.rounds.get().games.get(table__number=1)
    token = canasta.tables.get(number=1).token
    pages = [
        *(
            (reverse("tournaments-director-print-pdf", args=[canasta.pk, kind]), "round")
            for kind, document in DOCUMENTS.items()
            if document.uses_round
        ),
        (reverse("tournaments-director-game", args=[canasta.pk, game.pk]), "fix"),
        (reverse("tournaments-director-audit", args=[canasta.pk]), "game"),
        (reverse("tournaments-director-setup", args=[canasta.pk, "format"]), "players"),
        (reverse("tournaments-public-projector", args=[canasta.public_token]), "panel"),
    ]

    phone = Client()
    phone.get(reverse("tournaments-table", args=[token]))  # a phone the guess limiter knows

    @FUZZ
    @given(st.sampled_from(pages), QUERY_VALUE)
    def run(page, value):
        url, name = page
        answer = director_client.get(url, {name: value})
        assert answer.status_code in (200, 302, 404), (url, value, answer.status_code)
        seat = phone.post(reverse("tournaments-table-seat", args=[token]), {"seat": value})
        assert seat.status_code in (302, 404), (value, seat.status_code)

    run()


def test_a_rule_profile_of_any_numbers_is_refused_or_stored_within_its_ranges(
    director_client, director
):
    event = make_event(director)
    url = reverse("tournaments-director-setup", args=[event.pk, "rules"])
    numbers = sorted(CANASTA_RANGES)

    @FUZZ
    @given(st.dictionaries(st.sampled_from(numbers), QUERY_VALUE, min_size=1, max_size=4))
    def run(changes):
        answer = director_client.post(url, profile_post(event, **changes))
        assert answer.status_code in (200, 302)
        event.refresh_from_db()
        for name, (least, most) in CANASTA_RANGES.items():
            value = event.profile[name]
            assert value is None or least <= value <= most, (name, value)

    run()
