"""Labels, help texts and kinds of the Canasta profile fields, for validation and the editor."""

from meldcore.messages import gettext_noop

# name -> (kind, label, help); kind is one of text, points, optional_points,
# count, flag, choice, bands.
CANASTA_FIELDS: dict[str, tuple[str, str, str]] = {
    "slug": (
        "text",
        gettext_noop("Short name"),
        gettext_noop("Letters, digits and hyphens; names the profile in links and exports."),
    ),
    "name": (
        "text",
        gettext_noop("Name"),
        gettext_noop("The name players see, e.g. on the score sheet."),
    ),
    "source": (
        "text",
        gettext_noop("Source"),
        gettext_noop("Where these rules come from."),
    ),
    "natural_canasta_bonus": (
        "points",
        gettext_noop("Natural canasta"),
        gettext_noop("Bonus for a canasta of seven natural cards, on top of its card values."),
    ),
    "mixed_canasta_bonus": (
        "points",
        gettext_noop("Mixed canasta"),
        gettext_noop("Bonus for a canasta with wild cards, on top of its card values."),
    ),
    "hand_canasta_bonus": (
        "optional_points",
        gettext_noop("Hand canasta"),
        gettext_noop(
            "Bonus for seven cards laid at once from the hand (wilds allowed). Empty: no such canasta kind."
        ),
    ),
    "joker_canasta_bonus": (
        "optional_points",
        gettext_noop("Joker canasta"),
        gettext_noop(
            "Bonus for a canasta of seven wild cards. Empty: joker canastas are not allowed."
        ),
    ),
    "joker_hand_canasta_bonus": (
        "optional_points",
        gettext_noop("Joker hand canasta"),
        gettext_noop("Bonus for seven wild cards laid at once from the hand. Empty: not allowed."),
    ),
    "concealed_canasta_bonus": (
        "points",
        gettext_noop("Concealed canasta extra"),
        gettext_noop(
            "Extra bonus for each canasta melded whole from the hand (source 003: 100). 0: such canastas are not entered."
        ),
    ),
    "going_out_bonus": (
        "points",
        gettext_noop("Going out"),
        gettext_noop("Bonus for the side that goes out."),
    ),
    "concealed_going_out_bonus": (
        "optional_points",
        gettext_noop("Going out concealed (in all)"),
        gettext_noop(
            "Bonus in all for going out with nothing melded before. Empty: not scored separately."
        ),
    ),
    "hand_canasta_going_out_bonus": (
        "optional_points",
        gettext_noop("Going out with a hand canasta (in all)"),
        gettext_noop(
            "Bonus in all for going out concealed with a complete canasta in the hand, not counting the canasta bonus. Empty: not scored separately."
        ),
    ),
    "canastas_to_go_out": (
        "count",
        gettext_noop("Canastas to go out"),
        gettext_noop("How many canastas a side needs before it may go out."),
    ),
    "natural_canasta_to_go_out": (
        "flag",
        gettext_noop("A natural canasta to go out"),
        gettext_noop(
            "One of the canastas needed to go out must be natural (a club option for six players)."
        ),
    ),
    "red_three_value": (
        "points",
        gettext_noop("Red three"),
        gettext_noop("Score of each red three when a side lays out one to three of them."),
    ),
    "four_red_threes": (
        "points",
        gettext_noop("Four red threes"),
        gettext_noop("Score for four red threes on one side."),
    ),
    "five_red_threes": (
        "optional_points",
        gettext_noop("Five red threes"),
        gettext_noop("Score for five red threes (three packs only)."),
    ),
    "six_red_threes": (
        "optional_points",
        gettext_noop("Six red threes"),
        gettext_noop("Score for six red threes (three packs only)."),
    ),
    "red_threes_plus_with": (
        "choice",
        gettext_noop("Red threes count plus with"),
        gettext_noop("What a side needs for its red threes to count plus: a canasta, or any meld."),
    ),
    "red_threes_otherwise": (
        "choice",
        gettext_noop("Red threes otherwise count"),
        gettext_noop(
            "How the whole red-three score counts for a side without that: minus, zero, or plus anyway."
        ),
    ),
    "red_three_in_hand_penalty": (
        "points",
        gettext_noop("Red three in hand"),
        gettext_noop("Penalty for each red three still held in a hand."),
    ),
    "red_three_in_hand_rule": (
        "choice",
        gettext_noop("Red three in hand counts"),
        gettext_noop(
            "When the penalty applies: only when someone went out, in any deal, or never (empty)."
        ),
    ),
    "melds_minus_without_canasta": (
        "flag",
        gettext_noop("Melds minus without a canasta"),
        gettext_noop("A side without a canasta counts its melded cards minus."),
    ),
    "wild_limit": (
        "choice",
        gettext_noop("Wild cards in a meld"),
        gettext_noop(
            "Which rule limits wild cards in a meld: Wiener, classic, the 003 source, or the house rule."
        ),
    ),
    "packs": (
        "count",
        gettext_noop("Packs"),
        gettext_noop("Packs of 52 cards: 2, or 3 for the 3-pack game."),
    ),
    "jokers": (
        "count",
        gettext_noop("Jokers"),
        gettext_noop("Jokers in the deck (4, or 6 with three packs or with rummy packs)."),
    ),
    "target": (
        "points",
        gettext_noop("Game target"),
        gettext_noop("The game ends after the deal in which a side gets to this total."),
    ),
    "target_rule": (
        "choice",
        gettext_noop("Target must be"),
        gettext_noop("Whether a side must reach the target or exceed it."),
    ),
    "below_zero_minimum": (
        "points",
        gettext_noop("Minimum meld below 0"),
        gettext_noop("Card points a side's first meld needs while its total is below 0."),
    ),
    "minimum_meld_bands": (
        "bands",
        gettext_noop("Minimum meld"),
        gettext_noop(
            "From which running total (inclusive) the first meld needs how many card points; the first band starts at 0."
        ),
    ),
    "tie_rule": (
        "choice",
        gettext_noop("Several sides over the target"),
        gettext_noop(
            "Who wins when several sides pass the target in the same deal: the higher total, or the side that went out."
        ),
    ),
    "rheinisch": (
        "flag",
        gettext_noop("Rheinisch going out"),
        gettext_noop(
            "Two sides only: going out concealed while the opponent has melded nothing doubles the plus points and the opponent's hand."
        ),
    ),
}
