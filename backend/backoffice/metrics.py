"""Numbers for Prometheus (docs/deploy.md, Monitoring), served only by `manage.py
serve_metrics` on METRICS_ADDR, never on the public site.

What the gunicorn workers count (django-prometheus: requests by view and status, latency
histograms, cache hits and misses, database errors) is shared through prometheus_client's
multiprocess files in PROMETHEUS_MULTIPROC_DIR and summed here; what the database holds
(the email and SMS queues, failed messages, payments waiting for confirmation, the queue
worker's last pass) is counted at each scrape.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from wsgiref.simple_server import WSGIServer

from django.db import connections
from django.db.utils import DatabaseError
from prometheus_client import REGISTRY, CollectorRegistry, Metric, multiprocess, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from backoffice import selectors
from core.queues import email_queue_stats, sms_queue_stats
from core.worker import worker_heartbeat_age


class SiteCollector(Collector):
    def collect(self) -> Iterator[GaugeMetricFamily]:
        up = GaugeMetricFamily("site_database_up", "1 when the database answered this scrape.")
        try:
            families = list(self._from_database())
        except DatabaseError:
            up.add_metric([], 0)
            yield up
            return
        finally:
            # Each scrape runs in a thread of its own: its connection goes with it.
            connections.close_all()
        up.add_metric([], 1)
        yield up
        yield from families

    def _from_database(self) -> Iterator[GaugeMetricFamily]:
        depth = GaugeMetricFamily(
            "site_queue_depth", "Messages waiting to be sent.", labels=["queue"]
        )
        oldest = GaugeMetricFamily(
            "site_queue_oldest_age_seconds",
            "How long the oldest waiting message has waited (0 when none waits).",
            labels=["queue"],
        )
        failed = GaugeMetricFamily(
            "site_queue_failed", "Messages that failed for good (kept for staff).", labels=["queue"]
        )
        for queue, stats in (("email", email_queue_stats()), ("sms", sms_queue_stats())):
            depth.add_metric([queue], stats.waiting)
            oldest.add_metric([queue], stats.oldest_waiting_seconds)
            failed.add_metric([queue], stats.failed)
        yield from (depth, oldest, failed)
        payments = GaugeMetricFamily(
            "site_payments_awaiting_confirmation",
            "Enrolments whose learner sent a UTR that staff have not yet confirmed.",
        )
        payments.add_metric([], selectors.payments_to_confirm_count())
        yield payments
        age = worker_heartbeat_age()
        worker = GaugeMetricFamily(
            "site_worker_last_pass_age_seconds",
            "Seconds since the queue worker last finished a pass (absent: it never has).",
        )
        if age is not None:
            worker.add_metric([], age.total_seconds())
        yield worker


class ThisProcess(Collector):
    """What this process counted itself (one process serving the site, as runserver)."""

    def collect(self) -> Iterator[Metric]:
        yield from REGISTRY.collect()


def metrics_registry() -> CollectorRegistry:
    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # gunicorn's workers: each writes its counts to files there, summed here.
        multiprocess.MultiProcessCollector(registry)
    else:
        registry.register(ThisProcess())
    registry.register(SiteCollector())
    return registry


def parse_address(value: str) -> tuple[str, int]:
    host, sep, port = value.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"METRICS_ADDR must be host:port (e.g. 127.0.0.1:9100), got {value!r}")
    return host.strip("[]"), int(port)


def metrics_server_start(address: str) -> WSGIServer:
    """The listener (a thread of this process) on `address`: the metrics at /metrics."""
    host, port = parse_address(address)
    server, _thread = start_http_server(port, addr=host, registry=metrics_registry())
    return server
