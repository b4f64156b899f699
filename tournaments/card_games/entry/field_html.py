"""An entry form's fields as the phone's pad draws them (a label, the input, its error line),
written directly: ``{% entry_field field "stepper" %}`` and, for every error line of the pad
(the live check's, out of band, included), ``{% entry_field_errors field %}``
(``templatetags/entry_fields``).

Every answer to a phone that moves it to a new deal draws the entry form again, 20 to 30
fields; each field through its own template and an included error line cost the template
engine more than the rest of the answer. The output is what those templates drew, character
for character (``tests/web/test_table_queries.py`` keeps them and compares).
"""

from collections.abc import Callable

from django.forms import BoundField
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


def errors_html(field: BoundField, oob: bool = False) -> str:
    """The field's error line, drawn empty too: the live check swaps its words in by its id
    (``oob``: as that answer's out-of-band part)."""
    said = "".join(f"<p>{conditional_escape(str(error))}</p>" for error in field.errors)
    swap = ' hx-swap-oob="true"' if oob else ""
    return f'<div id="{escape(field.auto_id)}_error" class="errors"{swap}>{said}</div>\n'


def _flagged(kind: str, field: BoundField) -> str:
    return f'<div class="field {kind}-field{" field-error" if field.errors else ""}"'


def _label(field: BoundField) -> str:
    return (
        f'  <label for="{escape(field.id_for_label)}">{conditional_escape(field.label)}</label>\n'
    )


def _step(field: BoundField, delta: str, said: str, face: str) -> str:
    return (
        f'<button type="button" class="step" data-step-for="{escape(field.id_for_label)}" '
        f'data-delta="{delta}" aria-label="{escape(said)}">{face}</button>'
    )


def _stepper(field: BoundField) -> str:
    return (
        f"\n{_flagged('stepper', field)}>\n{_label(field)}"
        '  <div class="stepper">\n'
        f"    {_step(field, '-1', _('one less'), '−')}\n"
        f"    {field}\n"
        f"    {_step(field, '1', _('one more'), '+')}\n"
        "  </div>\n"
        f"  {errors_html(field)}\n</div>\n"
    )


def _number(field: BoundField, signed: bool) -> str:
    sign = (
        f'<button type="button" class="step sign" data-sign-for="{escape(field.id_for_label)}" '
        f'aria-label="{escape(_("plus or minus"))}">±</button>'
        if signed
        else ""
    )
    return (
        f"\n{_flagged('number', field)}>\n{_label(field)}"
        '  <div class="numpad">\n'
        f"    {sign}\n"
        f"    {field}\n"
        "  </div>\n"
        f"  {errors_html(field)}\n</div>\n"
    )


def _radio(field: BoundField) -> str:
    named = escape(field.auto_id)
    pills = "".join(
        f'<label class="pill" for="{escape(radio.id_for_label)}">{radio.tag()}'
        f"<span>{conditional_escape(radio.choice_label)}</span></label>"
        for radio in field
    )
    return (
        f'{_flagged("radio", field)} role="radiogroup" aria-labelledby="lbl-{named}" '
        f'aria-describedby="{named}_error">\n'
        f'  <span class="label" id="lbl-{named}">{conditional_escape(field.label)}</span>\n'
        f'  <div class="pills">{pills}</div>\n'
        f"  {errors_html(field)}\n</div>\n"
    )


DRAWN_AS: dict[str, Callable[[BoundField], str]] = {
    "stepper": _stepper,
    "number": lambda field: _number(field, signed=False),
    "signed": lambda field: _number(field, signed=True),
    "radio": _radio,
}


def field_html(field: BoundField, kind: str) -> SafeString:
    """``field`` drawn as a ``kind`` (a key of ``DRAWN_AS``); every value in it escaped."""
    return mark_safe(DRAWN_AS[kind](field))
