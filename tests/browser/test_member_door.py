"""A director's phone (390×844), in German and English, where players meet the register:
a pasted list with a hidden member and a name two members share, a merge suggested by
the register with its preview and confirmation, and a substitute found by typing."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import LOCALES, no_horizontal_scroll, shoot, sign_in
from tests.conftest import PHONE
from tests.factories import make_event
from tournaments.models import Club, Member, Player, Round
from tournaments.services.club.public_names import public_names as public_namer

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "paste": "Paste a whole list",
        "add": "Add these players",
        "added": "3 players added.",
        "linked": "member no. 114 · public pages: hidden",
        "question": "Which member is “Maria Huber”?",
        "save": "Save",
        "answered": "Maria Huber is the member Maria Huber.",
        "suggested": "May be the same person",
        "show": "Show what moves",
        "preview": "Keep “Walter Öhlinger”, merge “Walter Ohlinger” into it",
        "moves": "Walter Ohlinger's 1 evening becomes Walter Öhlinger's:",
        "merge": "Merge “Walter Ohlinger” into “Walter Öhlinger”",
        "merged": "Walter Ohlinger merged into Walter Öhlinger.",
        "substitute": "Substitute",
        "name": "Name",
        "enter": "Enter the substitute",
        "entered": "Otto Wallner takes number 3 from round 2.",
    },
    "de": {
        "paste": "Ganze Liste einfügen",
        "add": "Diese Spieler hinzufügen",
        "added": "3 Spieler hinzugefügt.",
        "linked": "Mitglied Nr. 114 · öffentliche Seiten: verborgen",
        "question": "Welches Mitglied ist „Maria Huber“?",
        "save": "Speichern",
        "answered": "Maria Huber ist das Mitglied Maria Huber.",
        "suggested": "Vielleicht dieselbe Person",
        "show": "Zeigen, was übergeht",
        "preview": "„Walter Öhlinger“ behalten, „Walter Ohlinger“ damit zusammenführen",
        "moves": "1 Abend von Walter Ohlinger geht auf Walter Öhlinger über:",
        "merge": "„Walter Ohlinger“ mit „Walter Öhlinger“ zusammenführen",
        "merged": "Walter Ohlinger mit Walter Öhlinger zusammengeführt.",
        "substitute": "Ersatz",
        "name": "Name",
        "enter": "Ersatz eintragen",
        "entered": "Otto Wallner übernimmt ab Runde 2 Nummer 3.",
    },
}


@pytest.fixture
def club(director):
    club = Club.objects.create(name="CC Wien")
    club.directors.add(director)
    return club


@pytest.fixture
def otto(club):
    return Member.objects.create(
        club=club, name="Otto Wallner", number="114", gender="m", public_name="hidden"
    )


@pytest.fixture
def phone(browser, live_server, director, language):
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    sign_in(context, live_server, director, language)
    page = context.new_page()
    yield page
    context.close()


def test_a_pasted_hidden_member_is_linked_and_a_shared_name_is_asked_about(
    phone, live_server, director, club, otto, language, artifacts_dir
):
    words = WORDS[language]
    marias = [
        Member.objects.create(club=club, name="Maria Huber", number="7"),
        Member.objects.create(club=club, name="Maria Huber", number="8"),
    ]
    event = make_event(director, players=0, club=club, public=True)

    phone.goto(f"{live_server.url}/events/{event.pk}/setup/players/")
    phone.get_by_text(words["paste"], exact=True).click()
    phone.locator("#id_text").fill("otto wallner; m\nMaria Huber; f\nGustav Gast")
    phone.get_by_role("button", name=words["add"]).click()

    expect(phone.get_by_text(words["added"])).to_be_visible()
    otto_row = phone.locator(".player-table tr", has_text="otto wallner")
    expect(otto_row.locator(".member-link")).to_have_text(words["linked"])
    question = phone.locator(".member-question")
    expect(question.get_by_text(words["question"])).to_be_visible()
    # The question is the first thing on the page after the heading.
    assert question.bounding_box()["y"] < PHONE["height"]
    no_horizontal_scroll(phone)
    shoot(phone, artifacts_dir, f"member-door-{language}-01-pasted")
    player = event.players.get(member=otto)
    assert public_namer(event)(player) != "otto wallner"

    question.get_by_label("Maria Huber Nr. 8" if language == "de" else "Maria Huber No. 8").check()
    question.get_by_role("button", name=words["save"]).click()

    expect(phone.get_by_text(words["answered"])).to_be_visible()
    expect(phone.locator(".member-question")).to_have_count(0)
    assert event.players.get(name="Maria Huber").member == marias[1]
    shoot(phone, artifacts_dir, f"member-door-{language}-02-answered")


def test_the_register_suggests_a_merge_previews_it_and_merges_on_confirmation(
    phone, live_server, director, club, language, artifacts_dir
):
    words = WORDS[language]
    right = Member.objects.create(club=club, name="Walter Öhlinger")
    wrong = Member.objects.create(club=club, name="Walter Ohlinger")
    for name in ("Evening 1", "Evening 2"):
        evening = make_event(director, players=0, club=club, name=name, status="finished")
        Player.objects.create(event=evening, name="Walter Öhlinger", member=right)
    misspelt = make_event(director, players=0, club=club, name="Misspelt", status="finished")
    Player.objects.create(event=misspelt, name="Walter Ohlinger", member=wrong)

    phone.goto(f"{live_server.url}/members/?club={club.pk}")
    suggestions = phone.locator(".merge-suggestions")
    expect(suggestions.get_by_role("heading", name=words["suggested"])).to_be_visible()
    no_horizontal_scroll(phone)
    shoot(phone, artifacts_dir, f"member-merge-{language}-01-suggested")
    suggestions.get_by_role("link", name=words["show"]).click()

    expect(phone.get_by_role("heading", name=words["preview"])).to_be_visible()
    expect(phone.locator(".merge-moves")).to_contain_text(words["moves"])
    expect(phone.locator(".merge-evenings")).to_have_text(["22.11.2026 · Misspelt"])
    no_horizontal_scroll(phone)
    shoot(phone, artifacts_dir, f"member-merge-{language}-02-preview")
    assert Member.objects.filter(pk=wrong.pk).exists()
    phone.get_by_role("button", name=words["merge"]).click()

    expect(phone.get_by_text(words["merged"])).to_be_visible()
    assert not Member.objects.filter(pk=wrong.pk).exists()
    assert right.players.count() == 3
    shoot(phone, artifacts_dir, f"member-merge-{language}-03-merged")


def test_a_substitute_is_picked_from_the_members_by_typing(
    phone, live_server, director, club, otto, language, artifacts_dir
):
    words = WORDS[language]
    Member.objects.create(club=club, name="Ottilie Berger")
    event = make_event(director, players=8, club=club, public=True)
    Round.objects.create(event=event, number=1)
    leaving = event.players.get(number=3)

    phone.goto(f"{live_server.url}/events/{event.pk}/setup/players/{leaving.pk}/substitute/")
    phone.get_by_label(words["name"]).press_sequentially("wall")
    choice = phone.locator("#member-matches").get_by_label("Otto Wallner")
    expect(choice).to_be_visible()
    expect(phone.locator("#member-matches .member-choice")).to_have_count(2)  # Otto, or a guest
    choice.check()
    no_horizontal_scroll(phone)
    shoot(phone, artifacts_dir, f"member-substitute-{language}-01-found")
    phone.get_by_role("button", name=words["enter"]).click()

    expect(phone.get_by_text(words["entered"])).to_be_visible()
    new = event.players.get(substitute_for=leaving)
    assert new.member == otto and new.name == "Otto Wallner"
    assert public_namer(event)(new) != "Otto Wallner"
    shoot(phone, artifacts_dir, f"member-substitute-{language}-02-entered")
