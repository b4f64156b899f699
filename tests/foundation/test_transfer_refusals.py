"""A damaged export is refused whole, naming what is wrong, and nothing is stored (issue 24, 5).

Each damage was accepted on main (a player substituting for itself hung the standings,
``format: "bogus"`` made the event page a 500, a NUL in a name the XLSX export) or
ended in a traceback (duplicate numbers, seats naming nobody, wrong types, deep nesting).
"""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from tests.factories import make_event, seat_round
from tests.foundation.transfer_helpers import DAMAGED, exported_evening, played, refused, stored
from tournaments import transfer
from tournaments.kernel.errors import ServiceError
from tournaments.models import Club, Event, Game, Member, Player, Result, Series
from tournaments.services.club.series import series_standings
from tournaments.services.scores.standings import standings
from tournaments.transfer import export_event, import_event, read_export

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def exported(director, other_director):
    return exported_evening(director, other_director)


def substitute(data, *pairs):
    for player, replaced in pairs:
        data["players"][player]["substitute_for"] = replaced


def nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


DAMAGES = {
    "itself": (
        lambda d: substitute(d, (0, 0)),
        "“players” 1, “substitute_for”: the player substitutes for themselves",
    ),
    "each_other": (
        lambda d: substitute(d, (0, 1), (1, 0)),
        "“players” 1, “substitute_for”: the player substitutes for themselves, directly or "
        "through others",
    ),
    "round_three": (
        lambda d: substitute(d, (0, 1), (1, 2), (2, 0)),
        "the player substitutes for themselves, directly or through others",
    ),
    "replaced_twice": (
        lambda d: substitute(d, (3, 0), (4, 0)),
        "“players” 5, “substitute_for”: that player is replaced twice",
    ),
    "bogus_format": (
        lambda d: d["event"].update(format="bogus"),
        "“event” 1, “format”: Select a valid choice. bogus is not one of the available choices. "
        "Meld writes one of: progressive,",
    ),
    "a_format_the_game_is_not_played_in": (
        lambda d: d["event"].update(card_game="gin", format="mixed", table_kind=""),
        "“event” 1, “format”: Gin Rummy cannot be played in this format.",
    ),
    "bogus_status": (
        lambda d: d["entries"][1].update(status="bogus"),
        "“entries” 2, “status”: Select a valid choice.",
    ),
    "bogus_action": (
        lambda d: d["audit"][0].update(action="rewrite"),
        "“audit” 1, “action”: Select a valid choice.",
    ),
    "nul_in_a_name": (
        lambda d: d["players"][0].update(name="Anna\x00"),
        "a text holds control characters: players → 1 → name",
    ),
    "vertical_tab_in_a_name": (
        lambda d: d["players"][2].update(name="Anna\x0bBerger"),
        "a text holds control characters: players → 3 → name",
    ),
    "bell_in_the_event_name": (
        lambda d: d["event"].update(name="Abend\x07"),
        "a text holds control characters: event → name",
    ),
    "lone_surrogate": (
        lambda d: d["members"].append({"name": "\ud800"}),
        "a text holds control characters: members → 1 → name",
    ),
    "spaces_a_form_drops": (
        lambda d: d["players"][0].update(name="Anna   Berger "),
        "“players” 1, “name”: Meld writes it as the text “Anna Berger”; found the text “Anna   Berger ”",
    ),
    "duplicate_numbers": (
        lambda d: d["players"][1].update(number=1),
        "“players” 1 and 2 have the same number",
    ),
    "seat_of_nobody": (
        lambda d: d["seats"][0].update(player=99),
        "“seats” 1, “player”: it must name a row of “players”; found the number 99",
    ),
    "game_of_no_round": (
        lambda d: d["games"][0].update(round=7),
        "“games” 1, “round”: it must name a row of “rounds”; found the number 7",
    ),
    "number_as_text": (
        lambda d: d["players"][0].update(number="1"),
        "“players” 1, “number”: it must be a whole number; found the text “1”",
    ),
    "flag_as_text": (
        lambda d: d["event"].update(public="yes"),
        "“event” 1, “public”: it must be true or false; found the text “yes”",
    ),
    "points_as_text": (
        lambda d: d["entries"][1].update(points="820"),
        "“entries” 2, “points”: it must be a list; found the text “820”",
    ),
    "players_as_an_object": (
        lambda d: d.update(players={"0": d["players"][0]}),
        "“players” must be a list; found an object",
    ),
    "a_player_as_text": (
        lambda d: d["players"].__setitem__(0, "Anna"),
        "“players” 1 must be an object; found the text “Anna”",
    ),
    "a_number_beyond_the_column": (
        lambda d: d["seats"][0].update(position=2**70),
        "“seats” 1, “position”: Ensure this value is less than or equal to 6.",
    ),
    "missing_column": (
        lambda d: d["tables"][0].pop("code"),
        "“tables” 1, “code”: it is missing",
    ),
    "nested_details": (
        lambda d: d["entries"][0]["details"].update(deep=nested(40)),
        "it nests deeper than 32 levels",
    ),
    "not_a_number": (
        lambda d: d["entries"][0]["details"].update(ratio=float("nan")),
        "a number is not finite: entries → 1 → details → ratio",
    ),
    "a_deal_of_other_points": (
        lambda d: d["entries"][1].update(points=[1_000_000, 25, None]),
        "“entries” 2, “points”: the deal scores [820, 25], not [1000000, 25]",
    ),
    "an_impossible_deal": (
        lambda d: d["entries"][1]["details"]["sides"][0].update(natural_canastas=30),
        "“entries” 2, “details”:",
    ),
    "two_confirmed_versions": (
        lambda d: d["entries"][0].update(status="confirmed"),
        "“entries” 1 and 2 have the same status (confirmed)",
    ),
    "a_seat_at_another_game": (
        lambda d: d["entries"][0].update(entered_by_seat=5),
        "“entries” 1, “entered_by_seat”: the seat is at another game",
    ),
    "one_player_twice_a_round": (
        lambda d: d["seats"][4].update(player=0),
        "“seats” 1 and 5 seat one player twice in a round",
    ),
    "two_open_rounds": (
        lambda d: d["rounds"].append({**d["rounds"][0], "number": 2}),
        "“rounds” 1 and 2 have the same status",
    ),
    "deals_without_a_count": (
        lambda d: d["event"].update(round_kind="deals", round_deals=None),
        "“event” 1, “round_deals”: Enter how many deals a round has.",
    ),
    "a_table_kind_of_another_game": (
        lambda d: d["event"].update(table_kind="rotation"),
        "“event” 1, “table_kind”: Choose one of the table kinds in the list.",
    ),
    "an_unreadable_note": (
        lambda d: d["rounds"][0].update(explanation=[{"template": "%(gone)s", "params": {}}]),
        "“rounds” 1, “explanation”: it cannot be read",
    ),
    "an_unreadable_audit_row": (
        lambda d: d["audit"].append({**d["audit"][0], "action": "close_round", "new": ["x"]}),
        "“audit” 2, “new”: it cannot be read",
    ),
    "a_bad_table_link": (
        lambda d: d["tables"][0].update(token="../admin"),
        "“tables” 1, “token”: Enter a valid value.",
    ),
}


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
def test_a_damaged_export_is_refused_whole_naming_what_is_wrong(exported, damage):
    spoil, problem = DAMAGES[damage]
    spoil(exported)
    message = refused(exported)
    assert message.startswith(DAMAGED), message
    assert problem in message, message


def test_the_refusal_is_in_the_users_language(exported):
    substitute(exported, (0, 1), (1, 0))
    with translation.override("de"):
        message = refused(exported)
    assert message.startswith("Der Export ist beschädigt und wurde nicht importiert"), message
    assert "„players“ 1, „substitute_for“:" in message, message


@pytest.mark.parametrize(
    ("version", "problem"),
    [
        ("5", "The export's “version” must be a whole number such as 6; found the text “5”."),
        (5.0, "The export's “version” must be a whole number such as 6; found the number 5.0."),
        (True, "The export's “version” must be a whole number such as 6; found true."),
        (None, "The export's “version” must be a whole number such as 6; found nothing (null)."),
        (9, "This export has version 9; this Meld reads versions 1 to 6."),
        (0, "This export has version 0; this Meld reads versions 1 to 6."),
    ],
    ids=["text", "fraction", "flag", "null", "newer", "zero"],
)
def test_a_version_meld_cannot_read_is_refused_naming_what_was_found(exported, version, problem):
    """Written as the text "5", the version once read "This export has version 5; this Meld
    reads version 5.": every refusal says what it found beside what it expects."""
    exported["version"] = version
    assert refused(exported) == problem


def test_a_file_of_another_kind_is_refused_naming_what_was_found(exported):
    assert refused([exported]) == (
        "This file is not a Meld event export: it must be an object; found a list."
    )
    exported["format"] = "meld-club"
    assert refused(exported) == (
        "This file is not a Meld event export: its “format” must be “meld-event”; "
        "found the text “meld-club”."
    )


def test_the_version_refusal_is_in_the_users_language(exported):
    exported["version"] = "5"
    with translation.override("de"):
        message = refused(exported)
    assert "„5“" in message and "ganze Zahl" in message, message


def test_an_export_of_the_same_event_still_imports(exported):
    copy = import_event(exported)
    assert copy.players.count() == 9


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (b"[" * 200_000 + b"]" * 200_000, "it nests deeper than 32 levels"),
        (b'{"format": "meld-event", "version": 3, "event": ', "it is not JSON: line 1"),
        (b'{"a": NaN}', "it is not JSON"),
        (b'{"a": ' + b"9" * 5000 + b"}", "it holds a number too long to read"),
        ("{}".encode("utf-16"), "it is not text in UTF-8"),
    ],
    ids=["brackets", "cut_off", "nan", "long_number", "utf16"],
)
def test_a_file_that_cannot_be_read_is_a_damaged_export(raw, problem):
    with pytest.raises(ServiceError) as refusal:
        read_export(raw)
    assert refusal.value.message.startswith(DAMAGED)
    assert problem in refusal.value.message


def test_a_file_larger_than_any_export_is_refused_before_it_is_read(monkeypatch):
    monkeypatch.setattr(transfer, "MAX_EXPORT_BYTES", 1024)
    with pytest.raises(ServiceError, match="The file is larger than 1.0"):
        read_export(b" " * 1025)


def test_a_version_2_export_imports_and_its_results_are_counted_not_read(director, other_director):
    event = played(director, other_director)
    data = export_event(event)
    data["version"] = 2
    for key in ("odd_tables", "table_kind", "substitute_scoring"):
        del data["event"][key]
    # Version 2 carried the games' scores and the results; a forged one is not believed.
    data["games"] = [
        {**game, "scores": [10**6, 0, None], "finished": True} for game in data["games"]
    ]
    data["results"] = [{"round": 1, "player": 0, "game": 0, "points": 10**6, "net": 1, "won": True}]
    copy = import_event(data)
    assert copy.substitute_scoring == Event.SubstituteScoring.REPLACED
    counted = dict(
        Result.objects.filter(round__event=event).values_list("player__number", "points")
    )
    again = dict(Result.objects.filter(round__event=copy).values_list("player__number", "points"))
    assert again == counted == {1: 820, 2: 820, 3: 25, 4: 25}
    scores = Game.objects.filter(round__event=copy).values_list("score_0", "score_1", "finished")
    assert sorted(scores) == [(0, 0, False), (820, 25, False)]


def test_a_club_of_another_director_is_refused(director, other_director):
    event = played(director, other_director)
    Club.objects.create(name="CC Graz").directors.add(other_director)
    data = export_event(event)
    data["event"]["club"] = "CC Graz"
    message = refused(data)
    assert message == (
        "director does not direct the club “CC Graz”: an event is imported into one of its "
        "director's clubs only. Nothing was imported."
    )


# --- the command -----------------------------------------------------------------------


@pytest.fixture
def club_export(director, other_director, tmp_path):
    """An evening of CC Wien (directed by ``director``) with a member and a series, as a file."""
    wien = Club.objects.create(name="CC Wien")
    wien.directors.add(director)
    event = played(director, other_director)
    Event.objects.filter(pk=event.pk).update(club=wien)
    player = event.players.get(number=1)
    player.member = Member.objects.create(club=wien, name="Player 1", number="17")
    player.save()
    Series.objects.create(club=wien, name="Season").events.add(event)
    path = tmp_path / "evening.json"
    call_command("export_event", str(event.pk), output=str(path))
    return path


def test_import_with_an_owner_who_does_not_direct_the_club_is_refused(club_export, other_director):
    before = (stored(), Member.objects.count(), Series.objects.count())
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(club_export), owner="other", stdout=io.StringIO())
    assert str(refusal.value) == (
        "other does not direct the club “CC Wien”: an event is imported into one of its "
        "director's clubs only. Nothing was imported."
    )
    assert (stored(), Member.objects.count(), Series.objects.count()) == before
    assert not Series.objects.get(name="Season").events.exclude(owner__username="director").exists()


def test_import_with_an_owner_who_directs_the_club_joins_its_series_and_members(club_export):
    out = io.StringIO()
    call_command("import_event", str(club_export), owner="director", stdout=out)
    assert "Imported event" in out.getvalue()
    assert Series.objects.get(name="Season").events.count() == 2
    assert Member.objects.count() == 1
    assert set(Player.objects.filter(number=1).values_list("member__number", flat=True)) == {"17"}


def test_import_into_a_club_this_server_does_not_have_makes_the_owner_its_director(
    club_export, other_director
):
    data = json.loads(club_export.read_text(encoding="utf-8"))
    data["event"]["club"] = "CC Linz"
    club_export.write_text(json.dumps(data), encoding="utf-8")
    call_command("import_event", str(club_export), owner="other", stdout=io.StringIO())
    linz = Club.objects.get(name="CC Linz")
    assert list(linz.directors.all()) == [other_director]
    assert linz.members.count() == 1 and linz.series.get().name == "Season"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[" * 200_000 + b"]" * 200_000, "it nests deeper than 32 levels"),
        (b"\x00\xff", "it is not text in UTF-8"),
    ],
    ids=["brackets", "binary"],
)
def test_the_command_says_a_file_is_damaged_without_a_traceback(tmp_path, content, problem):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=problem):
        call_command("import_event", str(path), stdout=io.StringIO())


def test_the_command_refuses_a_file_larger_than_any_export(tmp_path, monkeypatch):
    monkeypatch.setattr("tournaments.management.commands.import_event.MAX_EXPORT_BYTES", 10)
    monkeypatch.setattr(transfer, "MAX_EXPORT_BYTES", 10)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 100)
    with pytest.raises(CommandError, match="The file is larger than 10"):
        call_command("import_event", str(path), stdout=io.StringIO())


# --- defence in depth: a line of substitutes that comes back round ---------------------


@pytest.mark.parametrize("scoring", [choice for choice, _label in Event.SubstituteScoring.choices])
def test_substitutes_who_replace_each_other_do_not_hang_the_standings(client, director, scoring):
    """Meld never stores such a line (the import refuses it); were one in the database, the
    standings, the public page and the series would still be drawn."""
    wien = Club.objects.create(name="CC Wien")
    event = make_event(director, players=4, club=wien, public=True, substitute_scoring=scoring)
    seat_round(event, 1, [((1, 2), (3, 4))])
    first, second = event.players.filter(number__in=(1, 2)).order_by("number")
    Player.objects.filter(pk=first.pk).update(substitute_for=second)
    Player.objects.filter(pk=second.pk).update(substitute_for=first)
    series = Series.objects.create(club=wien, name="Season")
    series.events.add(event)
    assert len(standings(event)) >= 2
    assert client.get(reverse("tournaments-public", args=[event.public_token])).status_code == 200
    assert series_standings(series) is not None
