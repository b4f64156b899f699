"""A page as a test reads it: its forms (what a browser would post) and its marked parts.

Plain Python over the standard library's HTML parser, so the tests and the evening model's
state machine read Meld's pages the way a phone or a director's browser does: a form is
posted with the values it shows (hidden fields, checked radios and boxes, typed text),
changed only where a user would type.
"""

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
SKIPPED_TEXT = frozenset({"script", "style", "template"})


@dataclass
class Form:
    """A form on the page: where it posts and the fields a browser would send."""

    action: str
    method: str
    attrs: dict[str, str]
    fields: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)
    text: str = ""

    def data(self, **changes: str) -> dict[str, str]:
        """The values as posted, with ``changes`` typed over them (a name a form does not
        have is added, as a typed field would be)."""
        values: dict[str, str] = {}
        for name, value in self.fields:
            values[name] = value
        values.update(changes)
        return values


@dataclass
class Element:
    """A marked part of the page: an element with an id, a role, an error's class, or a
    ``data-*`` or htmx attribute."""

    tag: str
    attrs: dict[str, str]
    text: str = ""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.elements: list[Element] = []
        self.texts: list[str] = []
        self._open: list[tuple[str, Element | None]] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._textarea: str | None = None
        self._skip = 0

    def handle_starttag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        attrs = {name: value or "" for name, value in attrs_list}
        if tag in SKIPPED_TEXT:
            self._skip += 1
        if tag == "form":
            self._form = Form(attrs.get("action", ""), attrs.get("method", "get").lower(), attrs)
            self.forms.append(self._form)
        elif self._form is not None:
            self._field(tag, attrs)
        marked = (
            "id" in attrs
            or "role" in attrs
            or "error" in attrs.get("class", "")
            or any(name.startswith(("data-", "hx-")) for name in attrs)
        )
        element = Element(tag, attrs) if marked else None
        if element is not None:
            self.elements.append(element)
        if tag not in VOID:
            self._open.append((tag, element))

    def _field(self, tag: str, attrs: dict[str, str]) -> None:
        form = self._form
        assert form is not None
        name = attrs.get("name")
        if tag == "input" and name and "disabled" not in attrs:
            kind = attrs.get("type", "text").lower()
            if kind in ("radio", "checkbox"):
                if "checked" in attrs:
                    form.fields.append((name, attrs.get("value", "on")))
            elif kind in ("submit", "button", "image"):
                form.buttons.append((name, attrs.get("value", "")))
            else:
                form.fields.append((name, attrs.get("value", "")))
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select and "selected" in attrs:
            form.fields.append((self._select, attrs.get("value", "")))
        elif tag == "textarea" and name:
            self._textarea = name
            form.fields.append((name, ""))
        elif tag == "button" and name:
            form.buttons.append((name, attrs.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED_TEXT and self._skip:
            self._skip -= 1
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        while self._open:
            opened, _element = self._open.pop()
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._textarea and self._form is not None:
            name, value = self._form.fields[-1]
            self._form.fields[-1] = (name, value + data)
        text = " ".join(data.split())
        if not text:
            return
        self.texts.append(text)
        if self._form is not None:
            self._form.text += " " + text
        for _tag, element in self._open:
            if element is not None:
                element.text = f"{element.text} {text}".strip()


@dataclass
class Page:
    """What a browser shows of an HTML answer: its forms, marked parts and visible text."""

    html: str
    forms: list[Form]
    elements: list[Element]
    text: str

    def form(self, action_part: str) -> Form:
        """The first form whose action contains ``action_part``."""
        for found in self.forms:
            if action_part in found.action or action_part in found.attrs.get("hx-post", ""):
                return found
        raise LookupError(f"no form posting to …{action_part}… on the page")

    def has_form(self, action_part: str) -> bool:
        try:
            self.form(action_part)
        except LookupError:
            return False
        return True

    def by_id(self, element_id: str) -> Element | None:
        return next((e for e in self.elements if e.attrs.get("id") == element_id), None)

    def marked(self, attribute: str, value: str | None = None) -> list[Element]:
        """Every element with the ``data-…`` (or other) ``attribute`` (of ``value``)."""
        return [
            e
            for e in self.elements
            if attribute in e.attrs and (value is None or e.attrs[attribute] == value)
        ]


def read(html: str) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return Page(html, reader.forms, reader.elements, " ".join(reader.texts))
