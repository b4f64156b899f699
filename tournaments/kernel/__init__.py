"""The bottom of the app: what the registries, the entry forms and the services all build on.

It imports only Django, the models and the engines (the layers: ``pyproject.toml``,
``[tool.importlinter]``), so the format and card game registries and the entry forms can use
it without reaching up into the services:

- ``errors``: ``ServiceError`` (a refusal with its translated message) and
  ``problems_error`` (an engine's problems as one, each under its form field);
- ``deal``: the scored deal (``Scored``) and a game's seats (``seats_of``);
- ``profiles``: an event's rule profile and the card games' presets;
- ``lineup``: who plays in a round (``Lineup``) and what a pairing engine pairs (``Entrant``);
- ``numbers``, ``text``: every number and every text a request carries, bounded and plain;
- ``users``: who asks a step (``Asker``: ``request.user``);
- ``forms``, ``whole_entry``: what every form shares (bounded text fields, a refusal shown
  next to the fields it concerns);
- ``network``: the address phones reach this machine at, for every link handed on (the QR
  codes, mails, the club's page); settings through ``django.conf``, never the project's
  package (``meld``), which nothing below the views imports;
- ``signals``: what the app tells the project once it has happened (a round closed: the
  backups, ``meld/backups.py``, connected in ``tournaments/apps.py``).
"""
