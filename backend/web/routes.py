"""The route table shared with the React app (frontend/src/config/routes.json).

A path is a page of the site only if it is listed there; every other path answers 404.
Paths may hold React Router style parameters (`/verify/:certificateId`), matched here as
one non-empty path segment, or the rest of the path when the parameter comes last.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

ACCESS_VALUES = (None, "guest", "user", "staff")


@dataclass(frozen=True)
class Route:
    id: str
    path: str
    page: str
    title: str
    description: str
    sitemap: bool
    noindex: bool
    # None: anyone; "guest": only logged-out visitors; "user": logged in; "staff": staff.
    access: str | None
    pattern: re.Pattern[str]

    @property
    def has_params(self) -> bool:
        return ":" in self.path


def _compile(path: str) -> re.Pattern[str]:
    parts = []
    segments = path.split("/")
    for index, segment in enumerate(segments):
        if segment.startswith(":"):
            # A parameter at the end takes the rest of the path: certificate IDs may hold
            # "/", which arrives decoded from %2F.
            last = index == len(segments) - 1
            parts.append(f"(?P<{segment[1:]}>{'.+' if last else '[^/]+'})")
        else:
            parts.append(re.escape(segment))
    return re.compile("^" + "/".join(parts) + "$")


@lru_cache(maxsize=1)
def routes() -> tuple[Route, ...]:
    try:
        data = json.loads(settings.ROUTES_FILE.read_text(encoding="utf-8"))
        entries = data["routes"]
        table = tuple(
            Route(
                id=str(e["id"]),
                path=str(e["path"]),
                page=str(e["page"]),
                title=str(e["title"]),
                description=str(e["description"]),
                sitemap=bool(e.get("sitemap", False)),
                noindex=bool(e.get("noindex", False)),
                access=e.get("access"),
                pattern=_compile(str(e["path"])),
            )
            for e in entries
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ImproperlyConfigured(
            f"Cannot read the route table {settings.ROUTES_FILE}: {exc}"
        ) from exc
    for route in table:
        if route.access not in ACCESS_VALUES:
            raise ImproperlyConfigured(
                f"routes.json: unknown access {route.access!r} on {route.id}"
            )
    ids = [r.id for r in table]
    if len(set(ids)) != len(ids):
        raise ImproperlyConfigured("Route ids in routes.json must be unique")
    return table


def route_match(path: str) -> tuple[Route, dict[str, str]] | None:
    """The route for a request path (exact, case-sensitive) and its parameters."""
    for route in routes():
        match = route.pattern.match(path)
        if match:
            return route, match.groupdict()
    return None
