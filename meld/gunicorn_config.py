"""gunicorn's hooks (``-c python:meld.gunicorn_config``) for a server that runs Meld on its
SQLite file under gunicorn rather than ``meld serve`` (docs/configuration.md, "Several clubs
on one server").

Every worker starts the thread of timed backups (``meld/backups.py``): a lock on
the backup folder lets one copy be taken at a time; and, with a mail server set, the
thread that sends the outbox (``tournaments/services/mail/worker.py``), a claim on each
mail letting one worker send it. The thread is started in the
workers, not in the master, so that no fork ever copies a thread in the middle of
writing a backup. Every worker also holds the serving lock (``meld/serving.py``), so
that ``restore`` refuses while any of them serves.
"""


def post_worker_init(worker: object) -> None:
    from meld import backups, serving
    from tournaments.services.mail.worker import start_sender

    database = backups.database_file()
    if database is not None:
        serving.hold(database)
    backups.start_watcher()
    start_sender()  # the outbox's mails: each worker's thread claims a mail before sending it
