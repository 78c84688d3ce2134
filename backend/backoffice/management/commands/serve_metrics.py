"""Serve the Prometheus metrics on METRICS_ADDR (or --addr) until stopped: the one place
they are answered, on an address of the operator's choosing (backoffice.metrics)."""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from backoffice.metrics import metrics_server_start


class Command(BaseCommand):
    help = "Serve Prometheus metrics (GET /metrics) on METRICS_ADDR, e.g. 127.0.0.1:9100."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--addr", default="", help="host:port (METRICS_ADDR).")

    def handle(self, *args: Any, addr: str, **options: Any) -> None:
        address = addr or settings.METRICS_ADDR
        if not address:
            raise CommandError("Set METRICS_ADDR (e.g. 127.0.0.1:9100) or pass --addr.")
        try:
            server = metrics_server_start(address)
        except (ValueError, OSError) as exc:
            raise CommandError(str(exc)) from exc
        stop = threading.Event()

        def on_signal(signum: int, frame: FrameType | None) -> None:
            stop.set()

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        self.stdout.write(f"Metrics on http://{address}/metrics (Ctrl-C to stop).")
        stop.wait()
        server.shutdown()
