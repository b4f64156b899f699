"""Read models: what a page, a poll or a printout shows, read and never written.

The director's table board and the bar of what needs the director (``board``); the change
marks the polling pages compare, and the round the director's pages link to (``live``); the
guide card a phone shows when a round starts (``guide``); a round's seating as the pages show
it (``seating_view``); the tallies (``tallies``); the rule summary of the Rules step
(``rule_summary``); and what a table's page reads on every request (``table_game``).
"""
