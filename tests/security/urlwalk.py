"""Every URL of the project, walked from the resolver, with its path parameters filled in."""

import re
from collections.abc import Iterator
from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RegexPattern, RoutePattern

PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
NAMED_GROUP = re.compile(r"\(\?P<(?P<name>\w+)>(?P<body>[^()]*)\)")


@dataclass(frozen=True)
class Route:
    name: str
    namespace: str
    route: str  # the joined route, parameters still in <converter:name> form
    parameters: tuple[str, ...]

    @property
    def full_name(self) -> str:
        return f"{self.namespace}:{self.name}" if self.namespace else self.name

    def url(self, values: dict[str, str]) -> str:
        def fill(match: re.Match) -> str:
            name, converter = match["name"], match["converter"] or "str"
            if name in values:
                return values[name]
            return {
                "int": "987654",
                "slug": "dummy-slug",
                "uuid": "00000000-0000-0000-0000-000000000000",
            }.get(converter, "dummy")

        return "/" + PARAMETER.sub(fill, self.route)


def _piece(pattern) -> str:
    if isinstance(pattern, RoutePattern):
        return str(pattern)
    if isinstance(pattern, RegexPattern):
        text = pattern.regex.pattern.lstrip("^").rstrip("$").replace("\\Z", "")

        def group(match: re.Match) -> str:
            body = match["body"]
            first = body.split("|")[0]
            word = re.fullmatch(r"[\w-]+", first)
            return f"<{match['name']}>" if not word else first

        return NAMED_GROUP.sub(group, text).replace(".*", "")
    raise TypeError(pattern)


def routes(
    resolver: URLResolver | None = None, prefix: str = "", namespace: str = ""
) -> Iterator[Route]:
    resolver = resolver or get_resolver()
    for item in resolver.url_patterns:
        piece = prefix + _piece(item.pattern)
        if isinstance(item, URLResolver):
            inner = ":".join(filter(None, [namespace, item.namespace]))
            yield from routes(item, piece, inner)
        elif isinstance(item, URLPattern):
            parameters = tuple(m["name"] for m in PARAMETER.finditer(piece))
            yield Route(item.name or "", namespace, piece, parameters)
