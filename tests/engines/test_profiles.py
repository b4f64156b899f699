"""Rule profiles: the presets of RULES.md 1.4 and 2, self-validation, the editor's field list."""

import dataclasses
import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meldcore.messages import DomainError
from scoring.canasta import minimum_meld
from scoring.canasta_profile_fields import CANASTA_FIELDS
from scoring.cards import parse_cards
from scoring.gin_profiles import GIN_FIELDS
from scoring.profiles import (
    BAND_RANGES,
    BANDS_MAX,
    CANASTA_FIELD_HELP,
    CANASTA_PROFILES,
    CANASTA_RANGES,
    GIN_FIELD_HELP,
    GIN_PROFILES,
    GIN_RANGES,
    CanastaProfile,
    GinProfile,
    profile_fields,
    profile_from_dict,
    profile_to_dict,
    translated,
)

WIENER = CANASTA_PROFILES["wiener"]

# RULES.md 1.4, one row per item: wiener, classic, classic-3pack, house.
TABLE = {
    "natural_canasta_bonus": (500, 500, 500, 500),
    "mixed_canasta_bonus": (300, 300, 300, 300),
    "hand_canasta_bonus": (None, None, None, 500),
    "joker_canasta_bonus": (None, None, None, 1000),
    "joker_hand_canasta_bonus": (None, None, None, 1500),
    "going_out_bonus": (100, 100, 100, 100),
    "concealed_going_out_bonus": (200, 200, 200, 100),
    "hand_canasta_going_out_bonus": (1000, None, None, None),
    "red_three_value": (100, 100, 100, 100),
    "four_red_threes": (800, 800, 800, 800),
    "five_red_threes": (None, None, 1000, None),
    "six_red_threes": (None, None, 1200, None),
    "red_threes_plus_with": ("canasta", "meld", "meld", "canasta"),
    "red_threes_otherwise": ("minus", "minus", "minus", "minus"),
    "red_three_in_hand_penalty": (500, 500, 500, 500),
    "red_three_in_hand_rule": ("went_out", "any", "any", None),
    "melds_minus_without_canasta": (False, False, False, True),
    "canastas_to_go_out": (1, 1, 2, 1),
    "packs": (2, 2, 3, 2),
    "jokers": (4, 4, 6, 4),
    "deck_points": (1180, 1180, 1770, 1180),
    "red_threes_in_deck": (4, 4, 6, 4),
    "target": (5000, 5000, 10000, 5000),
    "target_rule": ("reached", "reached", "reached", "exceeded"),
    "tie_rule": ("higher_total", "higher_total", "higher_total", "went_out"),
    "wild_limit": ("wiener", "classic", "classic", "house"),
    "concealed_canasta_bonus": (0, 0, 0, 0),
    "rheinisch": (False, False, False, False),
}


@pytest.mark.parametrize("item", TABLE)
def test_the_four_presets_carry_the_values_of_the_rules_table(item):
    presets = [CANASTA_PROFILES[slug] for slug in ("wiener", "classic", "classic-3pack", "house")]
    assert tuple(getattr(profile, item) for profile in presets) == TABLE[item]


def test_every_preset_names_itself_and_its_source():
    for slug, profile in {**CANASTA_PROFILES, **GIN_PROFILES}.items():
        assert profile.slug == slug and profile.name and profile.source


def test_the_required_presets_exist():
    assert {"wiener", "wiener-2500", "wiener-3000", "classic", "classic-3pack", "house"} <= set(
        CANASTA_PROFILES
    )
    assert set(GIN_PROFILES) == {"wiener", "american"}


@pytest.mark.parametrize(
    ("slug", "target", "bands"),
    [
        ("wiener-2500", 2500, ((0, 50), (750, 90), (1500, 120))),
        ("wiener-3000", 3000, ((0, 50), (900, 90), (1800, 120))),
    ],
)
def test_short_games_are_wiener_with_their_target_and_bands(slug, target, bands):
    short = CANASTA_PROFILES[slug]
    assert (short.target, short.minimum_meld_bands, short.below_zero_minimum) == (target, bands, 15)
    assert (
        replace(
            short,
            slug="wiener",
            name=WIENER.name,
            source=WIENER.source,
            target=5000,
            minimum_meld_bands=WIENER.minimum_meld_bands,
        )
        == WIENER
    )


def test_the_minimum_meld_bands_of_the_presets():
    assert WIENER.minimum_meld_bands == ((0, 50), (1500, 90), (3000, 120))
    assert CANASTA_PROFILES["classic-3pack"].minimum_meld_bands[-1] == (7000, 150)
    assert CANASTA_PROFILES["house"].below_zero_minimum == 50


def test_six_players_in_three_partnerships_play_three_packs_and_need_two_canastas():
    six = CANASTA_PROFILES["wiener-six"]
    assert (six.packs, six.jokers, six.canastas_to_go_out, six.target) == (3, 6, 2, 5000)
    assert (six.red_three_score(5), six.red_three_score(6)) == (1000, 1200)


def test_the_003_variant_adds_100_for_a_concealed_canasta():
    assert CANASTA_PROFILES["classic-003"].concealed_canasta_bonus == 100
    assert CANASTA_PROFILES["classic-003"].wild_limit == "003"


def test_deck_points_follow_packs_and_jokers_including_six_jokers_with_two_packs():
    assert replace(CANASTA_PROFILES["classic"], jokers=6).deck_points == 1280


@pytest.mark.parametrize(
    ("packs", "jokers", "wilds", "most"), [(2, 4, 12, 1), (3, 6, 18, 2), (2, 6, 14, 2)]
)
def test_wild_cards_in_the_deck_limit_joker_canastas(packs, jokers, wilds, most):
    profile = replace(WIENER, packs=packs, jokers=jokers, five_red_threes=1000, six_red_threes=1200)
    assert (profile.wild_cards_in_deck, profile.max_joker_canastas) == (wilds, most)


def test_red_three_scores_by_count():
    assert [WIENER.red_three_score(n) for n in range(5)] == [0, 100, 200, 300, 800]


def test_profiles_are_frozen_and_hashable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        WIENER.target = 1  # type: ignore[misc]  # the frozen profile refuses it: what the test shows
    assert len({*CANASTA_PROFILES.values(), *GIN_PROFILES.values()}) == len(CANASTA_PROFILES) + len(
        GIN_PROFILES
    )


def test_replace_gives_a_validated_edited_copy():
    short = replace(WIENER, slug="club-2000", target=2000)
    assert (short.target, WIENER.target) == (2000, 5000)
    with pytest.raises(DomainError, match="The game target must be more than 0 points."):
        replace(WIENER, target=0)


def test_a_bad_edit_reports_every_problem_with_its_field():
    with pytest.raises(DomainError) as caught:
        replace(
            WIENER,
            natural_canasta_bonus=-500,
            rheinisch="yes",
            wild_limit="strict",
            packs=4,
            slug="Mein Club",
        )
    assert sorted(p.field for p in caught.value.problems) == [
        "natural_canasta_bonus",
        "packs",
        "rheinisch",
        "slug",
        "wild_limit",
    ]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"minimum_meld_bands": ((0, 50), (3000, 120), (1500, 90))}, "ascending totals"),
        ({"minimum_meld_bands": ((100, 50), (1500, 90))}, "must start at a total of 0"),
        ({"minimum_meld_bands": ((0, 90), (1500, 50))}, "must not go down"),
        ({"below_zero_minimum": 60}, "must not go down"),
        ({"minimum_meld_bands": ()}, "pairs of whole numbers"),
        ({"minimum_meld_bands": ((0, "50"),)}, "pairs of whole numbers"),
        ({"target": -5}, "Game target must be a whole number of 0 or more, not -5."),
        ({"going_out_bonus": 2.5}, "Going out must be a whole number of 0 or more, not 2.5."),
        ({"hand_canasta_bonus": True}, "Hand canasta must be a whole number"),
        ({"canastas_to_go_out": 0}, "At least one canasta is needed to go out."),
        ({"packs": 3}, "enter the score for 5 red threes"),
        ({"red_three_in_hand_rule": "never"}, "must be one of went_out, any, none"),
        ({"name": " "}, "Name must not be empty."),
        ({"melds_minus_without_canasta": 1}, "must be yes or no"),
    ],
)
def test_a_profile_validates_itself_with_clear_messages(changes, message):
    with pytest.raises(DomainError, match=message.replace("(", r"\(").replace(".", r"\.")):
        replace(WIENER, **changes)


def test_bands_given_as_lists_become_tuples():
    edited = replace(WIENER, minimum_meld_bands=[[0, 50], [2000, 100]])
    assert edited.minimum_meld_bands == ((0, 50), (2000, 100))
    assert minimum_meld(2000, edited) == 100


def test_the_editor_lists_every_field_with_label_help_and_choices():
    listed = profile_fields(WIENER)
    assert [f.name for f in listed] == [f.name for f in dataclasses.fields(CanastaProfile)]
    assert all(f.label and f.help for f in listed)
    wild_limit = next(f for f in listed if f.name == "wild_limit")
    assert (wild_limit.value, wild_limit.kind, wild_limit.choices) == (
        "wiener",
        "choice",
        ("wiener", "classic", "003", "house"),
    )
    assert set(CANASTA_FIELD_HELP) == {f.name for f in dataclasses.fields(CanastaProfile)}
    assert set(GIN_FIELD_HELP) == {f.name for f in dataclasses.fields(GinProfile)}
    assert [f.name for f in profile_fields(GIN_PROFILES["american"])][:4] == [
        "slug",
        "name",
        "source",
        "gin_bonus",
    ]


@pytest.mark.parametrize(
    "profile", [*CANASTA_PROFILES.values(), *GIN_PROFILES.values()], ids=lambda p: p.slug
)
def test_a_profile_survives_a_round_trip_through_json(profile):
    card_game = "canasta" if isinstance(profile, CanastaProfile) else "gin"
    assert profile_from_dict(card_game, json.loads(json.dumps(profile_to_dict(profile)))) == profile


def test_profile_from_dict_reports_unknown_and_missing_parameters():
    with pytest.raises(DomainError) as caught:
        profile_from_dict("canasta", {"slug": "x", "colour": "red"})
    assert caught.value.errors == [
        "'colour' is not a parameter of this game's rule profiles.",
        "The rule profile needs a value for name.",
        "The rule profile needs a value for source.",
    ]
    with pytest.raises(DomainError):
        profile_from_dict("poker", {})
    with pytest.raises(DomainError):
        profile_from_dict("gin", ["wiener"])


def test_gin_presets_carry_the_values_of_the_rules():
    wiener, american = GIN_PROFILES["wiener"], GIN_PROFILES["american"]
    values = (
        "gin_bonus",
        "undercut_bonus",
        "box_bonus",
        "game_bonus",
        "shutout_bonus",
        "target",
        "knock_limit",
    )
    assert [getattr(wiener, v) for v in values] == [20, 10, 20, 100, 100, 100, 10]
    assert [getattr(american, v) for v in values] == [25, 25, 25, 100, 100, 100, 10]
    assert (wiener.target_four_players, wiener.target_six_players) == (125, 150)


def test_a_gin_profile_validates_itself():
    with pytest.raises(DomainError) as caught:
        replace(GIN_PROFILES["wiener"], gin_bonus=-1, target=0, knock_limit=None)
    assert [p.field for p in caught.value.problems] == ["gin_bonus", "target", "knock_limit"]


@pytest.mark.parametrize("bonus", ["gin_bonus", "undercut_bonus"])
def test_a_gin_bonus_a_hand_can_win_with_alone_is_more_than_0(bonus):
    """Gin against a defender at 0, or an undercut at equal deadwood, scores its bonus
    alone: at 0 the hand won would be a no game (RULES.md 2; DESIGN's ``score_game``)."""
    with pytest.raises(DomainError) as caught:
        replace(GIN_PROFILES["wiener"], **{bonus: 0})
    (problem,) = caught.value.problems
    assert problem.field == bonus and "more than 0 points" in str(problem)
    assert replace(GIN_PROFILES["wiener"], **{bonus: 1}).undercut_bonus >= 1


profile_junk = st.one_of(
    st.integers(-10, 10000),
    st.integers(-(10**40), 10**40),
    st.sampled_from([10**30, 10**5000, -(10**5000)]),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.lists(st.lists(st.integers(-5, 5000), max_size=3), max_size=3),
    st.sampled_from(
        ["went_out", "any", "canasta", "meld", "minus", "zero", "plus", "house", "exceeded"]
    ),
)


@settings(max_examples=200, deadline=None)
@given(
    changes=st.dictionaries(st.sampled_from(sorted(CANASTA_FIELD_HELP)), profile_junk, max_size=5)
)
def test_editing_a_profile_with_any_values_raises_only_domain_errors(changes):
    try:
        edited = replace(WIENER, **changes)
    except DomainError as error:
        assert error.errors and all(p.field in CANASTA_FIELD_HELP for p in error.problems)
    else:
        assert minimum_meld(0, edited) >= 0 and edited.deck_points > 0


def test_a_profile_problem_translates_its_template_and_the_field_label():
    with pytest.raises(DomainError) as caught:
        replace(WIENER, going_out_bonus=-100)
    german = {
        "Going out": "Ausmachen",
        "%(label)s must be a whole number of 0 or more, not %(value)s.": "%(label)s: ganze Zahl ab 0 statt %(value)s.",
    }
    assert (
        translated(caught.value.problems[0], lambda text: german.get(text, text))
        == "Ausmachen: ganze Zahl ab 0 statt -100."
    )


# --- the ranges of the numbers ---------------------------------------------------------

NUMBER_KINDS = ("points", "optional_points", "count")


def test_every_number_of_a_profile_has_a_range():
    assert set(CANASTA_RANGES) == {
        name for name, (kind, _, _) in CANASTA_FIELDS.items() if kind in NUMBER_KINDS
    }
    assert set(GIN_RANGES) == {name for name, (kind, _, _) in GIN_FIELDS.items() if kind != "text"}


@pytest.mark.parametrize(
    "profile", [*CANASTA_PROFILES.values(), *GIN_PROFILES.values()], ids=lambda p: p.slug
)
def test_every_preset_lies_within_the_ranges(profile):
    ranges = CANASTA_RANGES if isinstance(profile, CanastaProfile) else GIN_RANGES
    for name, (least, most) in ranges.items():
        value = getattr(profile, name)
        assert value is None or least <= value <= most, name


def test_the_editor_knows_each_range():
    listed = {f.name: f for f in profile_fields(WIENER)}
    assert (listed["natural_canasta_bonus"].minimum, listed["natural_canasta_bonus"].maximum) == (
        0,
        10_000,
    )
    assert (listed["target"].minimum, listed["target"].maximum) == (500, 50_000)
    assert listed["wild_limit"].minimum is None
    gin = {f.name: f for f in profile_fields(GIN_PROFILES["wiener"])}
    assert (gin["knock_limit"].minimum, gin["knock_limit"].maximum) == (0, 98)


def test_a_profile_at_either_end_of_every_range_is_valid():
    (_, top_start), (_, top_minimum) = BAND_RANGES
    top = replace(
        CANASTA_PROFILES["classic-3pack"],
        minimum_meld_bands=((0, top_minimum), (top_start, top_minimum)),
        **{n: most for n, (_, most) in CANASTA_RANGES.items()},
    )
    assert top.natural_canasta_bonus == 10_000 and top.target == 50_000
    bottom = replace(WIENER, **{n: least for n, (least, _) in CANASTA_RANGES.items()})
    assert bottom.target == 500 and bottom.jokers == 0
    gin = GIN_PROFILES["wiener"]
    assert replace(gin, **{n: most for n, (_, most) in GIN_RANGES.items()}).target == 10_000
    assert replace(gin, **{n: least for n, (least, _) in GIN_RANGES.items()}).knock_limit == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"natural_canasta_bonus": 10_001},
            "Natural canasta must be from 0 to 10000, not 10001.",
        ),
        (
            {"natural_canasta_bonus": 10**30},
            "Natural canasta must be from 0 to 10000, not 1000000000000000000000000000000.",
        ),
        (
            {"joker_canasta_bonus": 10**5000},
            "Joker canasta must be from 0 to 10000, not (a number too long to show).",
        ),
        ({"target": 499}, "Game target must be from 500 to 50000, not 499."),
        ({"target": 50_001}, "Game target must be from 500 to 50000, not 50001."),
        ({"jokers": 13}, "Jokers must be from 0 to 12, not 13."),
        ({"canastas_to_go_out": 6}, "Canastas to go out must be from 1 to 5, not 6."),
        ({"below_zero_minimum": 1001}, "Minimum meld below 0 must be from 0 to 1000, not 1001."),
        (
            {"minimum_meld_bands": tuple((i * 100, 50) for i in range(BANDS_MAX + 1))},
            "At most 10 minimum-meld bands, not 11.",
        ),
        (
            {"minimum_meld_bands": ((0, 50), (BAND_RANGES[0][1] + 1, 90))},
            "A minimum-meld band starts at a total of at most 50000.",
        ),
        (
            {"minimum_meld_bands": ((0, 50), (1500, BAND_RANGES[1][1] + 1))},
            "A first meld needs at most 1000 card points.",
        ),
    ],
)
def test_a_number_out_of_its_range_is_refused_at_its_field(changes, message):
    with pytest.raises(DomainError) as caught:
        replace(WIENER, **changes)
    assert message in caught.value.errors
    assert next(iter(changes)) in [p.field for p in caught.value.problems]


def test_a_field_with_its_own_rule_gets_one_message():
    with pytest.raises(DomainError) as caught:
        replace(WIENER, target=0, packs=5, canastas_to_go_out=0)
    assert caught.value.errors == [
        "Canasta is played with 2 or 3 packs, not 5.",
        "The game target must be more than 0 points.",
        "At least one canasta is needed to go out.",
    ]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"knock_limit": 99}, "Knock limit must be from 0 to 98, not 99."),
        ({"gin_bonus": 10**30}, "Gin bonus must be from 1 to 1000, not 1000000000000000000000"),
        ({"target_six_players": 10_001}, "Target with six players must be from 1 to 10000"),
        (
            {"box_bonus": -(10**5000)},
            "Box bonus must be a whole number of 0 or more, not (a number",
        ),
    ],
)
def test_a_gin_number_out_of_its_range_is_refused_at_its_field(changes, message):
    with pytest.raises(DomainError) as caught:
        replace(GIN_PROFILES["wiener"], **changes)
    assert caught.value.errors[0].startswith(message)
    assert [p.field for p in caught.value.problems] == list(changes)


def test_a_card_given_many_times_is_named_once():
    with pytest.raises(ValueError) as caught:
        parse_cards(["AS"] * 11 + ["XX"] * 5 + ["KD", "KD"], unique=True)
    assert str(caught.value).count("AS appears twice") == 1
    assert str(caught.value).count("'XX' is not a card") == 1
    assert str(caught.value).count("KD appears twice") == 1
