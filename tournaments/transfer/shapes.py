"""The schema of every model an export carries: a row form each, with the web forms' fields.

Where a web form takes the value, its field (and its ``clean_<name>``) is taken
over as it is; the other columns are bounded the way the services bound them.
"""

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from tournaments.card_games import CARD_GAMES
from tournaments.card_games.entry.base import MAX_DEAL_TOTAL, EntryForm
from tournaments.formats import FORMATS
from tournaments.forms.members import MemberForm
from tournaments.forms.players import PlayerForm
from tournaments.forms.series import SeriesForm
from tournaments.forms.setup import (
    EventDetailsForm,
    FormatForm,
    NewEventForm,
    RoundForm,
    ScoringForm,
)
from tournaments.kernel.forms import BoundedCharField
from tournaments.kernel.numbers import MAX_SMALL, BoundedIntegerField
from tournaments.kernel.text import clean_text
from tournaments.models import (
    AuditEntry,
    Bye,
    Entry,
    Event,
    Game,
    Member,
    Player,
    Round,
    Seat,
    Series,
    Table,
    Team,
)
from tournaments.models.members import MEMBER_NAME_MAX, MEMBER_NUMBER_MAX
from tournaments.models.series import SERIES_NAME_MAX
from tournaments.services.club.series import PLACING_POINTS_MAX
from tournaments.services.scores.audit import REASON_MAX
from tournaments.services.setup.player_lists import MAX_ROWS
from tournaments.transfer.schema import USERS, Blob, Key, ListField, Ref, Row, Schema, Unique

# The most rows of a list besides the players'; an evening has far fewer.
MAX_TABLES = MAX_SMALL
MAX_ROUNDS = 999
MAX_GAMES = 100_000
MAX_ENTRIES = 400_000
MAX_AUDIT = 800_000
# An event belongs to a few series (the season, a cup); a file naming more is not ours.
SERIES_MAX = 20
USER_NAME_MAX = 150
MAX_SECONDS = 2**31 - 1  # a paused clock's seconds left: what its column holds
TOKEN = r"\A[A-Za-z0-9_-]+\Z"  # secrets.token_urlsafe's alphabet
CODE = r"\A[A-Z0-9]+\Z"  # a table card's code, as the code page reads it


def whole(least: int, most: int, *, null: bool = False) -> BoundedIntegerField:
    return BoundedIntegerField(min_value=least, max_value=most, required=not null)


def position(most: int, *, null: bool = False) -> BoundedIntegerField:
    """A row of another list, by its position there (from 0)."""
    return whole(0, most - 1, null=null)


def user_name() -> BoundedCharField:
    return BoundedCharField(max_length=USER_NAME_MAX, required=False, empty_value=None)


def note(most: int = REASON_MAX) -> BoundedCharField:
    return BoundedCharField(max_length=most, required=False)


def timestamp(*, null: bool = False) -> forms.DateTimeField:
    return forms.DateTimeField(required=not null)


def flag() -> forms.BooleanField:
    return forms.BooleanField(required=False)


# --- the event ------------------------------------------------------------------------


class EventRow(forms.Form):
    name = NewEventForm.base_fields["name"]
    date = NewEventForm.base_fields["date"]
    card_game = forms.ChoiceField(choices=Event.CardGame.choices)
    profile_slug = BoundedCharField(max_length=40)
    profile = Blob()
    # The Format step offers the card game's formats only (its choices are set per event).
    format = forms.ChoiceField(choices=Event.Format.choices)
    balanced_schedule = flag()
    fixed_partners = FormatForm.base_fields["fixed_partners"]
    odd_tables = FormatForm.base_fields["odd_tables"]
    table_kind = FormatForm.base_fields["table_kind"]
    scoring_mode = ScoringForm.base_fields["scoring_mode"]
    bye_score = ScoringForm.base_fields["bye_score"]
    substitute_scoring = forms.ChoiceField(choices=Event.SubstituteScoring.choices)
    round_kind = RoundForm.base_fields["round_kind"]
    round_deals = RoundForm.base_fields["round_deals"]
    round_minutes = RoundForm.base_fields["round_minutes"]
    planned_rounds = FormatForm.base_fields["planned_rounds"]
    seed_by_rating = FormatForm.base_fields["seed_by_rating"]
    status = forms.ChoiceField(choices=Event.Status.choices)
    reopened = flag()  # reopened for corrections: the phones promise no next round
    public = EventDetailsForm.base_fields["public"]
    public_token = forms.RegexField(TOKEN, max_length=32)
    language = EventDetailsForm.base_fields["language"]
    paper_size = EventDetailsForm.base_fields["paper_size"]
    entry_modes = EventDetailsForm.base_fields["entry_modes"]
    auto_confirm_minutes = EventDetailsForm.base_fields["auto_confirm_minutes"]
    draw_seed = BoundedCharField(max_length=64, required=False)
    club = BoundedCharField(max_length=120, required=False, empty_value=None)
    owner = BoundedCharField(max_length=USER_NAME_MAX)
    co_directors = ListField(user_name(), most=100)

    def clean(self) -> dict[str, Any]:
        """What the set-up services check beyond each field: a round of so many deals or
        minutes says how many, and the table kind and entry modes are the card game's."""
        super().clean()
        data = self.cleaned_data
        kind = data.get("round_kind")
        if data.get("reopened") and data.get("status") != Event.Status.RUNNING:
            self.add_error("reopened", _("only an event that runs again was reopened"))
        if kind == Event.RoundKind.DEALS and not data.get("round_deals"):
            self.add_error("round_deals", _("Enter how many deals a round has."))
        if kind == Event.RoundKind.TIME and not data.get("round_minutes"):
            self.add_error("round_minutes", _("Enter how many minutes a round lasts."))
        card_game = CARD_GAMES.get(data.get("card_game", ""))
        if card_game is None:
            return data
        fmt = FORMATS.get(data.get("format", ""))
        if fmt is not None and not fmt.plays(card_game):
            self.add_error(
                "format", _("%(game)s cannot be played in this format.") % {"game": card_game.label}
            )
        kinds = {"", *(key for key, _label in card_game.table_kinds())}
        if data.get("table_kind") not in kinds:
            self.add_error("table_kind", _("Choose one of the table kinds in the list."))
        modes = data.get("entry_modes") or []
        if card_game.entry_modes and set(modes) - set(card_game.entry_modes):
            self.add_error("entry_modes", _("Tick at least one way to enter a deal."))
        return data


EVENT = Schema(
    key="event",
    model=Event,
    form=EventRow,
    most=1,
    refs={"owner": Ref(USERS), "co_directors": Ref(USERS, many=True)},
    apart=("club",),
    # Exports before version 3 left the first three out, before version 4 the seeding,
    # before version 6 whether it was reopened: such events had the defaults.
    legacy={
        "odd_tables": "",
        "table_kind": "",
        "substitute_scoring": "replaced",
        "seed_by_rating": False,
        "reopened": False,
    },
)


# --- the club's members and series ----------------------------------------------------


class MemberRow(forms.Form):
    name = MemberForm.base_fields["name"]
    number = MemberForm.base_fields["number"]
    gender = MemberForm.base_fields["gender"]
    public_name = MemberForm.base_fields["public_name"]
    active = MemberForm.base_fields["active"]

    def clean_name(self) -> str:
        """As ``services.club.members.save_member`` keeps a name."""
        name = clean_text(self.cleaned_data["name"])
        if not name or len(name) > MEMBER_NAME_MAX:
            raise forms.ValidationError(
                _("Give a name of 1 to %(most)d characters.") % {"most": MEMBER_NAME_MAX}
            )
        return name

    def clean_number(self) -> str:
        number = clean_text(self.cleaned_data["number"])
        if len(number) > MEMBER_NUMBER_MAX:
            raise forms.ValidationError(
                _("A member number has at most %(max)d characters.") % {"max": MEMBER_NUMBER_MAX}
            )
        return number


MEMBERS = Schema(
    key="members",
    model=Member,
    form=MemberRow,
    most=MAX_ROWS,
    unique=(Unique("number", lambda row: (row["number"],) if row["number"] else None),),
)


class SeriesRow(forms.Form):
    name = SeriesForm.base_fields["name"]
    rule = SeriesForm.base_fields["rule"]
    placing_points = ListField(whole(0, MAX_SMALL), most=PLACING_POINTS_MAX)
    best_of = SeriesForm.base_fields["best_of"]
    minimum_evenings = SeriesForm.base_fields["minimum_evenings"]

    def clean_name(self) -> str:
        """As ``services.club.series.save_series`` keeps a name."""
        name = " ".join(self.cleaned_data["name"].split())
        if not name or len(name) > SERIES_NAME_MAX:
            raise forms.ValidationError(
                _("Give a name of 1 to %(most)d characters.") % {"most": SERIES_NAME_MAX}
            )
        return name


SERIES = Schema(key="series", model=Series, form=SeriesRow, most=SERIES_MAX)


# --- players, teams, tables -----------------------------------------------------------


class PlayerRow(forms.Form):
    name = PlayerForm.base_fields["name"]
    clean_name = PlayerForm.clean_name
    number = whole(1, MAX_SMALL, null=True)
    gender = PlayerForm.base_fields["gender"]
    club = PlayerForm.base_fields["club"]
    withdrawn_from_round = whole(1, MAX_SMALL, null=True)
    joined_round = whole(1, MAX_SMALL)
    substitute_for = position(MAX_ROWS, null=True)
    member = position(MAX_ROWS, null=True)

    def clean_club(self) -> str:
        """As ``services.setup.players`` keeps a club."""
        return clean_text(self.cleaned_data["club"])


def _drawn_number(row: Row) -> Key | None:
    """A number of the draw: a substitute's is the one of the player it replaces."""
    if row["number"] is None or row["substitute_for"] is not None:
        return None
    return (row["number"],)


PLAYERS = Schema(
    key="players",
    model=Player,
    form=PlayerRow,
    most=MAX_ROWS,
    refs={"substitute_for": Ref("players"), "member": Ref("members")},
    legacy={"member": None},
    unique=(Unique("number", _drawn_number),),
)


class TeamRow(forms.Form):
    # Made of the players' names and cut to the column, so it may end in a space.
    name = BoundedCharField(max_length=120, strip=False)
    number = whole(1, MAX_SMALL, null=True)
    players = ListField(position(MAX_ROWS), most=6)


TEAMS = Schema(
    key="teams",
    model=Team,
    form=TeamRow,
    most=MAX_ROWS,
    refs={"players": Ref("players", many=True)},
    unique=(Unique("number", lambda row: (row["number"],) if row["number"] else None),),
)


class TableRow(forms.Form):
    number = whole(1, MAX_SMALL)
    token = forms.RegexField(TOKEN, max_length=64)
    code = forms.RegexField(CODE, max_length=12)


TABLES = Schema(
    key="tables",
    model=Table,
    form=TableRow,
    most=MAX_TABLES,
    unique=(
        Unique("number", lambda row: (row["number"],)),
        Unique("token", lambda row: (row["token"],)),
        Unique("code", lambda row: (row["code"],)),
    ),
)


# --- rounds, games, seats, byes -------------------------------------------------------


class RoundRow(forms.Form):
    number = whole(1, MAX_SMALL)
    status = forms.ChoiceField(choices=Round.Status.choices)
    started_at = timestamp()
    closed_at = timestamp(null=True)
    close_reason = note()
    explanation = Blob(kinds=(list,))
    # The clock of a timed round says when its time ran out, so which deal was its last.
    clock_ends_at = timestamp(null=True)
    clock_paused_remaining = whole(0, MAX_SECONDS, null=True)


ROUNDS = Schema(
    key="rounds",
    model=Round,
    form=RoundRow,
    most=MAX_ROUNDS,
    attributes={"explanation": "explanation_data"},
    # Exports before version 6 left the clock out: the copy's rounds have none.
    legacy={"clock_ends_at": None, "clock_paused_remaining": None},
    timestamped=("started_at",),
    unique=(
        Unique("number", lambda row: (row["number"],)),
        Unique("status", lambda row: ("open",) if row["status"] == Round.Status.OPEN else None),
    ),
)


class GameRow(forms.Form):
    round = whole(1, MAX_SMALL)
    table = position(MAX_TABLES)


GAMES_SCHEMA = Schema(
    key="games",
    model=Game,
    form=GameRow,
    most=MAX_GAMES,
    refs={"round": Ref("rounds", key="number"), "table": Ref("tables")},
    unique=(Unique("round, table", lambda row: (row["round"], row["table"])),),
)


class SeatRow(forms.Form):
    game = position(MAX_GAMES)
    player = position(MAX_ROWS)
    side = whole(0, 2)
    position = whole(1, 6)


SEATS = Schema(
    key="seats",
    model=Seat,
    form=SeatRow,
    most=6 * MAX_GAMES,
    refs={"game": Ref("games"), "player": Ref("players")},
    unique=(Unique("game, position", lambda row: (row["game"], row["position"])),),
)


class ByeRow(forms.Form):
    round = whole(1, MAX_SMALL)
    player = position(MAX_ROWS)
    points = ScoringForm.base_fields["bye_score"]


BYES = Schema(
    key="byes",
    model=Bye,
    form=ByeRow,
    most=MAX_GAMES,
    refs={"round": Ref("rounds", key="number"), "player": Ref("players")},
    unique=(Unique("round, player", lambda row: (row["round"], row["player"])),),
)


# --- entries and the audit trail ------------------------------------------------------


class EntryRow(forms.Form):
    game = position(MAX_GAMES)
    number = EntryForm.base_fields["number"]
    version = whole(1, MAX_SMALL)
    status = forms.ChoiceField(choices=Entry.Status.choices)
    # Each side's points; the third is empty where two sides play.
    points = ListField(
        whole(-MAX_DEAL_TOTAL, MAX_DEAL_TOTAL, null=True), least=3, most=3, required=True
    )
    details = Blob()
    entered_by_seat = position(6 * MAX_GAMES, null=True)
    entered_by_user = user_name()
    decided_by_seat = position(6 * MAX_GAMES, null=True)
    decided_by_user = user_name()
    idempotency_key = BoundedCharField(max_length=64, required=False, empty_value=None)
    entered_by_device = BoundedCharField(max_length=64, required=False, empty_value=None)
    reason = note()
    created_at = timestamp()
    decided_at = timestamp(null=True)

    def clean_points(self) -> list[int | None]:
        points: list[int | None] = self.cleaned_data["points"]
        if points[0] is None or points[1] is None:
            raise forms.ValidationError(_("Two sides at least have points."))
        return points


def _pending(row: Row) -> Key | None:
    waiting = (Entry.Status.ENTERED, Entry.Status.DISPUTED)
    return (row["game"], row["number"]) if row["status"] in waiting else None


def _confirmed(row: Row) -> Key | None:
    if row["status"] != Entry.Status.CONFIRMED:
        return None
    return (row["game"], row["number"])


ENTRIES = Schema(
    key="entries",
    model=Entry,
    form=EntryRow,
    most=MAX_ENTRIES,
    refs={
        "game": Ref("games"),
        "entered_by_seat": Ref("seats"),
        "entered_by_user": Ref(USERS),
        "decided_by_seat": Ref("seats"),
        "decided_by_user": Ref(USERS),
    },
    attributes={"points": ("points_0", "points_1", "points_2")},
    legacy={"entered_by_device": None},
    timestamped=("created_at",),
    unique=(
        Unique("game, number, version", lambda row: (row["game"], row["number"], row["version"])),
        Unique(
            "idempotency_key",
            lambda row: (row["idempotency_key"],) if row["idempotency_key"] else None,
        ),
        Unique("status (confirmed)", _confirmed),
        Unique("status (waiting)", _pending),
    ),
)


class AuditRow(forms.Form):
    action = forms.ChoiceField(choices=AuditEntry.Action.choices)
    game = position(MAX_GAMES, null=True)
    entry = position(MAX_ENTRIES, null=True)
    user = user_name()
    seat_label = BoundedCharField(max_length=120, required=False)
    old = Blob(kinds=(dict, list, type(None)))
    new = Blob(kinds=(dict, list, type(None)))
    reason = note()
    created_at = timestamp()


AUDIT = Schema(
    key="audit",
    model=AuditEntry,
    form=AuditRow,
    most=MAX_AUDIT,
    refs={"game": Ref("games"), "entry": Ref("entries"), "user": Ref(USERS)},
    timestamped=("created_at",),
)

# In the order the import makes them: a list refers only to lists before it (players
# also to themselves).
LISTS = (MEMBERS, SERIES, PLAYERS, TEAMS, TABLES, ROUNDS, GAMES_SCHEMA, SEATS, BYES, ENTRIES, AUDIT)
