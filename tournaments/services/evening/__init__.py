"""Each player's own evening (issue 36): what their private link shows, read and never
written. ``page``: every round with its table, partners, opponents and every deal, and the
player's tally, rank and points counted exactly as the standings count them; for a member
their series standings and what the evening did to their rating. ``history``: a member's
evenings across seasons, as their own member page shows them. Other players are named as
the public pages name them (``services.club.public_names``).
"""
