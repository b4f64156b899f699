"""The services: what the views, the printouts and the commands ask of the app, by concern.

Below them are the lookups (``tournaments.access``), the registries (``tournaments.formats``,
``tournaments.card_games`` with the entry forms) and the kernel; above them the page forms,
the printouts, export and import (``tournaments.transfer``), and the views (the layers: ``pyproject.toml``, ``[tool.importlinter]``). Two kinds of code
live here:

- **steps** that write: each runs in one ``transaction.atomic()``, takes its row locks
  through ``store.locks`` (event → round → game → entry), writes an audit row
  (``scores.audit``) for every change of a score, and records its change on the feed
  (``kernel.feed``; an audit row records one) where a screen shows what it wrote;
- **read models** that only read: what a page, a poll or a printout shows.

The sub-packages by concern:

- ``scores``: a deal entered, confirmed, disputed, corrected and settled; automatic
  confirmation; a game's results; the standings; the audit trail.
- ``rounds``: starting, closing and force-closing a round, its seating, its clock, the
  tables' calls, and whether a table and a round are done.
- ``setup``: creating an event and the wizard's steps, its players (the one door
  ``admit_players``, the lists they come from, people's names), the teams and the draw.
- ``club``: the member register, series, the club's public page and evenings, and the
  name a public reader sees.
- ``pages``: read models of the pages: the table board and the desk's bar, the change
  marks the polls compare, the phone's guide, the seating, the tallies, the rule summary,
  what a table's page reads, what a table's phone asks now.
- ``store``: database plumbing: the row locks and the score writes' prepared statements.
"""
