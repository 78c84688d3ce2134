"""Pieces every app's API uses: the session-cookie auth that enforces CSRF."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja.security import APIKeyCookie
from ninja.utils import check_csrf

from core.errors import ApplicationError


class SessionCsrf(APIKeyCookie):
    """Lets every visitor through but checks CSRF on state-changing requests.

    django-ninja marks its views CSRF-exempt and only checks CSRF inside cookie-based
    auth classes. Anonymous forms (enquiries, sign-up) change state too, so the whole API
    uses this class: the CSRF check runs for POST/PUT/PATCH/DELETE whoever the caller is.
    Endpoints that need a logged-in user or staff use the subclasses below.
    """

    param_name = settings.SESSION_COOKIE_NAME

    def _get_key(self, request: HttpRequest) -> str | None:
        if check_csrf(request) is not None:
            raise ApplicationError(
                "Your session has expired or the request could not be verified. "
                "Reload the page and try again.",
                status_code=403,
                extra={"reason": "csrf"},
            )
        return request.COOKIES.get(self.param_name)

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        return request.user


class LoggedIn(SessionCsrf):
    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = request.user
        return user if user.is_authenticated else None


class StaffOnly(SessionCsrf):
    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = request.user
        return user if user.is_authenticated and user.is_staff else None


session_csrf = SessionCsrf()
logged_in = LoggedIn()
staff_only = StaffOnly()
