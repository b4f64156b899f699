"""The handbook's commands, options, variables, folders, backup names and terminal lines are
the ones Meld has (install, backups, troubleshooting and hosting pages, both languages).

- every ``meld …`` command it names is one of ``meld``'s own or of ``manage.py``'s, with options
  they take;
- every variable it names is one Meld reads, and the backups' defaults are Meld's;
- the club's folder on Windows, macOS and Linux is where Meld puts it (platformdirs, as
  ``meld/paths.py`` asks it);
- the window ``meld serve`` shows is the one it prints, line by line;
- the backup names are the ones Meld writes, and the lines ``meld restore`` prints are quoted
  as it prints them.
"""

import io
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import platformdirs
import pytest
from django.conf import settings
from django.core.management import call_command, get_commands, load_command_class
from django.db import connection

from meld import backups, cli, paths, secret, serving
from tests.docs.handbook_text import LANGUAGES, ROOT, page_text, section
from tournaments.kernel import network
from tournaments.models import Club
from tournaments.services.club import public_page as club_pages
from tournaments.services.mail import worker as mail_worker

pytestmark = pytest.mark.django_db

PAGES = ("install", "backups", "troubleshooting", "hosting", "club", "index", "privacy")
INLINE_CODE = re.compile(r"`(?P<code>[^`\n]+)`")
CODE_LINE = re.compile(r"^ {4,}(?P<code>\S.*)$", re.M)
MELD_COMMAND = re.compile(r"(?:^|\s)meld (?P<command>[a-z_]+)(?P<rest>[^`\n]*)")
OPTION = re.compile(r"(?<!\S)--[a-z][a-z-]*")
VARIABLE = re.compile(r"\b(?:MELD_[A-Z_]+|[A-Z][A-Z_]*_(?:URL|HOSTS|KEY|FOR))\b")
# A backup's name as Meld writes it, or as the handbook shortens it ("…-manual.sqlite3").
BACKUP_NAME = re.compile(r"(?:meld-\d{8}-\d{6}|…)-(?P<reason>[a-z]+)\.sqlite3")
# What Meld reads from the environment: its settings, and where its files are.
READERS = [ROOT / "meld" / name for name in ("settings.py", "paths.py", "secret.py")]


def code(language: str, page: str) -> list[str]:
    """Every command-like stretch of a page: inline code and indented code lines."""
    text = page_text(language, page)
    return [m["code"] for m in INLINE_CODE.finditer(text)] + [
        m["code"] for m in CODE_LINE.finditer(text) if not m["code"].startswith(("-", "|"))
    ]


def meld_commands(language: str) -> set[tuple[str, tuple[str, ...]]]:
    """Each ``meld`` command the pages name, with the options given with it (in the same code,
    or in the same row of the table of commands)."""
    found = set()
    for page in PAGES:
        for stretch in code(language, page):
            for match in MELD_COMMAND.finditer(stretch):
                found.add((match["command"], tuple(OPTION.findall(match["rest"]))))
    for row in re.finditer(
        r"^\| `meld (?P<command>[a-z_]+)[^`]*` \|(?P<rest>.*)$",
        page_text(language, "install"),
        re.M,
    ):
        found.add((row["command"], tuple(OPTION.findall(row["rest"].replace("`", " ")))))
    return found


def unknown_options(command: str, options: tuple[str, ...]) -> list[str]:
    """The options ``meld command`` does not take."""
    if command == "help":
        return list(options)
    if command in ("serve", "demo", "backup", "restore"):
        found = cli.parser()
        given = [command, *[part for option in options for part in (option, "1")], "FILE"]
    else:
        found = load_command_class(get_commands()[command], command).create_parser("meld", command)
        given = [part for option in options for part in (option, "1")]
    _, unknown = found.parse_known_args(given)
    return [part for part in unknown if part.startswith("-")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_meld_command_the_handbook_names_exists_with_its_options(language):
    commands = meld_commands(language)
    assert {"serve", "demo", "backup", "restore", "createsuperuser"} <= {c for c, _ in commands}
    known = {"serve", "demo", "backup", "restore", "help", *get_commands()}
    for command, options in commands:
        assert command in known, f"meld {command}"
        assert not unknown_options(command, options), f"meld {command} {' '.join(options)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_variable_the_handbook_names_is_one_meld_reads(language):
    read = "".join(path.read_text(encoding="utf-8") for path in READERS)
    named = {
        name
        for page in PAGES
        for stretch in code(language, page)
        for name in VARIABLE.findall(stretch)
    }
    assert {"MELD_DATA_DIR", "MELD_BACKUP_DIR", "MELD_BACKUP_KEEP"} <= named
    for name in named:
        assert f'"{name}"' in read, name


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_backup_settings_defaults_are_meld_s(language):
    rows = {
        match["name"]: match["default"]
        for match in re.finditer(
            r"^\| `(?P<name>MELD_BACKUP_\w+)` \|.*\| `(?P<default>\d+)` \|$",
            section(language, "backups", "settings"),
            re.M,
        )
    }
    assert rows == {"MELD_BACKUP_MINUTES": "5", "MELD_BACKUP_KEEP": "20"}
    assert settings.MELD_BACKUP_MINUTES == 5 and settings.MELD_BACKUP_KEEP == 20


def handbook_folders(language: str) -> dict[str, str]:
    """The handbook's table of the club's folder, by system, for a user named anna."""
    table = section(language, "install", "data-folder")
    return {
        match["system"]: re.sub(r"<[Nn]ame>", "anna", match["folder"])
        for match in re.finditer(
            r"^\| (?P<system>Windows|macOS|Linux) \| `(?P<folder>[^`]+)` \|$", table, re.M
        )
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_club_s_folder_on_each_system_is_where_meld_puts_it(language, monkeypatch):
    from platformdirs.macos import MacOS
    from platformdirs.unix import Unix
    from platformdirs.windows import Windows

    monkeypatch.setattr(paths, "INSTALLED", True)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(
        platformdirs.windows, "get_win_folder", lambda name: r"C:\Users\anna\AppData\Local"
    )
    systems = {
        "Windows": (Windows, "C:/"),
        "macOS": (MacOS, "/Users/anna"),
        "Linux": (Unix, "/home/anna"),
    }
    found = {}
    for system, (kind, home) in systems.items():
        monkeypatch.setenv("HOME", home)
        monkeypatch.setattr(
            platformdirs,
            "user_data_dir",
            lambda *args, kind=kind, **kwargs: kind(*args, **kwargs).user_data_dir,
        )
        folder = str(paths.default_data_dir())
        found[system] = folder.replace("/", "\\") if system == "Windows" else folder
    assert handbook_folders(language) == found


def window(language: str) -> list[str]:
    """The window of ``meld serve`` as the install page shows it."""
    text = section(language, "install", "start")
    start = text.index("Meld is starting.")
    block = text[text.rindex("\n", 0, start) + 1 :]
    lines = []
    for line in block.splitlines():
        if line.strip() and not line.startswith(" " * 8):
            break
        lines.append(line)
    return textwrap.dedent("\n".join(lines)).strip("\n").splitlines()


def comparable(line: str) -> str:
    """A line of the window with what differs from laptop to laptop taken out."""
    line = re.sub(r"http://[^/\s]+", "http://ADDRESS", line.rstrip())
    line = re.sub(r"/c/[^/\s]+/", "/c/TOKEN/", line)
    return re.sub(r"^(\s*(?:The club's folder|Backups go to):\s+).*$", r"\1FOLDER", line)


def test_the_window_of_meld_serve_is_what_it_prints(capsys, monkeypatch, settings, director):
    # The window of an evening with the demo loaded: its director (named "director") exists.
    club_pages.set_public_page(Club.objects.create(name="Canasta-Club Donaustadt"), True)
    # Serving refuses a key made up for one process; this test serves nothing.
    settings.SECRET_KEY_LASTS = True
    monkeypatch.setattr(paths, "INSTALLED", True)
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(secret, "create_key_file", lambda: False)
    monkeypatch.setattr(backups, "start_watcher", lambda: None)
    # No outbox sender: its thread would outlive the test and the test database.
    monkeypatch.setattr(mail_worker, "start_sender", lambda: None)
    monkeypatch.setattr(backups, "database_file", lambda: Path("db.sqlite3"))
    monkeypatch.setattr(serving, "hold", lambda database: True)
    monkeypatch.setenv("PORT", "8000")
    import waitress

    monkeypatch.setattr(waitress, "serve", lambda *args, **kwargs: None)
    cli.serve("0.0.0.0", 8000)
    printed = capsys.readouterr().out.strip("\n").splitlines()
    for language in LANGUAGES:
        assert [comparable(line) for line in window(language)] == [
            comparable(line) for line in printed
        ], language


def run_manage(*args: str, folder: Path, language: str = "en") -> subprocess.CompletedProcess:
    """A management command in a process of its own, on the club's folder ``folder``, speaking
    ``language`` (Meld's ``LANGUAGE_CODE``)."""
    environment = {"MELD_DATA_DIR": str(folder), "PATH": "/usr/bin:/bin", "LANGUAGE_CODE": language}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def italics_with_gaps(language: str) -> list[str]:
    """The lines of ``meld restore`` the backups page quotes: its italics with a "…" in them."""
    found = re.finditer(
        r"(?<![*\w])\*(?![\s*])(?P<line>[^*]+?)(?<!\s)\*(?![*\w])",
        section(language, "backups", "restore"),
    )
    return [" ".join(match["line"].split()) for match in found if "…" in match["line"]]


def printed_as(quoted: str, printed: str) -> bool:
    """Whether ``printed`` has the line ``quoted``, "…" standing for anything, any number for
    the number Meld printed."""
    words = []
    for word in quoted.split():
        parts = [re.sub(r"\d+", r"\\d+", re.escape(part)) for part in word.split("…")]
        words.append(".+?".join(parts))
    return re.search(r"\s+".join(words), printed) is not None


def written_backups(tmp_path: Path, settings) -> tuple[list[Path], dict[str, str]]:
    """The copies Meld writes (after a round, timed, by hand, replaced by a restore) and what
    ``restore`` printed in each language, for a good copy, a file that is no database and a
    damaged copy."""
    settings.MELD_BACKUP_DIR = tmp_path / "stick"
    written = [backups.take("round"), backups.take("timer")]
    said = io.StringIO()
    call_command("backup", stdout=said)
    written.append(Path(said.getvalue().rsplit(" ", 1)[-1].strip()))
    laptop = tmp_path / "laptop"
    junk = tmp_path / "notes.sqlite3"
    junk.write_bytes(b"not a database " * 100)
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(written[0].read_bytes())
    with damaged.open("r+b") as file:
        file.seek(4096 * 3 + 10)
        file.write(b"\xff" * 200)
    printed = {}
    for language in LANGUAGES:
        restored = run_manage("restore", str(written[0]), folder=laptop, language=language)
        assert restored.returncode == 0, restored.stderr
        refused = [
            run_manage("restore", str(bad), folder=laptop, language=language)
            for bad in (junk, damaged)
        ]
        assert all(refusal.returncode != 0 for refusal in refused)
        printed[language] = restored.stdout + "".join(refusal.stderr for refusal in refused)
    written += list((laptop / "backups").glob("*-replaced.sqlite3"))
    return written, printed


# Outside a test's transaction: SQLite's online backup waits for a writer's lock to go.
@pytest.mark.django_db(transaction=True)
def test_the_backups_are_named_and_restored_as_the_handbook_says(tmp_path, settings):
    if connection.vendor != "sqlite":
        # A server on PostgreSQL is backed up with pg_dump, as the backups page says.
        for language in LANGUAGES:
            assert "pg_dump" in page_text(language, "backups")
        return
    written, printed = written_backups(tmp_path, settings)
    reasons = {BACKUP_NAME.fullmatch(path.name)["reason"] for path in written}
    assert reasons == {"round", "timer", "manual", "replaced"}
    for language in LANGUAGES:
        named = {
            match[0]
            for page in ("backups", "troubleshooting", "install")
            for match in BACKUP_NAME.finditer(page_text(language, page))
        }
        assert len(named) >= 4, named
        for name in named:
            assert BACKUP_NAME.fullmatch(name)["reason"] in reasons, name
        lines = italics_with_gaps(language)
        assert len(lines) == 3, lines
        for line in lines:
            assert printed_as(line, printed[language]), (language, line, printed[language])
