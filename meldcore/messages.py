"""Messages the engines give to people, translatable without importing Django.

An engine reports each problem as a ``Problem``: the English template (marked
with ``gettext_noop`` so ``makemessages`` collects it into the German
catalogue), its parameters and the field it concerns. ``str(problem)`` is the
English sentence; the web layer translates with ``problem.translated(gettext)``.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a message for translation; the translation happens in the web layer."""
    return message


@dataclass(frozen=True)
class Problem:
    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    field: str | None = None

    def translated(self, gettext: Callable[[str], str]) -> str:
        return gettext(self.template) % dict(self.params)

    def __str__(self) -> str:
        return self.template % dict(self.params)


class DomainError(ValueError):
    """Bad input to an engine: carries every problem found, each readable alone."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.errors = [str(p) for p in self.problems]
        super().__init__("; ".join(self.errors))
