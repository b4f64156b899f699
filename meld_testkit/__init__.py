"""What the tests and the benchmarks share to drive a real Meld: servers and their
databases (``serving``), phones and the director over HTTP (``clients``), and the
Django side of an evening run in a subprocess (``evening``).

Not part of the installed Meld (the wheel leaves it out); the tests import it, so
they never import ``benchmarks``.
"""
