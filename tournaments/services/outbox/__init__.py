"""The mail queue (``OutboxMail``), low enough for any step to fill in its own transaction:
finishing an evening queues its results mails (``queue``), and the senders claim due rows,
one sender a row, and mark them sent or to be tried again (``claims``). What a mail says is
the ``mail`` concern's; nothing here composes or sends.
"""
