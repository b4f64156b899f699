"""Forms of the director's pages; each validates and leaves the workflow to a service.

What every form shares sits in the kernel (``tournaments.kernel.forms``): a
``ServiceError``'s ``field_errors`` go back onto the form with ``show_service_error``,
every text field is a ``BoundedCharField`` and every number a ``BoundedIntegerField``
(``tournaments.kernel.numbers``). The phones' entry forms are the card game registry's
(``card_games/entry/``), below the services; the page forms here sit above them.
"""
