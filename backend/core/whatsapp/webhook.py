"""Meta's WhatsApp webhook: its signature, and the delivery statuses it reports.

Meta signs every POST with the app secret: X-Hub-Signature-256: sha256=<hex HMAC-SHA256
of the raw body>. A notification looks like

    {"object": "whatsapp_business_account",
     "entry": [{"id": "<WABA id>", "changes": [{"field": "messages", "value": {
        "messaging_product": "whatsapp", "metadata": {...},
        "statuses": [{"id": "wamid...", "status": "delivered", "timestamp": "1732700000",
                      "recipient_id": "919876543210",
                      "errors": [{"code": 131026, "title": "...", "message": "...",
                                  "error_data": {"details": "..."}}]}],
        "messages": [{"from": "919876543210", "id": "wamid...", "timestamp": "...",
                      "type": "text", "text": {"body": "STOP"}}]}}]}]}

Statuses are recorded here (core.whatsapp.queue); the messages students send (a STOP)
are handed back to the caller, which knows accounts.

A signed body captured on the way could be posted again at will: each event (a status
of a message, a message a student sent) is applied once (WhatsAppWebhookEvent), and an
event whose own timestamp is older than WINDOW is ignored (Meta retries a notification
for a few days at most), so the rows kept for the first rule only span the window.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from core.models import WhatsAppWebhookEvent
from core.whatsapp.queue import whatsapp_status_record

WINDOW = timedelta(days=7)
INBOUND = "inbound"


class WebhookRefused(Exception):
    """Not from Meta, or not a notification we can read."""


@dataclass(frozen=True)
class Inbound:
    """A text a student sent us on WhatsApp."""

    phone: str  # E.164
    text: str
    at: datetime


def signature_valid(*, body: bytes, header: str | None) -> bool:
    secret = settings.WHATSAPP_APP_SECRET
    if not secret or not header or not header.startswith("sha256="):
        return False
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest().encode()
    # Bytes on both sides: compare_digest refuses a str that is not ASCII (a TypeError,
    # so a 500), and a header can hold any character.
    given = header.removeprefix("sha256=").strip().lower().encode("utf-8", "backslashreplace")
    return hmac.compare_digest(expected, given)


def _first_time(*, provider_id: str, status: str, at: datetime, now: datetime) -> bool:
    """Whether to apply this event: inside the window, and not applied before."""
    if at < now - WINDOW:
        return False
    if not provider_id:
        return True
    _event, created = WhatsAppWebhookEvent.objects.get_or_create(
        provider_id=provider_id[:128], status=status[:16], defaults={"at": min(at, now)}
    )
    return created


def _moment(value: Any) -> datetime:
    try:
        return datetime.fromtimestamp(int(value), tz=UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return timezone.now()


def _error(status: dict[str, Any]) -> str:
    errors = status.get("errors")
    if not isinstance(errors, list) or not errors or not isinstance(errors[0], dict):
        return ""
    first = errors[0]
    data = first.get("error_data")
    details = data.get("details") if isinstance(data, dict) else None
    words = " ".join(str(w) for w in (first.get("title"), details) if w)
    return f"{words} (code {first.get('code')})" if first.get("code") else words


def _values(document: Any) -> list[dict[str, Any]]:
    if not isinstance(document, dict):
        raise WebhookRefused("Not a WhatsApp notification.")
    values = []
    for entry in document.get("entry") or []:
        for change in (entry.get("changes") or []) if isinstance(entry, dict) else []:
            value = change.get("value") if isinstance(change, dict) else None
            if isinstance(value, dict):
                values.append(value)
    return values


def webhook_receive(*, body: bytes, signature: str | None) -> list[Inbound]:
    """Check the signature, record every status reported, and return what students
    wrote. Raises WebhookRefused (nothing recorded) for a bad signature or body."""
    if not signature_valid(body=body, header=signature):
        raise WebhookRefused("The signature does not match.")
    try:
        document = json.loads(body)
    except (ValueError, UnicodeDecodeError) as exc:
        raise WebhookRefused("The body is not JSON.") from exc
    now = timezone.now()
    WhatsAppWebhookEvent.objects.filter(at__lt=now - WINDOW).delete()
    inbound = []
    for value in _values(document):
        for status in value.get("statuses") or []:
            if not isinstance(status, dict):
                continue
            provider_id = str(status.get("id") or "")
            state = str(status.get("status") or "")
            at = _moment(status.get("timestamp"))
            if provider_id and _first_time(provider_id=provider_id, status=state, at=at, now=now):
                whatsapp_status_record(
                    provider_id=provider_id, status=state, at=at, error=_error(status)
                )
        for message in value.get("messages") or []:
            if not isinstance(message, dict) or message.get("type") != "text":
                continue
            text = (
                (message.get("text") or {}).get("body")
                if isinstance(message.get("text"), dict)
                else None
            )
            sender = str(message.get("from") or "")
            at = _moment(message.get("timestamp"))
            if (
                isinstance(text, str)
                and sender.isdigit()
                and _first_time(
                    provider_id=str(message.get("id") or ""), status=INBOUND, at=at, now=now
                )
            ):
                inbound.append(Inbound(phone=f"+{sender}", text=text, at=at))
    return inbound
