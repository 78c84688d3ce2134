"""Response headers Django has no setting for (the Content-Security-Policy is django-csp's)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase


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
