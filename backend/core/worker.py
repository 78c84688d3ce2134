"""The queue worker's heartbeat: each pass of send_queued_mail_loop (and of send_queued_sms)
records when it ran, so /api/health and the metrics can tell a stopped worker."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from core.models import WorkerHeartbeat

QUEUE_WORKER = "queue"


def worker_heartbeat_record(*, name: str = QUEUE_WORKER) -> None:
    WorkerHeartbeat.objects.update_or_create(name=name, defaults={"beat_at": timezone.now()})


def worker_heartbeat_age(*, name: str = QUEUE_WORKER) -> timedelta | None:
    """How long ago the worker last finished a pass; None when it never has."""
    beat_at = WorkerHeartbeat.objects.filter(name=name).values_list("beat_at", flat=True).first()
    return None if beat_at is None else timezone.now() - beat_at
