"""The phone follows its player from round to round (issue 16).

Once a player taps their name at a table, the phone remembers them for the event
(a long-lived signed cookie naming the event's player id). When the next round
starts, the table's page shows their guide card (table, side, partners,
opponents, running score and rank) with a one-tap link to the new table, where
their seat is already chosen. A phone left on its old table shows where each of
that table's players goes. The table token is the key: a phone sees cards only
for its remembered player and for the players of the table whose link it holds.

The cookie and the link that follows a player are here; the cards a phone shows are read
with its moment (``services/pages/table_moment.py``, ``guide_context``).
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tournaments.access import table_for_token
from tournaments.kernel.numbers import MAX_ID, NumberError, parse_int
from tournaments.services.pages.guide import next_tables

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


def remember_player(
    request: HttpRequest, response: HttpResponse, event_id: int, player_id: int
) -> None:
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


@require_POST
def follow(request: HttpRequest, token: str) -> HttpResponse:
    """ "I am Karin: open table 3": remember the player and go to their new table."""
    table = table_for_token(token)
    try:
        player_id = parse_int(request.POST.get("player", ""), minimum=1, maximum=MAX_ID)
    except NumberError:
        raise Http404("No such player at this table.") from None
    # A player of the table, or the substitute who holds a replaced player's number now.
    cards = [
        card
        for other in next_tables(table)
        for card in (other, other.replaced_by)
        if card is not None and card.player_id == player_id
    ]
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
