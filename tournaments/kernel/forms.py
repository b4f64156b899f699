"""What every form shares, the director's page forms and the phones' entry forms alike.

A ``ServiceError``'s ``field_errors`` go back onto the form with ``show_service_error``,
so every message appears next to the field it concerns. Every text field is a
``BoundedCharField`` (bounded, and plain: ``kernel.text``) and every number a
``kernel.numbers.BoundedIntegerField`` (a choice of rows by id: ``BoundedModelChoiceField``).
"""

from typing import Any

from django import forms

from tournaments.kernel.errors import ServiceError
from tournaments.kernel.text import plain_text
from tournaments.kernel.whole_entry import mark_concerned


def show_service_error(form: forms.Form, error: ServiceError) -> None:
    """Put a service's refusal onto ``form``: next to its fields, else at the top."""
    placed = False
    for name, messages in error.field_errors.items():
        target = name if name in form.fields else None
        for message in messages:
            form.add_error(target, message)
        placed = True
    if not placed:
        form.add_error(None, error.message)
    mark_concerned(form, error.concerns)


class BoundedCharField(forms.CharField):
    """Text with a most length (always given), without control characters. A longer text
    is refused and not drawn again in the form that says so: an answer never echoes
    megabytes back. Control characters are dropped (``tournaments.kernel.text.plain_text``):
    nobody types them, and a NUL would reach the database."""

    def __init__(self, *, max_length: int, **kwargs: Any) -> None:
        super().__init__(max_length=max_length, **kwargs)

    def to_python(self, value: Any) -> Any:
        value = super().to_python(value)
        if not isinstance(value, str) or value.isprintable():
            return value
        value = plain_text(value)
        return value.strip() if self.strip else value

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, str) and self.max_length is not None and len(value) > self.max_length:
            return ""
        return value


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's choice field ``name``, whose choices the form sets as it is made."""
    field = form.fields[name]
    if not isinstance(field, forms.ChoiceField):
        raise TypeError(f"{name!r} is not a choice field: {field!r}")
    return field


def model_choice_field(form: forms.BaseForm, name: str) -> "forms.ModelChoiceField[Any]":
    """The form's field ``name`` that chooses rows, whose queryset the form sets as it is made."""
    field = form.fields[name]
    if not isinstance(field, forms.ModelChoiceField):
        raise TypeError(f"{name!r} is not a choice of rows: {field!r}")
    return field
