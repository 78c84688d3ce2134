"""Two requests for a code for the same phone at the same instant, each on its own
database connection: the constraint "one_time_code_one_live" lets one through and the
other is told to wait, so only one code is live and only one is sent. SQLite serialises
every writer anyway, so this runs on PostgreSQL only (make test-pg)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from accounts import otp
from accounts.models import OneTimeCode
from core.errors import RateLimited
from core.tests.concurrency import run_at_once

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (concurrent writers); set DATABASE_URL to run it",
    ),
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

PHONE = "+919876500011"


def test_two_requests_checked_at_the_same_instant_send_one_code(monkeypatch) -> None:
    """Both requests pass the first check of the 60-second wait before either writes (a
    barrier holds each right after it), as two browsers can: one code is made and sent,
    the other request is told to wait."""
    checked = threading.Barrier(2)
    check = otp.otp_resend_wait

    def check_then_meet(**kwargs: object) -> int:
        wait = check(**kwargs)  # type: ignore[arg-type]
        checked.wait(timeout=10)
        return wait

    monkeypatch.setattr(otp, "otp_resend_wait", check_then_meet)

    def ask() -> object:
        return otp.otp_issue(phone=PHONE, purpose=OneTimeCode.Purpose.SIGNUP, client=None)

    outcome = run_at_once(ask, ask)

    assert len(outcome.results) == 1, outcome.errors
    assert len(outcome.errors) == 1 and isinstance(outcome.errors[0], RateLimited)
    assert OneTimeCode.objects.count() == 1
