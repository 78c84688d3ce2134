from __future__ import annotations

import io
import os
import signal
import threading
from typing import Any

import pytest
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError

from enquiries.services import notification_enqueue

pytestmark = pytest.mark.django_db


def test_it_prints_the_counts() -> None:
    notification_enqueue(to="a@example.com", subject="Hi", body="Body", send_now=False)
    out = io.StringIO()

    call_command("send_pending_notifications", "--limit", "10", stdout=out)

    assert "Sent 1, failed 0." in out.getvalue()
    assert len(mail.outbox) == 1


def test_it_stops_looping_on_sigterm(monkeypatch: Any) -> None:
    notification_enqueue(to="a@example.com", subject="Hi", body="Body", send_now=False)
    out = io.StringIO()
    # Deliver SIGTERM to ourselves shortly after the first pass has started waiting.
    timer = threading.Timer(0.3, os.kill, args=(os.getpid(), signal.SIGTERM))
    previous = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    timer.start()
    try:
        call_command("send_pending_notifications", "--loop", "--interval", "30", stdout=out)
    finally:
        timer.cancel()
        signal.signal(signal.SIGTERM, previous[0])
        signal.signal(signal.SIGINT, previous[1])

    assert "Sent 1, failed 0." in out.getvalue()
    assert out.getvalue().rstrip().endswith("Stopped.")
    assert len(mail.outbox) == 1


def test_it_refuses_a_bad_interval() -> None:
    with pytest.raises(CommandError):
        call_command("send_pending_notifications", "--loop", "--interval", "0")
