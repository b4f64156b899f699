"""Filters for the server's log (``LOGGING`` in settings)."""

import logging


class RefusedRequest(logging.Filter):
    """A request Django refuses for its size or its number of fields is answered 400: the
    sender's doing, not a fault of the server. Django logs it as an error with a traceback,
    which reads like a crash in a director's log; it becomes one warning line."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        record.exc_info, record.exc_text = None, None
        return True
