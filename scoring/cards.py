"""Playing cards in Meld's notation: ``AS``, ``TD`` or ``10D``, ``JK`` for a joker.

Ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` also accepted), suits ``S H D C``;
parsing ignores case. Canasta plays with two packs, so duplicates are allowed
there; Gin plays with one, so its callers ask for ``unique=True``.
"""

from collections.abc import Iterable
from typing import NamedTuple

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER_RANK = 0
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


class Card(NamedTuple):
    rank: int  # 1 = ace ... 13 = king; 0 = joker
    suit: str  # one of SUITS; "" for a joker

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    def __str__(self) -> str:
        return "JK" if self.is_joker else RANKS[self.rank - 1] + self.suit


JOKER = Card(JOKER_RANK, "")


def parse_card(token: "str | Card", *, jokers: bool = False) -> Card:
    """One card from its notation; ``ValueError`` naming the token otherwise."""
    if isinstance(token, Card):
        if token.is_joker and not jokers:
            raise ValueError(f"{token}: jokers are not played in this game")
        return token
    if not isinstance(token, str):
        raise ValueError(f"{token!r} is not a card")
    text = token.strip().upper()
    if text == "JK":
        if not jokers:
            raise ValueError(f"{token}: jokers are not played in this game")
        return JOKER
    rank_text, suit = text[:-1], text[-1:]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS or suit not in SUITS:
        raise ValueError(
            f"{token!r} is not a card (write e.g. AS, TD, 10H, 7C{', JK' if jokers else ''})"
        )
    return Card(RANKS.index(rank_text) + 1, suit)


def parse_cards(
    cards: "str | Iterable[str | Card]", *, jokers: bool = False, unique: bool = False
) -> tuple[Card, ...]:
    """Cards from a list of tokens or one string separated by spaces or commas.

    Every bad token is named once in one ``ValueError``; with ``unique`` a card
    given twice is an error too (one pack), named once however often it is given.
    """
    tokens = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    parsed: list[Card] = []
    bad: dict[str, None] = {}  # a dict keeps each message once, in order
    for token in tokens:
        try:
            parsed.append(parse_card(token, jokers=jokers))
        except ValueError as error:
            bad[str(error)] = None
    if unique:
        seen: set[Card] = set()
        for card in parsed:
            if card in seen:
                bad[f"{card} appears twice (one pack has each card once)"] = None
            seen.add(card)
    if bad:
        raise ValueError("; ".join(bad))
    return tuple(parsed)
