"""Response headers Django has no setting for (the Content-Security-Policy is django-csp's)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote_plus

from django.conf import settings
from django.http import HttpRequest, HttpResponseBadRequest, HttpResponseBase


def permissions_policy_header(policy: dict[str, list[str]]) -> str:
    """`{"camera": [], "clipboard-write": ["self"]}` -> `camera=(), clipboard-write=(self)`.

    "self" and "*" are keywords; any other allowed origin is quoted, as the header's
    structured-field syntax requires.
    """
    parts = []
    for feature, allowed in policy.items():
        items = [a if a in ("self", "*") else f'"{a}"' for a in allowed]
        parts.append(f"{feature}=({' '.join(items)})")
    return ", ".join(parts)


class PermissionsPolicyMiddleware:
    """Adds `Permissions-Policy` from settings.PERMISSIONS_POLICY to every response."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.header = permissions_policy_header(getattr(settings, "PERMISSIONS_POLICY", {}))

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if self.header and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = self.header
        return response


class RefuseNulMiddleware:
    """A NUL character in a page's path or query string answers 400 at once.

    PostgreSQL cannot compare or store text holding NUL, so such a value reaching a query
    (a certificate download's ID, the admin's search box) would fail as a 500. Form fields
    are covered by Django's own CharField validator and the API's by core.schemas.Text,
    which answers 422 with the error envelope; this catches what neither sees.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path.startswith("/api/"):
            return self.get_response(request)
        query = request.META.get("QUERY_STRING", "")
        if "\x00" in request.path or "%00" in query or "\x00" in unquote_plus(query):
            return HttpResponseBadRequest(
                "This address contains a NUL character (%00), which is not allowed.",
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)


class SessionSeenMiddleware:
    """`X-Session: 1` on every answer Django built with a visitor's session: a logged-in
    user, or a session that was read and holds anything (a login in progress, a message).

    This is what decides that an answer is one visitor's, never a second reading of the
    Cookie header elsewhere: the Node page server marks a page private when any API answer
    it used carries the header, and nginx stores nothing that carries it (and strips it
    from what reaches the browser; deploy/nginx/site.conf). A session that was never read
    did not shape the answer; an empty one (an unknown or expired cookie) holds nothing of
    anyone's.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        # Only a session that was read: asking request.user here would load it for every
        # answer. A logged-in user's session is never empty.
        if session is not None and session.accessed and not session.is_empty():
            response["X-Session"] = "1"
        return response
