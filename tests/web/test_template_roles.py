"""A live region never sits on a list: ``role="status"`` or ``role="alert"`` on a ``<ul>`` or
``<ol>`` takes its list semantics away (axe: "list", "aria-allowed-role"), so each message list
is wrapped in a ``<div>`` that carries the role."""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
LIST_WITH_ROLE = re.compile(r"<(?:ul|ol)\b[^>]*\srole=", re.I)


def test_no_template_puts_a_role_on_a_list():
    found = [
        f"{path.relative_to(TEMPLATES)}:{text[: match.start()].count(chr(10)) + 1}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for text in [path.read_text(encoding="utf-8")]
        for match in LIST_WITH_ROLE.finditer(text)
    ]
    assert not found, found


def test_the_message_lists_keep_their_live_region():
    base = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    assert re.search(r'<div role="status"><ul class="messages">', base)
    now = (TEMPLATES / "tournaments/table/partials/now.html").read_text(encoding="utf-8")
    assert '<div role="status"><ul class="messages">' in now
