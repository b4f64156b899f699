"""A page as a test reads it: its forms (what a browser would post), its marked parts, and
its tables, lists and paragraphs as a reader sees them (row by row, cell by cell; line by
line).

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


@dataclass
class Cell:
    """A cell of a table row: ``th`` (a heading) or ``td``, with its text as shown."""

    tag: str
    attrs: dict[str, str]
    text: str = ""


@dataclass
class Row:
    """A table row; ``part`` is where it stands: "thead", "tbody" or "tfoot"."""

    part: str
    attrs: dict[str, str]
    cells: list[Cell] = field(default_factory=list)


@dataclass
class Table:
    attrs: dict[str, str]
    rows: list[Row] = field(default_factory=list)

    def part(self, name: str) -> list[Row]:
        return [row for row in self.rows if row.part == name]


@dataclass
class Listing:
    """A list (``ul``, ``ol``): its items' text, line by line."""

    attrs: dict[str, str]
    items: list[str] = field(default_factory=list)


TABLE_PARTS = ("thead", "tbody", "tfoot")


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
        self.tables: list[Table] = []
        self.listings: list[Listing] = []
        # Each open table with the part it is in and its open cell; each open list with its
        # open item (a table or a list inside another goes on top).
        self._tables: list[tuple[Table, str, Cell | None]] = []
        self._listings: list[tuple[Listing, int | None]] = []
        self.paragraphs: list[Element] = []
        self._paragraph: Element | None = None

    def handle_starttag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        attrs = {name: value or "" for name, value in attrs_list}
        if tag in SKIPPED_TEXT:
            self._skip += 1
        if tag == "form":
            self._form = Form(attrs.get("action", ""), attrs.get("method", "get").lower(), attrs)
            self.forms.append(self._form)
        elif self._form is not None:
            self._field(tag, attrs)
        self._structure(tag, attrs)
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

    def _structure(self, tag: str, attrs: dict[str, str]) -> None:
        """Tables row by row, lists item by item and paragraphs, as a reader goes through
        them."""
        if tag == "p":
            self._paragraph = Element(tag, attrs)
            self.paragraphs.append(self._paragraph)
        if tag == "table":
            self.tables.append(Table(attrs))
            self._tables.append((self.tables[-1], "tbody", None))
        elif tag in ("ul", "ol"):
            self.listings.append(Listing(attrs))
            self._listings.append((self.listings[-1], None))
        elif tag == "li" and self._listings:
            listing, _item = self._listings[-1]
            listing.items.append("")
            self._listings[-1] = (listing, len(listing.items) - 1)
        elif self._tables:
            table, part, _cell = self._tables[-1]
            if tag in TABLE_PARTS:
                self._tables[-1] = (table, tag, None)
            elif tag == "tr":
                table.rows.append(Row(part, attrs))
            elif tag in ("th", "td") and table.rows:
                cell = Cell(tag, attrs)
                table.rows[-1].cells.append(cell)
                self._tables[-1] = (table, part, cell)

    def _structure_end(self, tag: str) -> None:
        if tag == "p":
            self._paragraph = None
        if tag == "table" and self._tables:
            self._tables.pop()
        elif tag in ("ul", "ol") and self._listings:
            self._listings.pop()
        elif tag == "li" and self._listings:
            self._listings[-1] = (self._listings[-1][0], None)
        elif tag in ("th", "td", "tr") and self._tables:
            table, part, _cell = self._tables[-1]
            self._tables[-1] = (table, part, None)

    def _structure_text(self, text: str) -> None:
        if self._paragraph is not None:
            self._paragraph.text = f"{self._paragraph.text} {text}".strip()
        if self._tables:
            cell = self._tables[-1][2]
            if cell is not None:
                cell.text = f"{cell.text} {text}".strip()
        if self._listings:
            listing, item = self._listings[-1]
            if item is not None:
                listing.items[item] = f"{listing.items[item]} {text}".strip()

    def handle_endtag(self, tag: str) -> None:
        self._structure_end(tag)
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
        self._structure_text(text)
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
    tables: list[Table] = field(default_factory=list)
    listings: list[Listing] = field(default_factory=list)
    paragraphs: list[Element] = field(default_factory=list)

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

    def table(self, class_name: str) -> Table | None:
        """The first table of the class ``class_name``."""
        return next(
            (t for t in self.tables if class_name in t.attrs.get("class", "").split()), None
        )

    def listing(self, class_name: str) -> Listing | None:
        """The first list of the class ``class_name``."""
        found = (
            item for item in self.listings if class_name in item.attrs.get("class", "").split()
        )
        return next(found, None)

    def paragraph(self, class_name: str) -> Element | None:
        """The first paragraph of the class ``class_name``, with its text as shown."""
        found = (p for p in self.paragraphs if class_name in p.attrs.get("class", "").split())
        return next(found, None)

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
    texts = " ".join(reader.texts)
    return Page(
        html,
        reader.forms,
        reader.elements,
        texts,
        reader.tables,
        reader.listings,
        reader.paragraphs,
    )
