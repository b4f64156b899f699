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
# The key of each part the page leaves in place while it is drawn alike (its head, who sits
# here, the call's notice): the page sends them back with each request of the pad.
DRAWN = re.compile(r'name="(drawn_\w+)" value="([^"]*)"')


def drawn_keys(html: str) -> dict[str, str]:
    """The keys of the parts ``html`` draws (``hx-include=".drawn"``)."""
    return {name: unescape(value) for name, value in DRAWN.findall(html)}


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
            "shown",  # what the entry panel shows: the answers to the moment send it along
        ):
            fields[name.group(1)] = unescape(value.group(1)) if value else ""
    return fields


class Phone:
    """One phone at a table: its own cookies, htmx requests as the page sends them."""

    def __init__(
        self, base_url: str, token: str, timeout: float = 30, *, keep_alive: bool = True
    ) -> None:
        # keep_alive=False: a new connection for every request, as a phone that woke up or
        # changed networks opens one (what a server full of idle connections must still take).
        limits = httpx.Limits() if keep_alive else httpx.Limits(max_keepalive_connections=0)
        self.http = httpx.Client(
            base_url=base_url, timeout=timeout, follow_redirects=False, limits=limits
        )
        self.token = token
        self.form: dict[str, str] = {}
        self.drawn: dict[str, str] = {}
        self.page = ""  # the table's page as this phone last opened it

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
        self.drawn = drawn_keys(answer.text)
        self.page = answer.text
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
        """Send the entry form as drawn (number, idempotency key) with ``deal`` typed in; the
        answer's entry panel is the next form."""
        data = {**(form or self.form), **deal, **self.drawn}
        data.pop("csrfmiddlewaretoken", None)
        data.pop("shown", None)
        answer = self.http.post(f"/t/{self.token}/entry/", data=data, headers=self.htmx())
        self._take_panel(answer)
        return answer

    def _take_panel(self, answer: httpx.Response) -> None:
        if answer.status_code == 200:
            self.take_panel(answer.text)

    def take_panel(self, html: str) -> None:
        """The entry panel an answer drew (the page swaps it in), if it drew one, and the key
        of each part it drew."""
        self.drawn.update(drawn_keys(html))
        if 'id="shown"' in html:
            self.form = hidden_fields(html)

    def pending(self) -> list[int]:
        """The entries waiting for this phone's confirmation, as its page shows them."""
        page = self.http.get(f"/t/{self.token}/").text
        found = re.findall(rf"/t/{re.escape(self.token)}/entry/(\d+)/confirm/", page)
        return sorted({int(n) for n in found})

    def confirm(self, entry_id: int) -> httpx.Response:
        """Confirm as the page does: saying what its entry panel shows, so an answer draws
        the panel only when it is another; one that draws it is taken."""
        url = f"/t/{self.token}/entry/{entry_id}/confirm/"
        data = {"shown": self.form.get("shown", ""), **self.drawn}
        answer = self.http.post(url, data=data, headers=self.htmx())
        self._take_panel(answer)
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
