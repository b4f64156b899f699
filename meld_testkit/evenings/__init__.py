"""The evening model's state machine: the real app driven through HTTP with Django's test
client, as the phones and the director use it, every screen held to ``meld_testkit.model``.

``club`` sets an event up and speaks to the app (posting the forms its pages show, reading
what its pages say); ``machine`` holds the rules (every action a phone or the director can
take) and the invariants checked after each step. ``make test`` runs a quick profile
(``tests/evenings``); ``python -m benchmarks evenings --steps N`` a deep one.
"""
