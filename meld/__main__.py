"""``python -m meld``: the ``meld`` command (``meld/cli.py``), e.g. from a checkout."""

from meld.cli import main

main()
