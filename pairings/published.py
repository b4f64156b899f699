"""The schedules printed on the club's tallies (RULES.md 3.1, source 000 §27).

Kept as the printed text so that a reader can compare them line by line.
"""

PUBLISHED: dict[int, str] = {
    4: """
        R1 1-2 vs 3-4
        R2 1-3 vs 2-4
        R3 1-4 vs 2-3
    """,
    5: """
        R1 1-2 vs 3-4 (5 out)
        R2 1-5 vs 2-3 (4 out)
        R3 1-4 vs 2-5 (3 out)
        R4 1-3 vs 4-5 (2 out)
        R5 2-4 vs 3-5 (1 out)
    """,
    8: """
        R1 1-6 vs 2-5 | 3-8 vs 4-7
        R2 2-3 vs 5-8 | 1-4 vs 6-7
        R3 1-8 vs 3-6 | 2-7 vs 4-5
        R4 1-2 vs 3-4 | 5-6 vs 7-8
        R5 1-7 vs 2-8 | 3-5 vs 4-6
        R6 2-6 vs 3-7 | 1-5 vs 4-8
        R7 2-4 vs 6-8 | 1-3 vs 5-7
    """,
    12: """
        R1 1-2 vs 3-4 | 5-6 vs 7-8 | 9-10 vs 11-12
        R2 3-6 vs 7-10 | 1-4 vs 9-12 | 2-11 vs 5-8
        R3 4-11 vs 7-12 | 2-9 vs 3-8 | 1-6 vs 5-10
        R4 3-10 vs 5-12 | 1-8 vs 2-7 | 4-9 vs 6-11
        R5 1-10 vs 8-11 | 3-12 vs 6-9 | 2-5 vs 4-7
        R6 1-12 vs 6-7 | 4-5 vs 10-11 | 2-3 vs 8-9
        R7 2-6 vs 3-11 | 7-9 vs 8-10 | 1-5 vs 4-12
        R8 2-12 vs 5-9 | 3-7 vs 4-8 | 1-11 vs 6-10
        R9 1-7 vs 4-10 | 3-9 vs 5-11 | 2-8 vs 6-12
        R10 6-8 vs 9-11 | 2-4 vs 10-12 | 1-3 vs 5-7
        R11 1-9 vs 7-11 | 2-10 vs 3-5 | 4-6 vs 8-12
    """,
}

# Mixed pairs (ladies even, gentlemen odd): only these first rounds pair odd with even.
MIXED_ROUNDS: dict[int, int] = {8: 4, 12: 6}

# The published 12-player plan repeats opponents (1 to 4 meetings); the rest are whist tournaments.
PUBLISHED_BALANCED: frozenset[int] = frozenset({4, 5, 8})
