"""Send queued email, and the queued text and WhatsApp messages, every few seconds until
stopped (make run's worker; in production a systemd service, or post-office's own
`send_queued_mail` and `send_queued_sms` from cron). Each pass also runs the
QUEUE_WORKER_TASKS setting's functions (the apps' periodic writes, such as the
certificates' verification counts).

Once an hour (and on its first pass) it also runs settings.WORKER_HOURLY_JOBS, the
reminders (`manage.py send_reminders` runs them by hand or from cron): scheduling needs no
second moving part. Core imports no app, so the jobs are named by dotted path in settings,
as EMAIL_BACKEND names a backend; each job keeps itself from sending twice (two workers
may both run it)."""

from __future__ import annotations

import signal
import threading
import time
from types import FrameType
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import close_old_connections, connection
from django.utils.module_loading import import_string
from post_office.lockfile import FileLock, FileLocked, default_lockfile
from post_office.mail import send_queued

from core.observability import heartbeat_checkin
from core.sms.queue import sms_send_queued
from core.whatsapp.queue import whatsapp_send_queued
from core.worker import worker_heartbeat_record

# The Sentry cron monitor this worker checks in to, once a minute (with SENTRY_DSN set).
MONITOR_SLUG = "send-queued-mail-loop"
HOUR = 3600.0


class Command(BaseCommand):
    help = (
        "Send queued email (django-post-office), text messages (core.sms) and WhatsApp "
        "messages (core.whatsapp) every --interval seconds until stopped; run the hourly "
        "jobs (the reminders) once an hour."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--interval", type=float, default=5, help="Seconds between passes (5).")
        parser.add_argument("--once", action="store_true", help="One pass, then stop.")

    def handle(self, *args: Any, interval: float, once: bool, **options: Any) -> None:
        if interval <= 0:
            raise CommandError("--interval must be more than 0.")
        stop = threading.Event()

        def on_signal(signum: int, frame: FrameType | None) -> None:
            stop.set()

        if not once:
            signal.signal(signal.SIGTERM, on_signal)
            signal.signal(signal.SIGINT, on_signal)
            self.stdout.write(
                f"Sending queued email, SMS and WhatsApp every {interval:g}s (Ctrl-C to stop)."
            )
        hourly_due = time.monotonic()
        while True:
            # A long-running worker must not keep a dead or stale connection (unless it runs
            # inside a transaction, as under the test suite).
            if not connection.in_atomic_block:
                close_old_connections()
            try:
                # Post-office's lock file, as its send_queued_mail command holds it: two
                # workers on one machine never send the same email at once.
                with FileLock(default_lockfile):
                    send_queued()
            except FileLocked:
                pass  # another worker is sending; try again next pass
            except Exception as exc:  # keep the worker alive through a database hiccup
                self.stderr.write(f"Pass failed: {type(exc).__name__}: {exc}")
            try:
                # Rows claimed one by one (core.sms.queue), so two workers may both run it.
                sms_send_queued()
            except Exception as exc:
                self.stderr.write(f"SMS pass failed: {type(exc).__name__}: {exc}")
            try:
                whatsapp_send_queued()
            except Exception as exc:
                self.stderr.write(f"WhatsApp pass failed: {type(exc).__name__}: {exc}")
            if time.monotonic() >= hourly_due:
                hourly_due = time.monotonic() + HOUR
                self.run_hourly_jobs()
            for task in settings.QUEUE_WORKER_TASKS:
                try:
                    import_string(task)()
                except Exception as exc:
                    self.stderr.write(f"{task} failed: {type(exc).__name__}: {exc}")
            try:
                # The pass ran (whatever it met): /api/health and the metrics see the worker.
                worker_heartbeat_record()
                heartbeat_checkin(MONITOR_SLUG)
            except Exception as exc:
                self.stderr.write(f"Heartbeat failed: {type(exc).__name__}: {exc}")
            if once or stop.wait(interval):
                break

    def run_hourly_jobs(self) -> None:
        for path in settings.WORKER_HOURLY_JOBS:
            try:
                import_string(path)()
            except Exception as exc:  # one job's failure never stops the sending
                self.stderr.write(f"Hourly job {path} failed: {type(exc).__name__}: {exc}")
