"""Messages the engines give to people, translatable without importing Django.

An engine reports each problem as a ``Problem``: the English template (marked
with ``gettext_noop`` so ``makemessages`` collects it into the German
catalogue), its parameters and the field it concerns. ``str(problem)`` is the
English sentence; the web layer translates with ``problem.translated(gettext)``.

Both games' rule profiles declare each number with ``ranged(default, least, most)``
and refuse a value outside it with ``range_problem``: one wording for every range.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
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


def ranged(default: Any, minimum: int, maximum: int) -> Any:
    """A rule profile's number: its default and the range the profile's validation holds
    it to (``minimum``..``maximum`` inclusive; ``None`` as default: "not in these rules")."""
    return field(default=default, metadata={"range": (minimum, maximum)})


def field_ranges(cls: type) -> dict[str, tuple[int, int]]:
    """Each ranged field of a profile dataclass with its (minimum, maximum)."""
    return {f.name: f.metadata["range"] for f in fields(cls) if "range" in f.metadata}


def shown(value: Any) -> str:
    """A value as a message quotes it: its repr, cut short."""
    try:
        text = repr(value)
    except ValueError:  # an int with more digits than Python writes out (sys.int_info)
        return "(a number too long to show)"
    return text if len(text) <= 40 else text[:37] + "..."


def range_problem(name: str, label: str, value: int, bounds: tuple[int, int]) -> Problem | None:
    """The problem of a whole number outside its field's range, or None."""
    minimum, maximum = bounds
    if minimum <= value <= maximum:
        return None
    return Problem(
        gettext_noop("%(label)s must be from %(minimum)s to %(maximum)s, not %(value)s."),
        {"label": label, "minimum": minimum, "maximum": maximum, "value": shown(value)},
        field=name,
    )
