"""Refusals: a service's ``ServiceError``, and the engine's problems turned into one; a
lookup that finds nothing for who asks, ``NotFound``."""

from collections.abc import Callable

from django.utils.translation import gettext as _

from meldcore.messages import Problem

# The key of a message about the whole entry rather than one of its fields (Django's own).
NON_FIELD = "__all__"


class ServiceError(Exception):
    """A request a service refuses; ``message`` is already translated for the user.

    ``field_errors`` maps form field names to translated messages, so a form can
    show each problem next to the field it concerns. ``concerns`` names what a
    message about the whole entry (``__all__``) is about, by the engine's own
    field names (``going_out``, ``melded_points``), so a form can mark those fields
    on every side.
    """

    def __init__(
        self,
        message: str,
        field_errors: dict[str, list[str]] | None = None,
        concerns: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field_errors = field_errors or {}
        self.concerns = concerns


class NotFound(Exception):
    """Nothing that who asks may open has this token or id (``tournaments/access.py``); the
    message is for the log, not the user. Below the views nothing knows of HTTP: the views
    answer it as a 404 (``tournaments.middleware.NotFoundMiddleware``), as they answer their
    own ``Http404``, and the guess limiter counts it like one."""


def problems_error(problems: list[Problem], key: Callable[[Problem], str]) -> ServiceError:
    """The engine's problems as a refusal, each under the form field ``key`` names."""
    field_errors: dict[str, list[str]] = {}
    concerns: list[str] = []
    for problem in problems:
        name = key(problem)
        field_errors.setdefault(name, []).append(problem.translated(_))
        if name == NON_FIELD and problem.field and problem.field not in concerns:
            concerns.append(problem.field)
    return ServiceError(
        _("This cannot be right: see the marked fields."), field_errors, tuple(concerns)
    )
