"""Which enrolments (and event registrations) this browser made: their references in the
session, so the payment step can be shown to the one who made it before any account."""

from __future__ import annotations

from django.http import HttpRequest

SESSION_KEY = "enrolment_references"
SESSION_MAX = 50


def session_references(request: HttpRequest) -> list[str]:
    return list(request.session.get(SESSION_KEY, []))


def remember(request: HttpRequest, reference: str) -> None:
    """This browser may see the enrolment from now on (until the session ends)."""
    references = [r for r in session_references(request) if r != reference]
    request.session[SESSION_KEY] = [*references, reference][-SESSION_MAX:]
