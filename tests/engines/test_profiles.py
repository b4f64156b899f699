"""Rule profiles: the presets of RULES.md 1.4 and 2, self-validation, the editor's field list."""

import dataclasses
import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meldcore.messages import DomainError
from scoring.canasta import minimum_meld
from scoring.profiles import (
    CANASTA_FIELD_HELP,
    CANASTA_PROFILES,
    GIN_FIELD_HELP,
    GIN_PROFILES,
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
        WIENER.target = 1  # type: ignore[misc]
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
    game = "canasta" if isinstance(profile, CanastaProfile) else "gin"
    assert profile_from_dict(game, json.loads(json.dumps(profile_to_dict(profile)))) == profile


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


profile_junk = st.one_of(
    st.integers(-10, 10000),
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
