"""What the engines (``scoring``, ``pairings``) share: pure Python, no Django, no I/O.

The engines import nothing from each other; both report bad input through
``meldcore.messages`` (``DomainError`` carrying ``Problem``s), which the web
layer translates.
"""
