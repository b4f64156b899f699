"""The phone follows its player from round to round (issue 16).

Once a player taps their name at a table, the phone remembers them for the event
(a long-lived signed cookie naming the event's player id). When the next round
starts, the table's page shows their guide card (table, side, partners,
opponents, running score and rank) with a one-tap link to the new table, where
their seat is already chosen. A phone left on its old table shows where each of
that table's players goes. The table token is the key: a phone sees cards only
for its remembered player and for the players of the table whose link it holds.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tournaments.access import table_for_token
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.models import Event, Player
from tournaments.services.pages.guide import GuideCard, guide_for, next_tables

PLAYER_SALT = "meld.table.player"
PLAYER_MAX_AGE = 30 * 24 * 3600  # an event may run over a weekend or a season of evenings


def _cookie(event_id: int) -> str:
    return f"meld_player_{event_id}"


def remembered_player(request: HttpRequest, event_id: int) -> int | None:
    """The player id this phone remembers for the event (None if none, or forged)."""
    value = request.get_signed_cookie(_cookie(event_id), default="", salt=PLAYER_SALT)
    try:
        return parse_int(str(value), minimum=1, maximum=MAX_ID) if value else None
    except NumberError:
        return None


def remember_player(request: HttpRequest, response: HttpResponse, event_id: int, player_id: int):
    response.set_signed_cookie(
        _cookie(event_id),
        str(player_id),
        salt=PLAYER_SALT,
        max_age=PLAYER_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def forget_player(response: HttpResponse, event_id: int) -> None:
    response.delete_cookie(_cookie(event_id))


def _me(event: Event, player_id: int | None) -> GuideCard | None:
    player = Player.objects.filter(pk=player_id, event=event).first() if player_id else None
    return guide_for(event, player) if player else None


def guide_context(at, *, left_behind: bool) -> dict:
    """For a phone ``left_behind`` on a table its players have left (or that waits for
    a round): ``me``, the remembered player's card, and ``moves``, where this table's
    players go. A phone seated at the table's game needs neither (and reads nothing)."""
    if not left_behind:
        return {}
    me = _me(at.event, at.player_id)
    return {
        "me": me,
        "moves": [c for c in next_tables(at.table) if me is None or c.player_id != me.player_id],
    }


@require_POST
def follow(request: HttpRequest, token: str) -> HttpResponse:
    """ "I am Karin: open table 3": remember the player and go to their new table."""
    table = table_for_token(token)
    try:
        player_id = parse_int(request.POST.get("player", ""), minimum=1, maximum=MAX_ID)
    except NumberError:
        raise Http404("No such player at this table.") from None
    cards = [card for card in next_tables(table) if card.player_id == player_id]
    if not cards:
        raise Http404("No such player at this table.")
    card = cards[0]
    response = (
        redirect("tournaments-table", token=card.token)
        if card.token
        else redirect("tournaments-table", token=token)
    )
    remember_player(request, response, table.event_id, player_id)
    return response
