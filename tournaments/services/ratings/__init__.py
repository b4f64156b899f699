"""The club's rating lists: kept up to date when evenings finish or change (``refresh``),
and read for the lists, the member pages and seeding (``lists``).

A list is a cache of the finished evenings' results (the ratings engine, ``ratings/``,
replays them); the steps that change those results call ``refresh`` after they commit.
"""
