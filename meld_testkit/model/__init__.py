"""A model of a club evening: what every screen must say, from the state alone.

Plain Python with no Django, written from RULES.md and the director's handbook, not from
Meld's code: an evening (``evening.Evening``) holds the rounds, tables, seats and deals,
every version of an entry and what became of it, the calls, the clock and the substitutes;
the card games' figures come from the rules engines (``deals``). ``screens`` says, from that
state, what each phone must show now, what the board shows for each table and what counts
in the standings. The state machine (``meld_testkit.evenings``) drives the real app through
HTTP with the same actions and holds every screen to this.
"""
