"""The scores: a deal entered, confirmed, disputed, corrected and settled (``entries``, with
the rows every entry step shares in ``entry_rows``); automatic confirmation
(``auto_confirm``); a game's totals and each player's ``Result`` (``results``); the
standings ranked from them (``standings``); and the audit trail every change of a score
writes (``audit``).

The steps here write, each in one transaction under the locks of ``store.locks``; the
results and the standings are also read by the pages, the printouts and the pairing of a
round by results.
"""
