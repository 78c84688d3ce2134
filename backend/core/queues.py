"""The outgoing queues as operators watch them (the metrics listener, backoffice.metrics):
how many messages wait, how long the oldest has waited, how many failed for good."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Min
from django.utils import timezone
from post_office.models import STATUS, Email

from core.models import OutboundSMS


@dataclass(frozen=True)
class QueueStats:
    waiting: int
    failed: int
    oldest_waiting_seconds: float


def _age(oldest: datetime | None) -> float:
    return max((timezone.now() - oldest).total_seconds(), 0.0) if oldest else 0.0


def email_queue_stats() -> QueueStats:
    """django-post-office: `queued` (including those waiting to be retried), `failed`."""
    waiting = Email.objects.filter(status=STATUS.queued)
    found = waiting.aggregate(oldest=Min("created"))
    return QueueStats(
        waiting=waiting.count(),
        failed=Email.objects.filter(status=STATUS.failed).count(),
        oldest_waiting_seconds=_age(found["oldest"]),
    )


def sms_queue_stats() -> QueueStats:
    waiting = OutboundSMS.objects.filter(status=OutboundSMS.Status.QUEUED)
    found = waiting.aggregate(oldest=Min("created_at"))
    return QueueStats(
        waiting=waiting.count(),
        failed=OutboundSMS.objects.filter(status=OutboundSMS.Status.FAILED).count(),
        oldest_waiting_seconds=_age(found["oldest"]),
    )
