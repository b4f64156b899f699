"""Results by e-mail (issue 36): a member's address and consent (``addresses``: the director
or the member gives it, the member confirms it from a mail, every mail can stop them), what
a mail says in the member's language (``compose``), and sending the outbox (``sending``) from
the server's own thread (``worker``) or ``manage.py sendmail``. The queue itself is the
``outbox`` concern's, filled by the steps that call for a mail.
"""
