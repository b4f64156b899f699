"""A card game's words for a deal (Canasta) or a hand (Gin): what pages, messages and forms
say.

Each card game holds its texts by key (``CardGame.texts``); ``CardGame.words``
says them with a number or a count. Templates read them with
``{% load card_game_words %}{% says event "key" number=… %}``.
"""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.text import capfirst

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


class Words:
    """``texts``: lazy texts by key, with ``%(number)s`` or, counted, ngettext_lazy with
    ``%(counter)s`` (``%(count)d`` where the text is also said in Python)."""

    def __init__(self, texts: Mapping[str, "StrPromise"]) -> None:
        self.texts = texts

    def says(
        self,
        key: str,
        *,
        number: Any = None,
        count: int | None = None,
        total: Any = None,
        target: Any = None,
    ) -> str:
        """The text ``key`` with the deal's number (and the round's ``total`` of deals), a
        count, or a game's target."""
        text = self.texts[key]
        if count is not None:
            return text % {"counter": count, "count": count}
        if total is not None:
            return text % {"number": number, "total": total}
        if number is not None:
            return text % {"number": number}
        if target is not None:
            return text % {"target": target}
        return str(text)

    def deal_word(self) -> str:
        """ "Deal" or "Hand", as a field's label."""
        return self.says("deal")

    def deal_name(self, number: Any, *, start: bool = False) -> str:
        """ "deal 3" (Canasta) or "hand 3" (Gin); ``start`` for the beginning of a sentence."""
        name = self.says("numbered", number=number)
        return capfirst(name) if start else name

    def deals_count(self, count: int) -> str:
        """ "8 deals" or "8 hands": a round of so many."""
        return self.says("per_round", count=count)
