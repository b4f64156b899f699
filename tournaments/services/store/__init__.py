"""Database plumbing the steps share: the row locks, always taken in one order (``locks``),
on the statements written once from the models' metadata (``kernel.statements``).
"""
