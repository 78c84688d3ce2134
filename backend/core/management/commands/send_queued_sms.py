"""Send the text messages that are due (core.sms.queue): one pass, or --loop."""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import close_old_connections, connection

from core.observability import heartbeat_checkin
from core.sms.queue import sms_send_queued
from core.worker import worker_heartbeat_record


class Command(BaseCommand):
    help = (
        "Send queued text messages (SMS), retrying the ones a provider could not take. "
        "send_queued_mail_loop runs the same pass, so make run needs no second worker."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--loop", action="store_true", help="Keep passing until stopped.")
        parser.add_argument("--interval", type=float, default=5, help="Seconds between passes (5).")

    def handle(self, *args: Any, loop: bool, interval: float, **options: Any) -> None:
        if interval <= 0:
            raise CommandError("--interval must be more than 0.")
        stop = threading.Event()

        def on_signal(signum: int, frame: FrameType | None) -> None:
            stop.set()

        if loop:
            signal.signal(signal.SIGTERM, on_signal)
            signal.signal(signal.SIGINT, on_signal)
        while True:
            if not connection.in_atomic_block:
                close_old_connections()
            counts = sms_send_queued()
            # Run from cron instead of send_queued_mail_loop, this is the queue worker.
            worker_heartbeat_record()
            heartbeat_checkin("send-queued-sms")
            if not loop:
                self.stdout.write(
                    f"Sent {counts['sent']}, failed {counts['failed']}, "
                    f"to retry {counts['queued']}."
                )
                break
            if stop.wait(interval):
                break
