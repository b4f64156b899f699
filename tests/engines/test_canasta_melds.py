"""The card calculator: card values and legal melds (RULES.md 1.1, 1.3, 1.5, 1.7)."""

from dataclasses import replace

import pytest

from scoring.canasta import InvalidMeld, card_points, check_initial_meld, check_meld, meld_points
from scoring.cards import RANKS, SUITS, Card, parse_card
from scoring.profiles import CANASTA_PROFILES

WIENER = CANASTA_PROFILES["wiener"]
CLASSIC = CANASTA_PROFILES["classic"]
CLASSIC_003 = CANASTA_PROFILES["classic-003"]
HOUSE = CANASTA_PROFILES["house"]


def is_legal(cards, profile, **options):
    try:
        check_meld(cards, profile, **options)
    except InvalidMeld:
        return False
    return True


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("JK", 50),
        ("AS", 20),
        ("2H", 20),
        ("KD", 10),
        ("TC", 10),
        ("10C", 10),
        ("8S", 10),
        ("7H", 5),
        ("4D", 5),
        ("3S", 5),
        ("3C", 5),
    ],
)
def test_card_values_follow_the_table(card, points):
    assert card_points(parse_card(card, jokers=True)) == points


def test_the_two_pack_deck_without_red_threes_is_worth_1180_points():
    deck = [Card(rank, suit) for rank in range(1, 14) for suit in SUITS] * 2 + [
        parse_card("JK", jokers=True)
    ] * 4
    without_red_threes = [card for card in deck if not (card.rank == 3 and card.is_red)]
    assert meld_points(without_red_threes) == 1180 == WIENER.deck_points


def test_meld_points_adds_up_card_values():
    assert meld_points("KS KH JK 2C 5D") == 10 + 10 + 50 + 20 + 5
    assert meld_points(["ah", "10d", "4c"]) == 35
    assert meld_points([]) == 0


def test_red_threes_have_no_card_value():
    with pytest.raises(InvalidMeld, match="Red threes have no card value"):
        meld_points("3H KS")


def test_meld_points_names_every_token_that_is_not_a_card():
    with pytest.raises(InvalidMeld) as caught:
        meld_points("KS XX 1H")
    assert caught.value.errors == ["Not cards: XX, 1H (write e.g. AS, TD, 10H, 7C or JK)."]


@pytest.mark.parametrize("junk", [None, 5, 2.5])
def test_meld_points_refuses_what_is_not_a_list_of_cards(junk):
    with pytest.raises(InvalidMeld):
        meld_points(junk)


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        ("KS KH 2C", True),  # 3 cards: 2 naturals, 1 wild
        ("KS 2H 2C", False),
        ("KS KH 2C JK", True),  # 4 cards: 2 and 2
        ("KS 2H 2C JK", False),
        ("KS KH KD 2C JK", True),  # 5 cards: 3 and 2
        ("KS KH 2D 2C JK", False),
        ("KS KH KD 2S 2C JK", True),  # 6 cards: 3 and 3
        ("KS KH 2D 2S 2C JK", False),
        ("KS KH KD KC 2S 2C JK", True),  # canasta: 4 and 3
        ("KS KH KD 2H 2S 2C JK", False),
        ("KS KH KD KC KS 2H 2S 2C JK", False),  # never more than three wilds, however long
    ],
)
def test_wiener_wild_cards_never_outnumber_naturals_and_never_exceed_three(cards, legal):
    assert is_legal(cards, WIENER) is legal


def test_classic_allows_two_kings_with_three_jokers():
    meld = check_meld("KS KH JK JK JK", CLASSIC)
    assert (meld.kind, meld.naturals, meld.wilds, meld.points) == ("meld", 2, 3, 170)


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        ("KS 2H JK", False),  # one natural only
        ("KS KH KD 2H 2S 2C JK", False),  # four wilds with three naturals
        ("KS KH KD KC 2H 2S 2C JK", True),  # a fourth wild added to a completed canasta
        ("KS KH KD KC KS 2H 2S 2C 2D JK", True),
    ],
)
def test_classic_allows_more_than_three_wilds_only_on_a_canasta_with_four_naturals(cards, legal):
    assert is_legal(cards, CLASSIC) is legal


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        ("5S 5H 2C", True),
        ("9S 9H 9D 2S 2C JK", True),
        ("9S 9H 2D 2S 2C JK", False),
        ("5S 2C 2H", False),
    ],
)
def test_the_003_rule_never_allows_more_wilds_than_naturals(cards, legal):
    assert is_legal(cards, CLASSIC_003) is legal


def test_house_melds_need_three_naturals():
    assert is_legal("QS QH QD", HOUSE)
    assert is_legal("QS QH QD 2C 2D JK JK", HOUSE)
    assert not is_legal("QS QH 2C", HOUSE)


def test_house_allows_two_naturals_and_one_wild_only_when_going_out():
    assert is_legal("QS QH 2C", HOUSE, going_out=True)
    assert not is_legal("QS QH 2C 2D", HOUSE, going_out=True)


def test_black_threes_are_melded_only_when_going_out():
    with pytest.raises(InvalidMeld, match="only when going out"):
        check_meld("3S 3C 3S", WIENER)
    assert check_meld("3S 3C 3S 3C", WIENER, going_out=True).kind == "black_threes"


def test_black_threes_are_never_melded_with_wild_cards():
    with pytest.raises(InvalidMeld, match="never melded with wild cards"):
        check_meld("3S 3C 2H", CLASSIC, going_out=True)


def test_black_threes_are_melded_three_or_four_at_a_time():
    three_packs = CANASTA_PROFILES["classic-3pack"]
    with pytest.raises(InvalidMeld, match="three or four at a time, not 5"):
        check_meld("3S 3C 3S 3C 3S", three_packs, going_out=True)


def test_red_threes_are_never_melded():
    with pytest.raises(InvalidMeld, match="Red threes are never melded"):
        check_meld("3H 3D 3H", CLASSIC, going_out=True)


def test_a_meld_has_one_rank_and_at_least_three_cards():
    with pytest.raises(InvalidMeld) as caught:
        check_meld("4S 5S", WIENER)
    assert caught.value.errors == [
        "A meld needs at least three cards, not 2.",
        "All natural cards of a meld must have the same rank; these have 4, 5.",
    ]


def test_the_deck_holds_each_card_only_once_per_pack():
    with pytest.raises(InvalidMeld, match="The deck holds only 2 of KS, but 3 were given."):
        check_meld("KS KS KS", WIENER)
    assert check_meld("KS KS KS", CANASTA_PROFILES["classic-3pack"]).points == 30


def test_seven_naturals_make_a_natural_canasta_and_wilds_a_mixed_one():
    natural = check_meld("7S 7H 7D 7C 7S 7H 7D", WIENER)
    mixed = check_meld("7S 7H 7D 7C 2S 2H JK", WIENER)
    assert (natural.kind, natural.bonus, natural.is_canasta, natural.rank) == (
        "natural_canasta",
        500,
        True,
        7,
    )
    assert (mixed.kind, mixed.bonus, mixed.points) == ("mixed_canasta", 300, 20 + 40 + 50)


def test_wild_cards_alone_are_no_meld_where_the_profile_has_no_joker_canasta():
    with pytest.raises(InvalidMeld, match="wild cards only is not allowed in Wiener Canasta"):
        check_meld("2S 2H 2D 2C 2S 2H 2D", WIENER)


def test_seven_wild_cards_make_a_house_joker_canasta_and_from_the_hand_a_joker_hand_canasta():
    cards = "2S 2H 2D 2C JK JK JK"
    assert (check_meld(cards, HOUSE).kind, check_meld(cards, HOUSE).bonus) == (
        "joker_canasta",
        1000,
    )
    from_hand = check_meld(cards, HOUSE, from_hand=True)
    assert (from_hand.kind, from_hand.bonus, from_hand.points) == ("joker_hand_canasta", 1500, 230)


def test_a_joker_canasta_is_exactly_seven_wild_cards():
    with pytest.raises(InvalidMeld, match="exactly seven cards"):
        check_meld("2S 2H JK", HOUSE)


def test_the_classic_joker_canasta_variant_accepts_seven_wild_cards():
    variant = replace(CLASSIC, joker_canasta_bonus=1000)
    assert check_meld("2S 2H 2D 2C 2S 2H JK", variant).kind == "joker_canasta"


def test_seven_cards_laid_at_once_from_the_hand_make_a_house_hand_canasta():
    meld = check_meld("QS QH QD 2C QS QH QD", HOUSE, from_hand=True)
    assert (meld.kind, meld.bonus) == ("hand_canasta", 500)
    assert check_meld("QS QH QD 2C QS QH QD", WIENER, from_hand=True).kind == "mixed_canasta"


def test_a_meld_check_needs_a_canasta_profile():
    with pytest.raises(InvalidMeld, match="no Canasta rule profile"):
        check_meld("KS KH KD", None)


def test_seven_fives_are_not_enough_for_a_first_meld_at_zero_but_three_sevens_more_are():
    fives = "5S 5H 5D 5C 5S 5H 5D"
    with pytest.raises(InvalidMeld) as caught:
        check_initial_meld([fives], 0, CLASSIC)
    assert caught.value.errors == [
        "At a total of 0 the first meld needs 50 card points, but these melds hold only 35 "
        "(bonuses for canastas and red threes do not count)."
    ]
    assert check_initial_meld([fives, "7S 7H 7D"], 0, CLASSIC) == 50


def test_a_hand_canasta_needs_no_minimum_meld():
    assert check_initial_meld(["5S 5H 5D 5C 5S 5H 5D"], 3000, WIENER, hand_canasta=True) == 35


def test_the_first_meld_reports_the_problems_of_each_meld_with_its_number():
    with pytest.raises(InvalidMeld) as caught:
        check_initial_meld(["KS KH KD", "QS 2H 2C"], 0, WIENER)
    assert [p.field for p in caught.value.problems] == ["melds.2"]
    assert caught.value.problems[0].params["meld"] == 2


@pytest.mark.parametrize("rank", [r for r in range(4, 14)] + [1])
def test_every_natural_rank_from_four_to_ace_can_be_melded(rank):
    cards = [f"{RANKS[rank - 1]}{suit}" for suit in "SHD"]
    assert check_meld(cards, WIENER).rank == rank
