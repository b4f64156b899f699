"""A member's data under the member's control (GDPR Art. 15 and 17): everything Meld holds
on a member, as JSON and as a readable page (``export``), and erasing it (``erase``): the
member becomes "former member N" everywhere while every standing, series and rating of the
others stays as it was. ``traces`` finds where a member's name is written.
"""
