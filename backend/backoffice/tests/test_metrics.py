"""Numbers someone can watch: the metrics listener (manage.py serve_metrics, on
METRICS_ADDR) reports the queues, failed messages, payments waiting for confirmation, the
worker's last pass and the cache's hits; the public site answers /metrics with 404."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.test import Client
from post_office.models import STATUS, Email
from prometheus_client.parser import text_string_to_metric_families

from backoffice.metrics import metrics_server_start
from catalog.models import Course
from core.models import OutboundSMS
from core.worker import worker_heartbeat_record
from enrolments import services as enrolments

NOW = datetime(2026, 11, 27, 6, 0, tzinfo=UTC)


def scrape(address: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"http://{address}/metrics", timeout=5) as response:
        text = response.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


@pytest.fixture
def listener() -> Iterator[str]:
    server = metrics_server_start("127.0.0.1:0")
    try:
        yield f"127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_it_reports_queues_payments_and_the_worker(listener: str) -> None:
    course = Course.objects.create(
        slug="web", name="Web", short_name="Web", route="/web-registration", summary="x",
        list_fee=999, referral_reward=150,
    )  # fmt: skip
    with time_machine.travel(NOW - timedelta(minutes=10), tick=False):
        Email.objects.create(
            to=["a@example.org"], from_email="site@example.org", subject="s", status=STATUS.queued
        )
        OutboundSMS.objects.create(to="+919876543210", text="code")
        worker_heartbeat_record()
    with time_machine.travel(NOW - timedelta(minutes=2), tick=False):
        Email.objects.create(
            to=["b@example.org"], from_email="site@example.org", subject="s", status=STATUS.queued
        )
    Email.objects.create(
        to=["c@example.org"], from_email="site@example.org", subject="s", status=STATUS.failed
    )
    Email.objects.create(
        to=["d@example.org"], from_email="site@example.org", subject="s", status=STATUS.sent
    )
    OutboundSMS.objects.create(to="+919876543211", text="x", status=OutboundSMS.Status.FAILED)
    waiting = enrolments.enrolment_create(
        course_slug=course.slug, user=None, name="Kiran", phone="98111 22233",
        email="k@example.org", referral_code="",
    )  # fmt: skip
    enrolments.enrolment_submit_utr(enrolment=waiting, utr="412345678901")

    with time_machine.travel(NOW, tick=False):
        found = scrape(listener)

    assert found[("site_database_up", ())] == 1
    # Two queued above, and the enrolment's payment details email (its SMS went at once:
    # the test SMS backend sends on commit).
    assert found[("site_queue_depth", (("queue", "email"),))] == 3
    assert found[("site_queue_depth", (("queue", "sms"),))] == 1
    assert found[("site_queue_oldest_age_seconds", (("queue", "email"),))] == 600
    assert found[("site_queue_oldest_age_seconds", (("queue", "sms"),))] == 600
    assert found[("site_queue_failed", (("queue", "email"),))] == 1
    assert found[("site_queue_failed", (("queue", "sms"),))] == 1
    assert found[("site_payments_awaiting_confirmation", ())] == 1
    assert found[("site_worker_last_pass_age_seconds", ())] == 600


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_it_counts_requests_and_cache_hits_for_the_listener(listener: str, client: Client) -> None:
    before = scrape(listener)
    client.get("/api/health")
    cache.set("metrics-test", 1)
    cache.get("metrics-test")
    cache.get("metrics-test-missing")
    after = scrape(listener)

    def grew(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return after.get(key, 0) - before.get(key, 0)

    assert grew("django_cache_get_hits_total", backend="database") == 1
    assert grew("django_cache_get_misses_total", backend="database") >= 1
    status = {
        k: v
        for k, v in after.items()
        if k[0] == "django_http_responses_total_by_status_view_method_total"
    }
    assert any(("view", "api:health") in k[1] and ("status", "200") in k[1] for k in status)
    assert any(k[0] == "django_http_requests_latency_seconds_by_view_method_bucket" for k in after)


@pytest.mark.django_db
def test_the_public_site_has_no_metrics(client: Client) -> None:
    assert client.get("/metrics").status_code == 404
    assert client.get("/api/metrics").status_code == 404


def test_serve_metrics_needs_an_address(settings: object) -> None:
    with pytest.raises(CommandError, match="METRICS_ADDR"):
        call_command("serve_metrics")
    with pytest.raises(CommandError, match="host:port"):
        call_command("serve_metrics", "--addr", "nowhere")
