"""Database plumbing the steps share: the row locks, always taken in one order (``locks``),
and the score writes' statements, written once from the models' metadata (``statements``).
"""
