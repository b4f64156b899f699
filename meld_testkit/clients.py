"""Phones at a table, as the table page's script drives Meld, and a director's log-in."""

import re
from html import unescape

import httpx

PASSWORD = "bench-Pass-1234"
# Side A: natural canasta, a red three, went out, 120 melded (820); side B: 60 melded, 35 in hand (25).
DEAL = {
    "s0_natural_canastas": "1",
    "s0_red_threes": "1",
    "s0_going_out": "out",
    "s0_melded_points": "120",
    "s1_going_out": "none",
    "s1_melded_points": "60",
    "s1_hand_points": "35",
}
DEAL_POINTS = (820, 25)


INPUT = re.compile(r"<input[^>]*>", re.S)


def hidden_fields(html: str) -> dict[str, str]:
    fields = {}
    for tag in INPUT.findall(html):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and name.group(1) in (
            "number",
            "idempotency_key",
            "expected_version",
            "csrfmiddlewaretoken",
            "mark",  # the pad's, which the entry form sends along (hx-include)
        ):
            fields[name.group(1)] = unescape(value.group(1)) if value else ""
    return fields


FRESH = re.compile(r'<form class="entry-form[^>]* data-fresh="(\w+)"')
NEXT = re.compile(r'<div id="entry-next"[^>]* data-number="(\d+)" data-key="(\w+)"')


def fresh_mark(html: str) -> str:
    """The mark of the fresh entry form in ``html`` ("" if it has none)."""
    found = FRESH.search(html)
    return found.group(1) if found else ""


def next_deal(html: str) -> dict[str, str]:
    """What a light answer gives the next deal's form (its number and idempotency key)."""
    found = NEXT.search(html)
    return {"number": found.group(1), "idempotency_key": found.group(2)} if found else {}


class Phone:
    """One phone at a table: its own cookies, htmx requests as the page sends them."""

    def __init__(self, base_url: str, token: str, timeout: float = 30) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=timeout, follow_redirects=False)
        self.token = token
        self.form: dict[str, str] = {}
        # The mark of the fresh entry form the page's script keeps (table.js): sent with each
        # deal, so a stored deal is answered as the phone's browser is (the light answer).
        self.fresh = ""

    def close(self) -> None:
        self.http.close()

    @property
    def csrf(self) -> str:
        return self.http.cookies.get("csrftoken") or ""

    def htmx(self) -> dict[str, str]:
        return {"HX-Request": "true", "X-CSRFToken": self.csrf, "Referer": str(self.http.base_url)}

    def open(self) -> httpx.Response:
        answer = self.http.get(f"/t/{self.token}/")
        self.form = hidden_fields(answer.text)
        self.fresh = fresh_mark(answer.text) or self.fresh
        return answer

    def sit(self, seat_id: int) -> httpx.Response:
        answer = self.http.post(
            f"/t/{self.token}/seat/",
            data={"seat": seat_id, "csrfmiddlewaretoken": self.csrf},
            headers={"Referer": str(self.http.base_url)},
        )
        self.open()
        return answer

    def submit(self, deal: dict[str, str], form: dict[str, str] | None = None) -> httpx.Response:
        """Send the entry form as drawn (number, idempotency key) with ``deal`` typed in."""
        data = {**(form or self.form), **deal}
        data.pop("csrfmiddlewaretoken", None)
        headers = {**self.htmx(), "X-Meld-Fresh": self.fresh} if self.fresh else self.htmx()
        answer = self.http.post(f"/t/{self.token}/entry/", data=data, headers=headers)
        if answer.status_code == 200 and 'name="idempotency_key"' in answer.text:
            self.form = hidden_fields(answer.text)
            self.fresh = fresh_mark(answer.text) or self.fresh
        elif answer.status_code == 200 and (following := next_deal(answer.text)):
            self.form.update(following)
        return answer

    def pending(self) -> list[int]:
        """The entries waiting for this phone's confirmation, as its page shows them."""
        page = self.http.get(f"/t/{self.token}/").text
        found = re.findall(rf"/t/{re.escape(self.token)}/entry/(\d+)/confirm/", page)
        return sorted({int(n) for n in found})

    def confirm(self, entry_id: int) -> httpx.Response:
        """Confirm as the page does: saying which deal its entry form shows (table.js), so an
        answer that keeps the form draws none; one that draws it is taken."""
        headers = self.htmx()
        if self.form.get("number") and not self.form.get("expected_version"):
            headers["X-Meld-Next"] = self.form["number"]
        url = f"/t/{self.token}/entry/{entry_id}/confirm/"
        answer = self.http.post(url, headers=headers)
        if answer.status_code == 200 and 'name="idempotency_key"' in answer.text:
            self.form = hidden_fields(answer.text)
        return answer


def log_in(base_url: str, username: str, password: str = PASSWORD) -> httpx.Client:
    client = httpx.Client(base_url=base_url, timeout=30, follow_redirects=False)
    client.get("/accounts/login/")
    answer = client.post(
        "/accounts/login/",
        data={
            "username": username,
            "password": password,
            "csrfmiddlewaretoken": client.cookies.get("csrftoken", ""),
        },
        headers={"Referer": base_url + "/accounts/login/"},
    )
    if answer.status_code != 302:
        raise RuntimeError(f"log-in failed: {answer.status_code}")
    return client
