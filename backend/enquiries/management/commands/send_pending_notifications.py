"""Send the outbox's due emails: once (for cron) or in a loop (for a process manager)."""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import close_old_connections, connection

from enquiries.services import notification_send_pending


class Command(BaseCommand):
    help = "Send pending notification emails that are due (failed sends are retried with back-off)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--limit", type=int, default=100, help="At most this many emails per pass (100)."
        )
        parser.add_argument(
            "--loop", action="store_true", help="Keep running, one pass every --interval seconds."
        )
        parser.add_argument(
            "--interval", type=int, default=60, help="Seconds between passes with --loop (60)."
        )

    def handle(self, *args: Any, limit: int, loop: bool, interval: int, **options: Any) -> None:
        if limit < 1 or interval < 1:
            raise CommandError("--limit and --interval must be at least 1.")
        if not loop:
            self._pass(limit)
            return

        stop = threading.Event()

        def on_signal(signum: int, frame: FrameType | None) -> None:
            self.stdout.write(f"Received signal {signum}; stopping after this pass.")
            stop.set()

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        self.stdout.write(f"Sending pending notifications every {interval}s (Ctrl-C to stop).")
        while not stop.is_set():
            # A long-running process must not keep a dead or stale database connection
            # (unless it runs inside a transaction, as under the test suite).
            if not connection.in_atomic_block:
                close_old_connections()
            try:
                self._pass(limit)
            except Exception as exc:  # keep the worker alive through a database hiccup
                self.stderr.write(f"Pass failed: {type(exc).__name__}: {exc}")
            stop.wait(interval)
        self.stdout.write("Stopped.")

    def _pass(self, limit: int) -> None:
        sent, failed = notification_send_pending(limit=limit)
        self.stdout.write(f"Sent {sent}, failed {failed}.")
