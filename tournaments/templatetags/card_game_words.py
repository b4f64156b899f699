"""``{% says event "key" number=… count=… total=… target=… %}``: a page's words for a deal (hand), from the
event's card game (``CardGame.texts``, said by ``card_games.words.Words``), so templates never ask which card game it is."""

from django import template

from tournaments.card_games import card_game_of, sides_of
from tournaments.kernel.deal import player_names
from tournaments.models import Entry, Event, Game

register = template.Library()


@register.simple_tag
def says(
    event: Event,
    key: str,
    number: object = None,
    count: int | None = None,
    total: object = None,
    target: object = None,
) -> str:
    return card_game_of(event).words.says(
        key, number=number, count=count, total=total, target=target
    )


@register.simple_tag
def entered(event: Event, entry: Entry, game: Game) -> list[str]:
    """``{% entered event entry game as lines %}``: what was entered, for the other side."""
    return card_game_of(event).entered(entry.details, sides_of(game))


@register.simple_tag
def entry_note(event: Event, entry: Entry) -> str:
    """``{% entry_note event entry as note %}``: how an entry was made where its points
    do not tell ("by card counts (…)"), else ""."""
    return card_game_of(event).entry_note(entry.details)


@register.simple_tag
def row_note(game: Game, entry: Entry) -> str:
    """``{% row_note game entry as note %}``: the score pad's line beside a deal's number."""
    return card_game_of(game.round.event).row_note(entry.details, player_names(game))
