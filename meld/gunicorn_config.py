"""gunicorn's hooks for ``make run`` (``-c python:meld.gunicorn_config``).

Every worker starts the thread of timed backups (``meld/backups.py``): a lock on
the backup folder lets one copy be taken at a time. The thread is started in the
workers, not in the master, so that no fork ever copies a thread in the middle of
writing a backup.
"""


def post_worker_init(worker) -> None:
    from meld import backups

    backups.start_watcher()
