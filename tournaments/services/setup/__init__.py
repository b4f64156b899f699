"""Setting an event up: creating it and the wizard's steps (``events``) and what the set-up
still lacks (``checks``, read-only); the players, who all come in by one door,
``players.admit_players``, from the lists and files ``player_lists`` reads, matched to the
club's members by ``names``; the teams and the draw of numbers (``draw``); and late entries,
withdrawals and substitutes once round 1 has started (``player_changes``).
"""
