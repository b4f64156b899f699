"""A series' ranking by each rule, over three evenings X, Y, Z, computed by hand."""

from fractions import Fraction

from tournaments.series_rules import Evening, MemberEvenings, Rule, series_rows


def member(name: str, *evenings: tuple[str, int, int] | tuple[str, int, int, bool]):
    return MemberEvenings(name, name, [Evening(*evening) for evening in evenings], order=name)


def table(rows):
    return [(row.rank, row.name, row.total) for row in rows]


def test_total_points_ranks_level_totals_by_evenings_then_best_evening_and_shares_the_rest():
    rows = series_rows(
        [
            member("Anna", ("X", 2, 1000), ("Y", 1, 1000)),
            member("Bert", ("X", 1, 2000)),
            member("Cleo", ("X", 3, 500), ("Y", 3, 500), ("Z", 1, 1000)),
            member("Dora", ("Y", 2, 1000), ("Z", 2, 1000)),
        ],
        Rule.TOTAL,
    )
    assert table(rows) == [
        (1, "Cleo", 2000),
        (2, "Anna", 2000),
        (2, "Dora", 2000),
        (4, "Bert", 2000),
    ]
    assert [row.shared for row in rows] == [False, True, True, False]
    assert all(row.counted == set(row.evenings) for row in rows)
    assert [row.played for row in rows] == [3, 2, 2, 1]


def test_placing_points_give_a_shared_place_its_places_points_and_none_beyond_the_list():
    rows = series_rows(
        [
            member("Anna", ("X", 1, 900), ("Y", 3, 100, True)),
            member("Bert", ("X", 2, 800), ("Y", 1, 700)),
            member("Cleo", ("X", 3, 50), ("Y", 3, 100, True), ("Z", 1, 300)),
            member("Dora", ("Y", 2, 400), ("Z", 4, 10)),
        ],
        Rule.PLACING,
        placing_points=[10, 6, 4],
    )
    assert table(rows) == [(1, "Cleo", 18), (2, "Bert", 16), (3, "Anna", 14), (4, "Dora", 6)]
    assert rows[0].values == {"X": 4, "Y": 4, "Z": 10}
    assert rows[3].values == {"Y": 6, "Z": 0}


def test_best_two_of_three_counts_only_the_two_best_evenings():
    rows = series_rows(
        [
            member("Anna", ("X", 1, 3000), ("Y", 3, 1000), ("Z", 2, 2000)),
            member("Bert", ("X", 2, 2500), ("Y", 1, 2500)),
            member("Cleo", ("Z", 1, 4000)),
            member("Dora", ("X", 4, 1000), ("Y", 2, 1000), ("Z", 3, 1000)),
        ],
        Rule.BEST,
        best_of=2,
    )
    # Anna and Bert are level on 5000: Anna's best evening (3000) is the better one.
    assert table(rows) == [
        (1, "Anna", 5000),
        (2, "Bert", 5000),
        (3, "Cleo", 4000),
        (4, "Dora", 2000),
    ]
    assert rows[0].counted == {"X", "Z"}
    assert rows[3].counted == {"X", "Y"}  # equal evenings: the earlier ones count


def test_average_needs_the_minimum_of_evenings_and_lists_the_others_last_unranked():
    rows = series_rows(
        [
            member("Anna", ("X", 1, 3000), ("Y", 3, 1000)),
            member("Bert", ("X", 2, 1800), ("Y", 1, 2100), ("Z", 2, 2100)),
            member("Cleo", ("Z", 1, 5000)),
            member("Dora", ("X", 3, 1000), ("Z", 3, 2000)),
        ],
        Rule.AVERAGE,
        minimum_evenings=2,
    )
    assert table(rows) == [
        (1, "Bert", 2000),
        (2, "Anna", 2000),
        (3, "Dora", 1500),
        (None, "Cleo", 5000),
    ]
    assert rows[2].total == Fraction(3000, 2)
    assert [row.qualified for row in rows] == [True, True, True, False]


def test_members_without_an_evening_are_not_listed():
    rows = series_rows([member("Anna", ("X", 1, 10)), member("Bert")], Rule.TOTAL)
    assert [row.name for row in rows] == ["Anna"]
