"""Canasta: deals entered per side (or as quick totals), scored by ``scoring.canasta``."""

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from meldcore.messages import Problem
from scoring import canasta
from scoring.canasta_profiles import CanastaProfile
from tournaments.card_games.base import CardGame, Outcome, SheetPart, leader, margin
from tournaments.card_games.entry import CanastaDealForm, CardCountsForm, QuickTotalsForm
from tournaments.card_games.entry.canasta import (
    CARD_LABELS,
    COUNT_LABELS,
    GOING_OUT_LABELS,
    PLACE_LABELS,
    POINT_LABELS,
)
from tournaments.card_games.sheets import CanastaRules
from tournaments.card_games.sides import Side, group_sides
from tournaments.kernel.deal import Scored, seats_of
from tournaments.kernel.errors import NON_FIELD, ServiceError, problems_error
from tournaments.models import Entry, Event, Game

SIDE_FIELDS = tuple(f.name for f in dataclasses.fields(canasta.SideDeal))
# Entered by card counts: the points come from the counts, not from the phone.
COUNTED_FIELDS = tuple(name for name in SIDE_FIELDS if name not in ("melded_points", "hand_points"))
FORMS: dict[str, type[CanastaDealForm | QuickTotalsForm]] = {
    form.entry_mode: form for form in (CanastaDealForm, CardCountsForm, QuickTotalsForm)
}


class Canasta(CardGame[CanastaProfile]):
    key = Event.CardGame.CANASTA
    default_scoring_mode = Event.ScoringMode.TALLY
    partner_tables = True
    calculator = True
    minimum_meld = True
    entry_modes = tuple(FORMS)
    texts = {
        "deal": gettext_lazy("Deal"),
        "deal_column": gettext_lazy("deal"),
        "numbered": gettext_lazy("deal %(number)s"),
        "title": gettext_lazy("Deal %(number)s"),
        "change": gettext_lazy("Change deal %(number)s"),
        "confirm": gettext_lazy("Confirm deal %(number)s"),
        "send": gettext_lazy("Send deal %(number)s"),
        "answer_above": gettext_lazy("Answer deal %(number)s above"),
        "entered_here": gettext_lazy(
            "Deal %(number)s was entered on this phone: a player of the other side confirms it on their own phone."
        ),
        "disputed": gettext_lazy("Deal %(number)s is disputed"),
        "none_yet": gettext_lazy("No deal entered yet."),
        "correct_or_add": gettext_lazy("Correct or add a deal"),
        "played": ngettext_lazy("%(counter)s deal", "%(counter)s deals", "counter"),
        "per_round": ngettext_lazy("%(count)d deal", "%(count)d deals", "count"),
        "corrected": gettext_lazy("Deal %(number)d is corrected and counts now."),
        "settled": gettext_lazy("The dispute about deal %(number)d is settled."),
        "confirmed": ngettext_lazy(
            "%(counter)s deal confirmed", "%(counter)s deals confirmed", "counter"
        ),
        "numbered_of": gettext_lazy("deal %(number)s of %(total)s"),
        "title_of": gettext_lazy("Deal %(number)s of %(total)s"),
        "last_of_round": gettext_lazy("the last deal of this round"),
        "time_up": gettext_lazy("Time is up: finish the deal you are playing."),
        "finishing": gettext_lazy("time is up: finishing the deal it plays"),
        "time_last": gettext_lazy(
            "Time is up: deal %(number)s was the last one of this round; no new deal is started."
        ),
        "time_done": gettext_lazy("Time is up and your last deal is in: this table is done."),
        "saved_offline": gettext_lazy(
            "Deal %(number)s is saved on this phone and will be sent when the connection is back."
        ),
        "stored_for": gettext_lazy("Stored for deal %(number)s:"),
        "stored_twice": gettext_lazy(
            "Another phone stored this deal at the same moment: look at the score sheet."
        ),
        "over": gettext_lazy("This game is over: no more deals can be entered."),
        "only": gettext_lazy("A game of this round has %(count)s deals only."),
        "how_many": gettext_lazy("Enter how many deals a round has."),
        "enter_again": gettext_lazy("The entry is wrong: the table enters the deal again"),
        "end_with_confirmed": gettext_lazy("End this game with the confirmed deals"),
        "time_help": gettext_lazy("When the time is up, the deal being played is finished."),
        "round_lead": gettext_lazy(
            "In a round every table plays one game. Usually a game runs to the target "
            "(%(target)s points); for a shorter evening a round can end after a number of deals "
            "or after a time."
        ),
    }
    # The rules a director checks at a glance on the Rules step (services/pages/rule_summary.py).
    summary_rules = (
        "target",
        "minimum_meld_bands",
        "natural_canasta_bonus",
        "mixed_canasta_bonus",
        "hand_canasta_bonus",
        "joker_canasta_bonus",
        "going_out_bonus",
        "concealed_going_out_bonus",
        "canastas_to_go_out",
        "red_three_value",
    )
    # About one good deal: a game won by more counts for more in the rating.
    rating_margin = 1000.0
    round_deals_label = gettext_lazy("Deals per round")
    round_deals_help = gettext_lazy("Only used when a round is a number of deals.")

    # --- an entry -----------------------------------------------------------------

    def evaluate(self, game: Game, data: Mapping[str, Any], profile: CanastaProfile) -> Scored:
        count = len(group_sides(seats_of(game)))
        if "totals" in data:
            return canasta_totals(data["totals"], profile, count, data.get("went_out"))
        if data.get("mode") == Event.EntryMode.COUNTS:
            return canasta_counted(data.get("sides"), profile, count)
        return canasta_deal(data.get("sides"), profile, count)

    def submitted(self, details: Mapping[str, Any]) -> Mapping[str, Any]:
        """A deal by card counts is stored with each side's points; it was sent as counts."""
        if details.get("mode") != Event.EntryMode.COUNTS:
            return details
        counts = details.get("counts")
        sides = details.get("sides")
        if not isinstance(counts, list) or not isinstance(sides, list):
            return details
        return {
            "mode": Event.EntryMode.COUNTS,
            "sides": [counted_side(*pair) for pair in zip(sides, counts, strict=False)],
        }

    def entered(self, details: Mapping[str, Any], sides: list[Side]) -> list[str]:
        if details.get("mode") not in (Event.EntryMode.DEAL, Event.EntryMode.COUNTS):
            # The totals are what the score pad shows; who went out, where it was asked, not.
            out = went_out(details)
            if out is None or out >= len(sides):
                return []
            label = _("Side %(label)s") % {"label": sides[out].label}
            return [f"{label}: {GOING_OUT_LABELS['out']}"]
        counted = details.get("counts") or ()
        lines = []
        for index, (side, entry) in enumerate(zip(sides, details.get("sides") or (), strict=False)):
            parts = [
                f"{COUNT_LABELS[name]} {entry[name]}" for name in COUNT_LABELS if entry.get(name)
            ]
            parts.append(str(GOING_OUT_LABELS.get(entry.get("going_out", "none"), "")))
            if index < len(counted):
                parts += card_counts(counted[index])
            parts += [
                f"{POINT_LABELS[name]} {intcomma(entry.get(name) or 0)}"
                for name in POINT_LABELS
                if entry.get(name) or name != "penalty"
            ]
            lines.append(f"{_('Side %(label)s') % {'label': side.label}}: {' · '.join(parts)}")
        return lines

    def entry_note(self, details: Mapping[str, Any]) -> str:
        if details.get("mode") != Event.EntryMode.COUNTS:
            return ""
        sides = [
            f"{canasta.side_label(index)}: {', '.join(card_counts(counts)) or '0'}"
            for index, counts in enumerate(details.get("counts") or ())
        ]
        return _("by card counts (%(counts)s)") % {"counts": "; ".join(sides)}

    def entry_form(
        self,
        game: Game,
        data: Mapping[str, Any] | None = None,
        *,
        sides: list[Side],
        mode: str | None = None,
        **kwargs: Any,
    ) -> CanastaDealForm | QuickTotalsForm:
        offered = offered_modes(self.entry_modes, game.round.event)
        chosen = form_mode(
            offered, data, mode, entry=kwargs.get("entry"), prefix=kwargs.get("prefix")
        )
        form = FORMS[chosen](game, data, sides=sides, card_game=self, **kwargs)
        form.modes = offered
        return form

    # --- a game -------------------------------------------------------------------

    def outcome(
        self,
        confirmed: list[Entry],
        profile: CanastaProfile,
        *,
        sides: int,
        side_size: int,
        kind: str,
        stopped: bool,
    ) -> Outcome:
        sheet = self._sheet(confirmed, profile, sides)
        if sheet.finished_after is not None and sheet.finished_after < len(confirmed):
            # The game ended with that deal: the ones after it do not count (RULES.md 1.6).
            confirmed = confirmed[: sheet.finished_after]
            sheet = self._sheet(confirmed, profile, sides)
        totals = tuple(sheet.rows[-1].totals) if sheet.rows else (0,) * sides
        # A game ends with the deal in which a side reaches the target (RULES.md 1.6), also in
        # a round of so many deals or of a time, as a Gin game does.
        if kind == Event.RoundKind.GAME or sheet.result.finished:
            finished, winner = sheet.result.finished, sheet.result.winner
        else:
            finished = stopped
            winner = leader(totals) if finished else None
        return Outcome(
            totals, finished, winner, margin(totals, winner), sheet, None, counted=len(confirmed)
        )

    @staticmethod
    def _sheet(confirmed: list[Entry], profile: CanastaProfile, sides: int) -> canasta.ScoreSheet:
        return canasta.score_sheet(
            [tuple(entry.points) for entry in confirmed],
            profile,
            [went_out(entry.details) for entry in confirmed],
            sides=sides,
        )

    def sheet_part(
        self,
        result: Outcome,
        confirmed: list[Entry],
        profile: CanastaProfile,
        names: Mapping[int, str] | None = None,
    ) -> SheetPart:
        running = {
            entry.number: (row.totals, row.minimums)
            # Deals after the one that ended the game have no row: they do not count.
            for entry, row in zip(confirmed, result.canasta_sheet.rows, strict=False)
        }
        return SheetPart(
            running=running,
            totals=result.totals,
            minimums=canasta.side_minimums(result.totals, profile),
        )

    # --- printing -----------------------------------------------------------------

    def sheet_rules(self, profile: CanastaProfile, side_size: int) -> dict[str, Any]:
        bands = (
            (None, profile.below_zero_minimum),
            *((start, least) for start, least in profile.minimum_meld_bands),
        )
        rules = CanastaRules(
            target=profile.target,
            bands=bands,
            start_minimum=canasta.minimum_meld(0, profile),
        )
        return {"canasta": rules}


def offered_modes(modes: tuple[str, ...], event: Event) -> list[str]:
    """The entry modes the event's phones offer, in the card game's order (the first where the
    event chose none)."""
    chosen = event.entry_modes if isinstance(event.entry_modes, list) else []
    return [mode for mode in modes if mode in chosen] or [modes[0]]


def form_mode(
    offered: list[str],
    data: Mapping[str, Any] | None,
    mode: str | None,
    *,
    entry: Entry | None,
    prefix: str | None,
) -> str:
    """The entry mode of the form to draw or read.

    A stored entry keeps the mode it was entered in; posted fields tell their mode,
    which counts when the event offers it or an entry is being changed (the event
    may have dropped that mode since); else the mode asked for, else the first offered.
    """
    if entry is not None:
        stored = entry.details.get("mode")
        return stored if stored in FORMS else Event.EntryMode.DEAL
    if data is not None:

        def key(name: str) -> str:
            return f"{prefix}-{name}" if prefix else name

        def posted(fields: tuple[str, ...]) -> bool:
            return any(key(f"s{index}_{name}") in data for index in range(3) for name in fields)

        if posted(("total",)):
            sent = Event.EntryMode.TOTALS
        elif posted(canasta.COUNT_FIELDS):
            sent = Event.EntryMode.COUNTS
        else:
            sent = Event.EntryMode.DEAL
        if sent in offered or data.get(key("expected_version")):
            return sent
        return offered[0]
    return mode if mode in offered else offered[0]


def card_counts(counts: Any) -> list[str]:
    """A side's card counts as the confirming phone and the audit trail show them:
    "Cards melded: Jokers 1, Aces 3"."""
    if not isinstance(counts, Mapping):
        return []
    shown = []
    for place, label in PLACE_LABELS.items():
        numbers = [
            f"{CARD_LABELS[kind]} {counts.get(canasta.count_field_name(place, kind))}"
            for kind in canasta.CARD_KINDS
            if counts.get(canasta.count_field_name(place, kind))
        ]
        if numbers:
            shown.append(f"{label}: {', '.join(numbers)}")
    return shown


def field_key(problem: Problem) -> str:
    """The form field a problem concerns: ``s0_melded_points``, or ``__all__``."""
    side = problem.params.get("side_index") if isinstance(problem.params, Mapping) else None
    if problem.field and side is not None:
        return f"s{side}_{problem.field}"
    return NON_FIELD


def side_details(side: canasta.SideDeal) -> dict[str, Any]:
    """A side's entry as stored: ``dataclasses.asdict`` without its deep copies (every
    field is a number or a word), which cost more than scoring the deal."""
    return dict(vars(side))


def canasta_deal(sides: Any, profile: CanastaProfile, count: int) -> Scored:
    if not isinstance(sides, list | tuple) or len(sides) != count:
        raise ServiceError(_("Enter the deal for each of the %(count)s sides.") % {"count": count})
    entries = []
    for side in sides:
        if not isinstance(side, Mapping) or set(side) - set(SIDE_FIELDS):
            raise ServiceError(_("The entry could not be read."))
        entries.append(canasta.SideDeal(**side))
    try:
        parts = canasta.score_parts(entries, profile)
    except canasta.InvalidDeal as error:
        raise problems_error(error.problems, key=field_key) from None
    details = {"mode": "deal", "sides": [side_details(entry) for entry in entries]}
    return Scored(points=tuple(part.total for part in parts), details=details, parts=parts)


def counted_side(side: Any, counts: Any) -> Any:
    """A stored side of a deal by card counts as the phone sent it: its counted fields and
    how many cards of each kind it melded and held."""
    if not isinstance(side, Mapping) or not isinstance(counts, Mapping):
        return side
    return {
        **{name: side[name] for name in COUNTED_FIELDS if name in side},
        **{
            place: {
                kind: counts.get(canasta.count_field_name(place, kind), 0)
                for kind in canasta.CARD_KINDS
            }
            for place in canasta.PLACES
        },
    }


def canasta_counted(sides: Any, profile: CanastaProfile, count: int) -> Scored:
    """A deal by card counts: each side's points derived from its counts, then scored."""
    if not isinstance(sides, list | tuple) or len(sides) != count:
        raise ServiceError(_("Enter the deal for each of the %(count)s sides.") % {"count": count})
    counted = []
    for side in sides:
        if not isinstance(side, Mapping) or set(side) - {*COUNTED_FIELDS, *canasta.PLACES}:
            raise ServiceError(_("The entry could not be read."))
        places = {}
        for place in canasta.PLACES:
            cards = side.get(place) or {}
            if not isinstance(cards, Mapping) or set(cards) - set(canasta.CARD_KINDS):
                raise ServiceError(_("The entry could not be read."))
            places[place] = canasta.CardCounts(**cards)
        deal = canasta.SideDeal(**{k: v for k, v in side.items() if k in COUNTED_FIELDS})
        counted.append(canasta.CountedSide(deal, places["melded"], places["hand"]))
    try:
        entries = canasta.counted_sides(counted, profile)
        parts = canasta.score_parts(entries, profile)
    except canasta.InvalidDeal as error:
        raise problems_error(error.problems, key=field_key) from None
    details = {
        "mode": str(Event.EntryMode.COUNTS),
        "sides": [side_details(entry) for entry in entries],
        "counts": [
            {
                canasta.count_field_name(place, kind): getattr(side.counts(place), kind)
                for place in canasta.PLACES
                for kind in canasta.CARD_KINDS
            }
            for side in counted
        ],
    }
    return Scored(points=tuple(part.total for part in parts), details=details, parts=parts)


def deal_bounds(profile: CanastaProfile) -> tuple[int, int]:
    """The least and the most one side can score in one deal under ``profile``.

    Generous on purpose (every canasta the deck allows, all red threes, the best
    going out; the minus side adds all the cards, every red three in hand and
    1000 of penalties): it catches typing slips, not unlikely deals.
    """
    bonuses = [
        profile.natural_canasta_bonus,
        profile.mixed_canasta_bonus,
        profile.hand_canasta_bonus or 0,
        profile.joker_canasta_bonus or 0,
        profile.joker_hand_canasta_bonus or 0,
    ]
    canastas = profile.cards_besides_red_threes // 7
    red = max(profile.red_three_score(n) for n in range(profile.red_threes_in_deck + 1))
    going_out = max(
        profile.going_out_bonus,
        profile.concealed_going_out_bonus or 0,
        profile.hand_canasta_going_out_bonus or 0,
    )
    best = (
        profile.deck_points
        + canastas * (max(bonuses) + profile.concealed_canasta_bonus)
        + red
        + going_out
    )
    if profile.rheinisch:
        best *= 2
    worst = (
        2 * profile.deck_points
        + red
        + profile.red_threes_in_deck * profile.red_three_in_hand_penalty
        + 1000
    )
    return -_round5(worst), _round5(best)


def _round5(value: int) -> int:
    return (value + 4) // 5 * 5


def canasta_totals(totals: Any, profile: CanastaProfile, count: int, out: Any = None) -> Scored:
    """A deal entered as each side's score; ``out``: the sides said to have gone out, asked
    where going out decides the game (RULES.md 1.6, ``house``), at most one."""
    if not isinstance(totals, list | tuple) or len(totals) != count:
        raise ServiceError(_("Enter the deal for each of the %(count)s sides.") % {"count": count})
    low, high = deal_bounds(profile)
    field_errors: dict[str, list[str]] = {}
    for index, value in enumerate(totals):
        key = f"s{index}_total"
        if not isinstance(value, int) or isinstance(value, bool):
            field_errors[key] = [_("Enter a whole number.")]
        elif value % 5:
            field_errors[key] = [
                _(
                    "A deal's score is a multiple of 5 (every card counts 5, 10, 20 or 50), not %(value)s."
                )
                % {"value": value}
            ]
        elif not low <= value <= high:
            field_errors[key] = [
                _("One side cannot score %(value)s in a deal: between %(low)s and %(high)s.")
                % {"value": value, "low": low, "high": high}
            ]
    sides_out = _sides_out(out, count)
    if len(sides_out) > 1:
        for index in sides_out:
            field_errors[f"s{index}_going_out"] = [_("Only one side goes out in a deal.")]
    if field_errors:
        raise ServiceError(_("This cannot be right: see the marked fields."), field_errors)
    details: dict[str, Any] = {"mode": "totals", "totals": list(totals)}
    if sides_out:
        details["went_out"] = sides_out[0]
    return Scored(points=tuple(totals), details=details)


def _sides_out(out: Any, count: int) -> list[int]:
    """The sides said to have gone out in a deal entered as totals (an index, or a list of
    them); anything else is refused."""
    if out is None:
        return []
    named = out if isinstance(out, list) else [out]
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < count for i in named):
        raise ServiceError(_("Which side went out? Tap the side that went out, or none."))
    return sorted(set(named))


def went_out(details: Mapping[str, Any]) -> int | None:
    """The side that went out in a stored Canasta deal (None for nobody, or a deal entered
    as totals where the form did not ask)."""
    if details.get("mode") == "totals":
        out = details.get("went_out")
        return out if isinstance(out, int) and not isinstance(out, bool) else None
    for index, side in enumerate(details.get("sides") or ()):
        if side.get("going_out", "none") != "none":
            return index
    return None
