"""Every public output, walked the way ``urlwalk`` walks every URL: no page, fragment, panel,
PDF or spreadsheet a public reader can get names a hidden member, or spells out the name
of a member who chose initials.

The walk starts from every public URL the resolver knows (``tournaments-public*``: the
event's page and live fragment, its projector and clock, the club's pages), with real data
of a running and two finished evenings (one of teams) and a series over them, and follows
every link and htmx request those pages make that stays public (every projector panel,
every poll). The printed documents for the wall and the notice board (``DOCUMENTS`` with
``public=True``, after every round and final) and the series PDF are read back as text.
A new public URL, panel or public document is walked without a change here; a new file
the director can download must say whether it is public (the last test).
"""

import csv
import io
import re
from html import unescape
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from django.urls import Resolver404, resolve
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.factories import make_event, seat_round
from tests.security.urlwalk import Route, routes
from tests.web.series_helpers import club_of, total_series
from tournaments.card_games import CARD_GAMES
from tournaments.kernel.public_ids import public_id
from tournaments.models import Bye, Event, Member, Result, Round, Team
from tournaments.printing import DOCUMENTS
from tournaments.services.club.public_page import set_public_page
from tournaments.services.ratings import refresh as ratings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HIDDEN = "Clara Roth"
INITIALS = "Bernd Huber"
SECRET_WORDS = ("Clara", "Roth", "Bernd", "Huber")
SHOWN = ("(name withheld)", "(Name nicht veröffentlicht)", "B. H.")

# The handbook (tournaments-public-help*) is public too, but its pages are files built from
# docs/ that hold no one's data: it is not a public output of an event or a club.
PUBLIC_ROUTES = [
    route
    for route in routes()
    if route.name.startswith("tournaments-public")
    and not route.name.startswith("tournaments-public-help")
]
DIRECTOR_ROUTES = [route for route in routes() if route.name.startswith("tournaments-director")]
# The director's own files: handed to a player or put on their table, or a spreadsheet
# for the director; they name everyone in full.
DIRECTOR_FILES = {
    ("tournaments-director-print-pdf", k) for k, d in DOCUMENTS.items() if not d.public
}
DIRECTOR_FILES |= {
    (name, export)
    for name in (
        "tournaments-director-standings",
        "tournaments-director-series-standings",
        "tournaments-director-ratings",
    )
    for export in ("csv", "xlsx")
}
# Files for everyone to read (the notice board): walked for names below.
PUBLIC_FILES = {("tournaments-director-print-pdf", k) for k, d in DOCUMENTS.items() if d.public}
PUBLIC_FILES.add(("tournaments-director-series-print", None))
FILE_TYPES = ("application/pdf", "text/csv", "application/vnd.openxmlformats")


@pytest.fixture
def world(director):
    """A club with its page on; Clara hidden, Bernd by initials, Anna and Emil in full and a
    guest; a Gin evening in round 2, a finished Canasta evening (in German), a finished
    evening of teams, and a series over all three."""
    club = set_public_page(club_of(director, "CC Wien"), True)
    choices = {
        "Anna Berger": Member.PublicName.FULL,
        INITIALS: Member.PublicName.INITIALS,
        HIDDEN: Member.PublicName.HIDDEN,
        "Emil Stern": Member.PublicName.FULL,
    }
    members = {
        name: Member.objects.create(club=club, name=name, public_name=choice)
        for name, choice in choices.items()
    }

    def entered(event: Event, names: list[str]) -> dict:
        return {
            name: event.players.create(name=name, number=number, member=members.get(name))
            for number, name in enumerate(names, start=1)
        }

    def scored(rnd: Round, points: dict) -> None:
        for player, value in points.items():
            Result.objects.create(round=rnd, player=player, points=value)

    common = {"club": club, "public": True}
    running = make_event(
        director,
        card_game="gin",
        players=0,
        fmt="swiss",
        name="Gin tonight",
        status=Event.Status.RUNNING,
        language="en",
        **common,
    )
    p = entered(running, [HIDDEN, INITIALS, "Anna Berger", "Gustav Gast", "Emil Stern"])
    first = seat_round(running, 1, [(1, 2), (3, 4)])
    Bye.objects.create(round=first, player=p["Emil Stern"], points=50)
    scored(first, {p[HIDDEN]: 120, p[INITIALS]: 80, p["Anna Berger"]: 100, p["Gustav Gast"]: 20})
    Round.objects.filter(pk=first.pk).update(status=Round.Status.CLOSED)
    second = seat_round(running, 2, [(1, 3), (2, 5)])
    Bye.objects.create(round=second, player=p["Gustav Gast"], points=50)
    scored(second, {p[HIDDEN]: 60, p["Anna Berger"]: 90})

    finished = make_event(
        director,
        players=0,
        name="Canasta evening",
        status=Event.Status.FINISHED,
        language="de",
        **common,
    )
    guests = ["Hanna Gast", "Ida Gast", "Jan Gast"]
    p = entered(finished, [HIDDEN, INITIALS, "Anna Berger", "Gustav Gast", "Emil Stern", *guests])
    rnd = seat_round(finished, 1, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
    scored(rnd, {player: 1000 + 100 * player.number for player in p.values()})
    rnd.games.update(score_0=5100, score_1=3000)  # rated: the club's rating lists name them
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED)

    teams = make_event(
        director,
        card_game="gin",
        players=0,
        fmt="swiss",
        fixed_partners=True,
        name="Pairs evening",
        status=Event.Status.FINISHED,
        language="en",
        **common,
    )
    p = entered(teams, [HIDDEN, "Anna Berger", INITIALS, "Gustav Gast"])
    for number, pair in enumerate(((HIDDEN, "Anna Berger"), (INITIALS, "Gustav Gast")), 1):
        team = Team.objects.create(event=teams, name=" & ".join(pair), number=number)
        team.players.set([p[name] for name in pair])
    rnd = seat_round(teams, 1, [((1, 2), (3, 4))])
    scored(rnd, {p[HIDDEN]: 900, p["Anna Berger"]: 900, p[INITIALS]: 400, p["Gustav Gast"]: 400})
    rnd.games.update(score_0=900, score_1=400)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED)
    ratings.recompute_club(club.pk)

    events = [running, finished, teams]
    series = total_series(club, events, "Winter cup")
    return {"club": club, "events": events, "series": series}


def filled(route: Route, values: dict[str, list[str]]) -> list[tuple[dict, str]]:
    """``route``'s URL for every combination of the given parameter values, with them."""
    missing = [name for name in route.parameters if name not in values]
    assert not missing, f"{route.full_name}: give the walk values of {missing}"
    combinations = [{}]
    for name in route.parameters:
        combinations = [{**chosen, name: v} for chosen in combinations for v in values[name]]
    return [(chosen, route.url(chosen)) for chosen in combinations]


def public_tokens(world) -> list[str]:
    return [event.public_token for event in world["events"]] + [world["club"].public_token]


def public_values(world) -> dict[str, list[str]]:
    return {
        "public_token": public_tokens(world)[:-1],
        "club_token": public_tokens(world)[-1:],
        "evening_id": [public_id(e) for e in world["events"] if e.status == Event.Status.FINISHED],
        "series_id": [public_id(world["series"])],
        "card_game": list(CARD_GAMES),
    }


LINK = re.compile(r'(?:href|hx-get|action|src)="([^"]+)"')
MOMENTS = {"turn", "drawn"}


def public_links(body: str) -> list[str]:
    """Every URL a page links to or asks for (htmx) that is a public page."""
    found = []
    for link in LINK.findall(body):
        parts = urlsplit(unescape(link))
        if parts.netloc:
            continue
        try:
            match = resolve(parts.path)
        except Resolver404:
            continue
        if (match.url_name or "").startswith("tournaments-public"):
            # A moment a poll carries (the projector's next turn) names no other page.
            query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k not in MOMENTS])
            found.append(parts.path + (f"?{query}" if query else ""))
    return found


def stale(url: str) -> str:
    """``url`` with any mark of what a page shows replaced: the poll answers with content."""
    parts = urlsplit(url)
    query = [(k, "stale" if k == "mark" else v) for k, v in parse_qsl(parts.query)]
    return parts.path + ("?" + urlencode(query) if query else "")


def text_of(response) -> str:
    """What a reader sees in a response: HTML as sent, a PDF's text, a spreadsheet's cells."""
    kind = response.get("Content-Type", "")
    content = b"".join(response) if response.streaming else response.content
    if kind.startswith("application/pdf"):
        return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages)
    if kind.startswith("application/vnd.openxmlformats"):
        book = load_workbook(io.BytesIO(content), read_only=True)
        return "\n".join(
            " ".join(str(cell) for cell in row if cell is not None)
            for sheet in book.worksheets
            for row in sheet.iter_rows(values_only=True)
        )
    if kind.startswith("text/csv"):
        return "\n".join(" ".join(row) for row in csv.reader(io.StringIO(content.decode())))
    return content.decode()


# Django's CSRF token, a fresh random string of 64 letters and digits in every page: by
# chance it spells a secret word now and then ("…cLaRa…"), which no reader takes for a name.
CSRF_TOKEN = re.compile(r"[A-Za-z0-9]{64}")


def secrets_in(text: str, world) -> list[str]:
    """The secret words in ``text``, read as a reader reads it: without the random strings
    a page carries (its CSRF token, the public links' tokens), which spell nothing."""
    for token in public_tokens(world):
        text = text.replace(token, "")
    folded = CSRF_TOKEN.sub("", text).casefold()
    return [word for word in SECRET_WORDS if word.casefold() in folded]


def walk(client, seeds: list[str]) -> dict[str, str]:
    """Every public URL reachable from ``seeds``, fetched as a browser and as htmx does
    (and with a stale mark, so a poll draws its fragment): URL → what it answered."""
    answers: dict[str, str] = {}
    queue = list(seeds)
    while queue:
        url = queue.pop()
        if url in answers:
            continue
        assert len(answers) < 2000, "the walk does not end"
        bodies = []
        for fetch in (url, stale(url)):
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                response = client.get(fetch, **headers)
                assert response.status_code in (200, 204), (fetch, headers, response.status_code)
                bodies.append(text_of(response))
        answers[url] = "\n".join(bodies)
        queue += [link for body in bodies for link in public_links(body)]
    return answers


def test_no_public_page_fragment_or_panel_names_a_hidden_member_or_spells_out_initials(
    client, world
):
    seeds = [url for route in PUBLIC_ROUTES for _, url in filled(route, public_values(world))]
    answers = walk(client, seeds)
    leaks = {url: secrets_in(text, world) for url, text in answers.items()}
    leaks = {url: words for url, words in leaks.items() if words}
    assert not leaks, leaks
    # The walk saw what it guards: every public URL, every projector panel, the names.
    walked = {resolve(urlsplit(url).path).url_name for url in answers}
    assert walked == {route.name for route in PUBLIC_ROUTES}
    running = world["events"][0].public_token
    panels = {url for url in answers if f"/{running}/projector/?panel=" in url}
    assert len(panels) >= 3  # find your table, by table, standings
    everything = "\n".join(answers.values())
    for shown in SHOWN:
        assert shown in everything, shown
    assert "(name withheld) &amp; Anna Berger" in everything  # a team named by its players


def test_no_public_document_or_series_pdf_names_a_hidden_member_or_spells_out_initials(
    director_client, world
):
    printed = {}
    for event in world["events"]:
        rounds = [""] + [str(n) for n in event.rounds.values_list("number", flat=True)]
        for kind, document in DOCUMENTS.items():
            if not document.public:
                continue
            base = f"/events/{event.pk}/print/{kind}.pdf"
            for number in rounds if document.uses_round else [""]:
                url = base + (f"?round={number}" if number else "")
                response = director_client.get(url)
                if response.status_code == 200:
                    printed[url] = text_of(response)
    series = director_client.get(f"/series/{world['series'].pk}/print/")
    printed["series"] = text_of(series)
    leaks = {url: secrets_in(text, world) for url, text in printed.items()}
    leaks = {url: words for url, words in leaks.items() if words}
    assert not leaks, leaks
    # Every public document printed at least once, each with the names as chosen.
    for kind in (k for k, d in DOCUMENTS.items() if d.public):
        texts = [text for url, text in printed.items() if f"/{kind}.pdf" in url]
        assert texts, kind
        assert any("B. H." in text for text in texts), kind
    assert "(name withheld)" in printed["series"] and "B. H." in printed["series"]


def test_every_file_the_director_can_download_is_either_public_or_the_directors_own(
    director_client, world
):
    """A new PDF or spreadsheet fails here until it says whether it is public: then the
    walk above reads it for names."""
    values = {
        "event_id": [str(world["events"][0].pk)],
        "series_id": [str(world["series"].pk)],
        "kind": list(DOCUMENTS),
        "number": ["1"],
        "step": ["event"],
    }
    files = set()
    for route in DIRECTOR_ROUTES:
        if set(route.parameters) - set(values):
            continue  # names a row of the event (a player, an entry): a page, not a file
        for chosen, url in filled(route, values):
            for export in ("", "csv", "xlsx"):
                response = director_client.get(url + (f"?export={export}" if export else ""))
                kind = response.get("Content-Type", "")
                if response.status_code == 200 and kind.startswith(FILE_TYPES):
                    spreadsheet = "csv" if "csv" in kind else "xlsx" if "openxml" in kind else None
                    files.add((route.name, chosen.get("kind") or spreadsheet))
    assert files == PUBLIC_FILES | DIRECTOR_FILES
