"""``manage.py print_event``: the same documents from the command line, with clear errors."""

import pytest
from django.core.management import CommandError, call_command
from django.utils.translation import override

from tests.printing.conftest import pages

pytestmark = pytest.mark.django_db


def test_the_command_writes_the_pdf(event, tmp_path):
    output = tmp_path / "cards.pdf"
    call_command("print_event", event.pk, "--kind", "table-cards", "--output", str(output))
    assert len(pages(output.read_bytes())) == 2


def test_the_command_takes_a_round_and_blank(event, tmp_path):
    output = tmp_path / "sheets.pdf"
    call_command(
        "print_event",
        event.pk,
        "--kind",
        "score-sheets",
        "--round",
        "1",
        "--blank",
        "--output",
        str(output),
    )
    assert "Player 1" not in pages(output.read_bytes())[0]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["999999", "--kind", "tallies"], "No event has the id 999999"),
        (["{id}", "--kind", "posters"], "Unknown kind “posters”"),
        (["{id}", "--kind", "standings", "--round", "9"], "Round 9 does not exist"),
        (["{id}", "--kind", "tallies", "--round", "1"], "--round does not apply to tallies"),
        (["{id}", "--kind", "seating", "--blank"], "--blank does not apply to seating"),
    ],
)
def test_bad_arguments_give_clear_errors(event, tmp_path, arguments, message):
    arguments = [a.format(id=event.pk) for a in arguments]
    with override("en"), pytest.raises(CommandError, match=message):
        call_command("print_event", *arguments, "--output", str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


def test_the_output_folder_must_exist(event, tmp_path):
    with pytest.raises(CommandError, match="does not exist"):
        call_command(
            "print_event", event.pk, "--kind", "tallies", "--output", str(tmp_path / "no" / "x.pdf")
        )
