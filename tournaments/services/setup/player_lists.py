"""Reading players from typed text, a pasted list or a CSV file (nothing is stored here).

Names are plain text: control characters are dropped, spaces collapsed, and a
name must have 1 to 80 characters. Every problem is reported with its line or
row, so the director can fix the list and try again.
"""

import csv
import io
from dataclasses import dataclass, field

from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

from tournaments.kernel.errors import ServiceError
from tournaments.kernel.text import clean_text
from tournaments.models.players import NAME_MAX

CLUB_MAX = 80
# The most players a list (pasted or a CSV file) adds, and the most an event has.
MAX_ROWS = 20_000
# The most a pasted list weighs (UTF-8): 20 000 players of 50 characters.
MAX_LIST_BYTES = 1024 * 1024

LADY_WORDS = {"f", "w", "l", "lady", "female", "woman", "frau", "dame", "weiblich", "♀"}
GENTLEMAN_WORDS = {"m", "h", "g", "gentleman", "male", "man", "herr", "mann", "männlich", "♂"}
NAME_HEADERS = {"name", "player", "spieler", "spielerin", "teilnehmer", "participant"}
FIRST_HEADERS = {"first name", "firstname", "vorname", "given name"}
LAST_HEADERS = {"last name", "lastname", "surname", "nachname", "familienname"}
GENDER_HEADERS = {"gender", "sex", "geschlecht", "m/f", "f/m", "m/w", "w/m"}
CLUB_HEADERS = {"club", "verein", "klub"}


@dataclass
class Row:
    """One player read from a list or file; ``line`` counts from 1."""

    name: str
    gender: str = ""
    club: str = ""
    line: int = 0


@dataclass
class Parsed:
    rows: list[Row] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


# --- reading names ------------------------------------------------------------


def name_problem(name: str) -> str:
    """Why a cleaned name cannot be used; empty when it can."""
    if not name:
        return _("The name is empty.")
    if len(name) > NAME_MAX:
        return _("The name is longer than %(max)d characters (%(length)d).") % {
            "max": NAME_MAX,
            "length": len(name),
        }
    return ""


def parse_gender(raw: str) -> str | None:
    """ "f", "m" or "" (not given); None when the text is no gender Meld knows."""
    word = clean_text(raw).lower().rstrip(".")
    if not word:
        return ""
    if word in LADY_WORDS:
        return "f"
    if word in GENTLEMAN_WORDS:
        return "m"
    return None


def _row(cells: list[str], line: int, problems: list[str], where: str) -> Row | None:
    name = clean_text(cells[0]) if cells else ""
    gender_text = cells[1] if len(cells) > 1 else ""
    club = clean_text(cells[2]) if len(cells) > 2 else ""
    row_problems = []
    if problem := name_problem(name):
        row_problems.append(problem)
    gender = parse_gender(gender_text)
    if gender is None:
        row_problems.append(
            _("“%(text)s” is not a gender: write f (lady) or m (gentleman), or leave it empty.")
            % {"text": clean_text(gender_text)[:20]}
        )
    if len(club) > CLUB_MAX:
        row_problems.append(_("The club is longer than %(max)d characters.") % {"max": CLUB_MAX})
    if row_problems:
        problems.extend(f"{where % {'line': line}} {problem}" for problem in row_problems)
        return None
    return Row(name=name, gender=gender or "", club=club, line=line)


def list_too_long() -> str:
    return _(
        "A list takes at most %(rows)d players (%(size)s); this one is longer. "
        "Add it in parts, one after the other."
    ) % {"rows": MAX_ROWS, "size": filesizeformat(MAX_LIST_BYTES)}


def list_size_problem(text: str) -> str:
    """Why a pasted list is too long to read; empty when it is not. Asked before reading it."""
    if len(text) > MAX_LIST_BYTES or len(text.encode("utf-8", "replace")) > MAX_LIST_BYTES:
        return list_too_long()
    if sum(1 for line in text.splitlines() if line.strip()) > MAX_ROWS:
        return list_too_long()
    return ""


def parse_list(text: str) -> Parsed:
    """One player a line: ``Name[; gender][; club]``, also with tabs or commas between."""
    parsed = Parsed()
    where = _("Line %(line)d:")
    for line, raw in enumerate(text.splitlines(), start=1):
        if not clean_text(raw):
            continue
        if ";" in raw:
            cells = raw.split(";")
        elif "\t" in raw:
            cells = raw.split("\t")
        elif "," in raw:
            cells = raw.split(",")
            # "Muster, Anna" is one name written last name first, not a name and a gender.
            if len(cells) == 2 and parse_gender(cells[1]) is None:
                cells = [raw]
        else:
            cells = [raw]
        row = _row(cells, line, parsed.problems, where)
        if row is not None:
            parsed.rows.append(row)
    return parsed


def _unreadable() -> ServiceError:
    return ServiceError(
        _("The file is not plain text in UTF-8 or Latin-1. Save it as “CSV UTF-8” and try again."),
        {"file": [_("The file could not be read as text.")]},
    )


def decode(data: bytes) -> str:
    """The text of an uploaded file: UTF-8 (with or without BOM), UTF-16 with BOM, else Latin-1.

    Anything that is not text (a cut-off UTF-16 file, NUL characters) is refused
    with a message, never read as a list of strange names.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise _unreadable() from None
        if "\x00" in text:  # UTF-32 begins like UTF-16
            raise _unreadable()
        return text
    if data.startswith(b"PK\x03\x04") or data.startswith(b"\xd0\xcf\x11\xe0"):
        raise ServiceError(
            _(
                "This is a spreadsheet file, not a CSV file. In your spreadsheet choose "
                "“Save as” → “CSV”, then import that file."
            ),
            {"file": [_("Please choose a CSV file.")]},
        )
    if b"\x00" in data:
        raise _unreadable()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            return data.decode("latin-1")


def _delimiter(first_line: str) -> str:
    counts = {sep: first_line.count(sep) for sep in (";", "\t", ",")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def _header_columns(cells: list[str]) -> dict[str, int] | None:
    """Column positions when ``cells`` is a header row; None when it is a player.

    It is a header when it names the player column, or when every cell is a column name.
    """
    words = [clean_text(cell).lower() for cell in cells]
    columns: dict[str, int] = {}
    for index, word in enumerate(words):
        for key, names in (
            ("name", NAME_HEADERS),
            ("first", FIRST_HEADERS),
            ("last", LAST_HEADERS),
            ("gender", GENDER_HEADERS),
            ("club", CLUB_HEADERS),
        ):
            if word in names and key not in columns:
                columns[key] = index
    names_player = bool({"name", "first", "last"} & columns.keys())
    only_headers = columns and all(
        not word
        or any(
            word in names
            for names in (NAME_HEADERS, FIRST_HEADERS, LAST_HEADERS, GENDER_HEADERS, CLUB_HEADERS)
        )
        for word in words
    )
    return columns if names_player or only_headers else None


def _cell(cells: list[str], columns: dict[str, int], key: str) -> str:
    index = columns.get(key)
    return cells[index] if index is not None and index < len(cells) else ""


def read_csv(data: bytes) -> Parsed:
    """Players from a CSV file: columns name, gender, club; the header row is optional.

    A header may also name the columns in another order, or split the name
    into first and last name ("Vorname", "Nachname").
    """
    text = decode(data)
    parsed = Parsed()
    first = next((line for line in text.splitlines() if line.strip()), "")
    # newline="" lets the csv module read every line ending, old Macs' lone \r too.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(first))
    columns: dict[str, int] | None = None
    where = _("Row %(line)d:")
    try:
        rows = list(reader)
    except csv.Error as error:
        raise ServiceError(
            _("The file could not be read as a list of players (%(error)s).") % {"error": error},
            {"file": [_("Save it as CSV (comma or semicolon separated) and try again.")]},
        ) from None
    for line, cells in enumerate(rows, start=1):
        if not any(clean_text(cell) for cell in cells):
            continue
        if columns is None:
            header = _header_columns(cells)
            if header is not None:
                if not {"name", "first", "last"} & header.keys():
                    raise ServiceError(
                        _("The file has a header row but no column called “name”."),
                        {"file": [_("Call the column with the players' names “name”.")]},
                    )
                columns = header
                continue
            columns = {"name": 0, "gender": 1, "club": 2}
        if len(parsed.rows) >= MAX_ROWS:
            raise ServiceError(
                _("The file has more than %(max)d players; Meld takes at most that many.")
                % {"max": MAX_ROWS},
                {"file": [_("The file is too long.")]},
            )
        name = (
            _cell(cells, columns, "name")
            if "name" in columns
            else (f"{_cell(cells, columns, 'first')} {_cell(cells, columns, 'last')}")
        )
        row = _row(
            [name, _cell(cells, columns, "gender"), _cell(cells, columns, "club")],
            line,
            parsed.problems,
            where,
        )
        if row is not None:
            parsed.rows.append(row)
    return parsed
