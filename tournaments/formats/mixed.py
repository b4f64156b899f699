"""Progressive play in mixed pairs: every side a lady and a gentleman (ladies hold even numbers)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairings.draw import draw_order
from tournaments.formats.progressive import Progressive
from tournaments.formats.schedule_preview import SchedulePreview, schedule_preview
from tournaments.kernel.errors import ServiceError
from tournaments.models import Event, Player, Team


def ladies_and_gentlemen(players: list[Player]) -> tuple[list[Player], list[Player]]:
    """The two groups that draw even and odd numbers; refused unless they are equal."""
    ladies = [p for p in players if p.gender == "f"]
    gentlemen = [p for p in players if p.gender == "m"]
    if len(ladies) + len(gentlemen) != len(players):
        unknown = ", ".join(p.name for p in players if p.gender not in ("f", "m"))
        raise ServiceError(
            _(
                "Mixed pairs: ladies draw the even numbers and gentlemen the odd ones, so every player "
                "needs a gender. Missing for: %(names)s."
            )
            % {"names": unknown}
        )
    if len(ladies) != len(gentlemen):
        raise ServiceError(
            _(
                "Mixed pairs need as many ladies as gentlemen, but there are %(ladies)d ladies and "
                "%(gentlemen)d gentlemen. Add or remove players, or choose the format “Progressive”."
            )
            % {"ladies": len(ladies), "gentlemen": len(gentlemen)}
        )
    return ladies, gentlemen


class Mixed(Progressive):
    key = Event.Format.MIXED
    help = gettext_lazy(
        "Like progressive, but every pair is a lady and a gentleman: ladies draw even numbers."
    )
    balanced_schedule_allowed = False
    by_gender = True

    def field_problems(self, players: list[Player]) -> list[str]:
        problems = []
        ladies = sum(p.gender == "f" for p in players)
        gentlemen = sum(p.gender == "m" for p in players)
        if ladies + gentlemen < len(players):
            problems.append(_("Mixed pairs: give every player's gender (lady or gentleman)."))
        if ladies != gentlemen:
            problems.append(
                _(
                    "Mixed pairs need as many ladies as gentlemen: %(ladies)d ladies, %(gentlemen)d gentlemen."
                )
                % {"ladies": ladies, "gentlemen": gentlemen}
            )
        return problems

    def schedule_previews(self, players: int) -> list[tuple[str, SchedulePreview]]:
        if players < 4 or players % 2:
            return []
        return [(_("Progressive, mixed pairs"), schedule_preview(players, mixed=True))]

    def draw_numbers(self, players: list[Player], seed: str) -> dict[int, int]:
        ladies, gentlemen = ladies_and_gentlemen(players)
        numbers = {p.pk: 2 * i for i, p in enumerate(draw_order(ladies, f"{seed}:f"), start=1)}
        numbers |= {
            p.pk: 2 * i - 1 for i, p in enumerate(draw_order(gentlemen, f"{seed}:m"), start=1)
        }
        return numbers

    def typed_number_problem(self, unit: Player | Team, number: int) -> str:
        gender = getattr(unit, "gender", "")
        if gender in ("f", "m") and (number % 2 == 0) != (gender == "f"):
            return _("Ladies take even numbers, gentlemen odd ones.")
        return ""

    def typed_numbers_problem(self, units: list[Player | Team]) -> str:
        # Numbers typed for players one by one: a team is numbered by the service.
        players = [unit for unit in units if isinstance(unit, Player)]
        try:
            ladies_and_gentlemen(players)
        except ServiceError as error:
            return error.message
        return ""
