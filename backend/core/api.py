"""Pieces every app's API uses: the session-cookie auth that enforces CSRF, and JSON
answers rendered ahead of time."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja.renderers import JSONRenderer
from ninja.security import APIKeyCookie
from pydantic import TypeAdapter

# What django-ninja's cookie auth raises (HttpError 403) when Django's CSRF check refuses
# a request; config/api.py's handler turns it into the error envelope. Pinned by
# core/tests/test_session_csrf.py, so a django-ninja upgrade that rewords it fails there.
NINJA_CSRF_FAILED = "CSRF check Failed"


class SessionCsrf(APIKeyCookie):
    """Lets every visitor through but checks CSRF on state-changing requests.

    django-ninja marks its views CSRF-exempt and checks CSRF inside cookie-based auth
    classes (`APIKeyCookie(csrf=True)`, its documented default). Anonymous forms
    (enquiries, sign-up) change state too, so the whole API uses this class: Django's
    CSRF check runs for every request whoever the caller is (it accepts safe methods
    without looking). Endpoints that need a logged-in user or staff use the subclasses.
    """

    param_name = settings.SESSION_COOKIE_NAME

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        # Anyone may pass, so the visitor is not looked up here: ninja tests the answer's
        # truth, and testing the lazy request.user would load the session (and, for a
        # signed-in visitor, the session and user rows) on every public request, even
        # those that never read it. Endpoints that use the visitor read request.user.
        return True


class LoggedIn(SessionCsrf):
    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = request.user
        return user if user.is_authenticated else None


class StaffOnly(SessionCsrf):
    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = request.user
        return user if user.is_authenticated and user.is_staff else None


class StaffWithPermissions(SessionCsrf):
    """A staff member who also holds every one of these model permissions (as the admin
    would require for the same change); anyone else is refused (401 or 403)."""

    def __init__(self, *permissions: str) -> None:
        super().__init__()
        self.permissions = permissions

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = request.user
        if user.is_authenticated and user.is_staff and user.has_perms(self.permissions):
            return user
        return None


session_csrf = SessionCsrf()
logged_in = LoggedIn()
staff_only = StaffOnly()


_renderer = JSONRenderer()


def schema_json(response_type: Any, data: Any) -> bytes:
    """`data` validated as `response_type` and rendered byte for byte as ninja answers it
    (the NinjaAPI uses the default JSONRenderer), for answers that are cached rendered."""
    adapter: TypeAdapter[Any] = TypeAdapter(response_type)
    dumped = adapter.dump_python(adapter.validate_python(data))
    return str(_renderer.render(None, dumped, response_status=200)).encode()  # type: ignore[arg-type]
