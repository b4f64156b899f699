"""Every whole number a request carries is read here, one way, within bounds.

Python reads more as a number than a score sheet should: ``"²".isdigit()`` is
true yet ``int("²")`` fails, ``int("٣")`` is 3, ``int("1_000")`` is 1000, and a
4000-digit number goes through ``int()`` only to overflow the database column
it is written to. Django's ``forms.IntegerField`` takes all of these. Meld takes
ASCII digits with an optional leading minus, at most ``MAX_DIGITS`` of them, and
every caller names the least and the most it accepts:

- ``parse_int(text, minimum=…, maximum=…)`` for a value a view reads itself,
  raising ``NumberError`` with a translated message;
- ``query_int(request, "round", minimum=…, maximum=…)`` for a query parameter:
  None when it is absent or empty, a 404 when it names nothing that can exist (it takes
  the request: it is the views', ``tournaments/views/doors.py``, on ``parse_int``);
- ``BoundedIntegerField(min_value=…, max_value=…)`` for every number in a form;
- ``BoundedModelChoiceField`` and ``BoundedModelMultipleChoiceField`` for a form's
  choice of rows by their ids: an id no column can hold is no choice, never a query
  (SQLite cannot even bind a number beyond 64 bits).
"""

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Database ids (BigAutoField) and the small counters (PositiveSmallIntegerField:
# round, deal and seat numbers, versions) hold at most these.
MAX_ID = 2**63 - 1
MAX_SMALL = 32767
# A number of more digits is beyond every bound in Meld (even MAX_ID) however it
# goes on, so int() never reads it.
MAX_DIGITS = 19
BEYOND = 10**MAX_DIGITS
# ``[0-9]``, not ``\d``: in Python ``\d`` also matches "٣" and "１".
_WHOLE_NUMBER = re.compile(r"(-?)([0-9]+)")


class NumberError(ValueError):
    """Text that is not a whole number within the bounds; ``message`` is for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _read(text: object) -> int | None:
    """The whole number ``text`` spells in ASCII digits (``±BEYOND`` for one too long to
    be in any range), or None for any other text."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if not isinstance(text, str):
        return None
    match = _WHOLE_NUMBER.fullmatch(text.strip(" \t\r\n"))
    if match is None:
        return None
    sign, digits = match.groups()
    digits = digits.lstrip("0") or "0"
    value = int(digits) if len(digits) <= MAX_DIGITS else BEYOND
    return -value if sign else value


def parse_int(text: object, *, minimum: int, maximum: int) -> int:
    """``text`` as a whole number from ``minimum`` to ``maximum``; ``NumberError`` otherwise."""
    value = _read(text)
    if value is None or not minimum <= value <= maximum:
        raise NumberError(
            _("Enter a whole number from %(minimum)s to %(maximum)s.")
            % {"minimum": minimum, "maximum": maximum}
        )
    return value


class BoundedIntegerField(forms.IntegerField):
    """A form's whole number: ASCII digits only, and always a least and a most value.

    Django's own messages ("Enter a whole number.", "Ensure this value is less
    than or equal to …") stay, so they come in the user's language.
    """

    def __init__(self, *, min_value: int, max_value: int, **kwargs: Any) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        number = _read(value)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


def _shown(value: object) -> str:
    """``value`` as a message names it: a long one cut short."""
    text = str(value)
    return text if len(text) <= MAX_DIGITS else text[:MAX_DIGITS] + "…"


def _row_id(value: object) -> int | None:
    """``value`` as an id a row can have, or None."""
    number = _read(value)
    return number if number is not None and 1 <= number <= MAX_ID else None


class BoundedModelChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]  # not generic at run time
    """A choice of one row by its id (Django's own field otherwise)."""

    def to_python(self, value: Any) -> Any:
        model = self.queryset.model if self.queryset is not None else None
        if value in self.empty_values or (model is not None and isinstance(value, model)):
            return super().to_python(value)
        number = _row_id(value)
        if number is None:
            raise ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": _shown(value)},
            )
        return super().to_python(number)


class BoundedModelMultipleChoiceField(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]  # not generic at run time
    """A choice of rows by their ids (Django's own field otherwise)."""

    def clean(self, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            return super().clean(value)
        ids = []
        for item in value:
            if self.queryset is not None and isinstance(item, self.queryset.model):
                ids.append(item)
            elif (number := _row_id(item)) is not None:
                ids.append(number)
            else:
                raise ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": _shown(item)},
                )
        return super().clean(ids)
