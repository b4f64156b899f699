"""The ``meld`` command: Meld on a club laptop, Windows, macOS or Linux (README, "Install").

    meld serve [--port 8000] [--host 0.0.0.0]   prepare the database, print the addresses, serve
    meld demo                                   load the demo club
    meld backup [--output FILE]                 a copy of the database now
    meld restore FILE                           bring a backup back (stop Meld first)
    meld <command>                              any of manage.py's, e.g. changepassword director

The club's files live in the user's data folder (``MELD_DATA_DIR`` names another,
``meld/paths.py``). ``meld serve`` (which ``make run`` runs too) serves through
waitress, a WSGI server in pure Python that runs on Windows too and holds idle
connections without tying up a thread (``MELD_THREADS``, ``MELD_CONNECTION_LIMIT``),
with a thread that backs the database up while a round runs (``meld/backups.py``).
While it serves it holds the serving lock beside the database (``meld/serving.py``),
which ``restore`` checks.
"""

import argparse
import os
import sys
from collections.abc import Sequence


def _prepare(port: int | None = None) -> None:
    """Settings checked, the club's folder and secret key there, Django set up."""
    if port is not None:
        os.environ["PORT"] = str(port)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "meld.settings")
    from django.core.exceptions import ImproperlyConfigured
    from environs import EnvValidationError

    try:
        from meld import secret

        # The club's folder (private) and its key, before the settings are read, so that they
        # read this key and not one for one process.
        secret.create_key_file()
        import django

        django.setup()
    except (ImproperlyConfigured, EnvValidationError) as error:
        raise SystemExit(f"meld: {error}") from None


def serve(host: str, port: int, threads: int | None = None) -> None:
    _prepare(port)
    import waitress
    from django.conf import settings
    from django.core.management import call_command

    from meld import backups, serving

    database = backups.database_file()
    if database is not None and not serving.hold(database):
        raise SystemExit(
            f"meld: a backup is being restored into {database.parent}; start Meld when it is done."
        )
    call_command("migrate", interactive=False, verbosity=0)
    call_command("serve_info", port=port)
    print(f"  The club's folder:     {settings.DATA_DIR}")
    if database is not None:
        print(f"  Backups go to:         {backups.folder()}")
    print("  Stop Meld with Ctrl+C.\n", flush=True)
    from meld.wsgi import application

    backups.start_watcher()
    from tournaments.services.mail.worker import start_sender

    start_sender()  # the outbox's mails (issue 36), when a mail server is set
    try:
        waitress.serve(
            application,
            host=host,
            port=port,
            threads=threads or settings.MELD_THREADS,
            connection_limit=settings.MELD_CONNECTION_LIMIT,
            ident="Meld",
        )
    except KeyboardInterrupt:
        print("Meld stopped.")


def demo() -> None:
    _prepare()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    call_command("load_demo")


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(
        prog="meld",
        description="Canasta and Gin Rummy club tournaments on this laptop.",
        epilog="Any other command is one of manage.py's: `meld help` lists them.",
    )
    commands = found.add_subparsers(dest="command", required=True)
    serving = commands.add_parser("serve", help="serve Meld to the club's phones")
    serving.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on: 0.0.0.0 every network (the phones on the Wi-Fi), "
        "127.0.0.1 this laptop only, or one address of the laptop's",
    )
    serving.add_argument("--port", type=int, default=8000)
    serving.add_argument("--threads", type=int, help="requests answered at once (MELD_THREADS)")
    commands.add_parser("demo", help="load the demo club")
    backing_up = commands.add_parser("backup", help="write a copy of the database now")
    backing_up.add_argument("--output", help="file for the copy")
    restoring = commands.add_parser("restore", help="bring a backup back (stop Meld first)")
    restoring.add_argument("file")
    return found


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] not in ("serve", "demo", "backup", "restore", "-h", "--help"):
        manage(args)
        return
    chosen = parser().parse_args(args)
    if chosen.command == "serve":
        serve(chosen.host, chosen.port, chosen.threads)
    elif chosen.command == "demo":
        demo()
    else:
        manage(args)


def manage(args: list[str]) -> None:
    """One of manage.py's commands (backup and restore are two of them)."""
    _prepare()
    from django.core.management import execute_from_command_line

    execute_from_command_line(["meld", *args])
