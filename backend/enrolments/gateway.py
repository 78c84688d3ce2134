"""Razorpay's HTTP API, through its official Python client (`razorpay`), and its two
signatures (docs/product.md section 22).

The client is pointed at RAZORPAY_API_URL with its public `base_url` option
(razorpay.Client(..., base_url=...)), so a sandbox, a proxy or the tests' double can stand
in for https://api.razorpay.com. Every call has a timeout (RAZORPAY_TIMEOUT: the client has
none of its own) and every failure, whatever the client or `requests` raised, becomes one
of two errors here: GatewayUnavailable (no answer, a 5xx, an answer that is not JSON: try
again later) or GatewayRefused (Razorpay said no: a 4xx with its description).

Reads only what the code needs from Razorpay's JSON: an order `{"id", "amount",
"currency", "receipt", "status"}`, a payment `{"id", "order_id", "amount", "currency",
"status", "method", "fee"}`, a list `{"items": [...]}` and a refund `{"id", "status"}`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import razorpay
import requests
from django.conf import settings
from razorpay.errors import BadRequestError, SignatureVerificationError


class GatewayError(Exception):
    """A call to Razorpay that did not do what was asked; the message says why."""


class GatewayUnavailable(GatewayError):
    """No usable answer from Razorpay: nothing is known to have happened."""


class GatewayRefused(GatewayError):
    """Razorpay answered and refused (a bad request)."""


@dataclass(frozen=True)
class Payment:
    """A payment as Razorpay reports it (GET /v1/payments/{id}, an order's payments, a
    webhook's payload.payment.entity)."""

    payment_id: str
    order_id: str
    amount_paise: int
    currency: str
    status: str
    method: str
    fee_paise: int | None

    @property
    def captured(self) -> bool:
        return self.status == "captured"


def _client() -> razorpay.Client:
    return razorpay.Client(
        auth=(settings.RAZORPAY_KEY_ID, settings.RAZORPAY_KEY_SECRET),
        base_url=settings.RAZORPAY_API_URL,
    )


def _call(method: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    try:
        answer = method(*args, timeout=settings.RAZORPAY_TIMEOUT, **kwargs)
    except BadRequestError as exc:
        raise GatewayRefused(str(exc) or "Razorpay refused the request.") from exc
    except (
        requests.RequestException,
        razorpay.errors.ServerError,
        razorpay.errors.GatewayError,
    ) as exc:
        raise GatewayUnavailable(f"Razorpay could not be reached ({type(exc).__name__}).") from exc
    except ValueError as exc:  # an answer that is not JSON (a proxy's error page)
        raise GatewayUnavailable("Razorpay's answer was not JSON.") from exc
    if not isinstance(answer, dict):
        raise GatewayUnavailable("Razorpay's answer was not a JSON object.")
    return answer


def _text(document: dict[str, Any], key: str, *, longest: int = 40) -> str:
    value = document.get(key)
    return value[:longest] if isinstance(value, str) else ""


def _paise(value: Any) -> int | None:
    # JSON numbers only (a bool is an int in Python: refused too).
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return None
    return value


def payment_from(document: Any) -> Payment | None:
    """A payment entity read from Razorpay's JSON, or None when it is not one."""
    if not isinstance(document, dict):
        return None
    amount = _paise(document.get("amount"))
    payment_id = _text(document, "id")
    if amount is None or not payment_id:
        return None
    return Payment(
        payment_id=payment_id,
        order_id=_text(document, "order_id"),
        amount_paise=amount,
        currency=_text(document, "currency", longest=8),
        status=_text(document, "status", longest=20),
        method=_text(document, "method", longest=20),
        fee_paise=_paise(document.get("fee")),
    )


def order_create(*, amount_paise: int, receipt: str, notes: dict[str, str]) -> str:
    """POST /v1/orders: amount in paise, INR, our reference as `receipt`. The order's id."""
    answer = _call(
        _client().order.create,
        {"amount": amount_paise, "currency": "INR", "receipt": receipt, "notes": notes},
    )
    order_id = _text(answer, "id")
    if not order_id or _paise(answer.get("amount")) != amount_paise:
        raise GatewayUnavailable("Razorpay's answer is not the order asked for.")
    return order_id


def order_payments(*, order_id: str) -> list[Payment]:
    """GET /v1/orders/{id}/payments: every payment attempted on the order."""
    answer = _call(_client().order.payments, order_id)
    items = answer.get("items")
    if not isinstance(items, list):
        raise GatewayUnavailable("Razorpay's answer has no list of payments.")
    return [payment for item in items if (payment := payment_from(item)) is not None]


def payment_fetch(*, payment_id: str) -> Payment:
    """GET /v1/payments/{id}."""
    payment = payment_from(_call(_client().payment.fetch, payment_id))
    if payment is None:
        raise GatewayUnavailable("Razorpay's answer is not a payment.")
    return payment


def payment_refund(*, payment_id: str, amount_paise: int, idempotency_key: str) -> str:
    """POST /v1/payments/{id}/refund for `amount_paise`, with X-Refund-Idempotency: the
    same key and the same body on a retry return the first refund instead of a second.
    The refund's id."""
    answer = _call(
        _client().payment.refund,
        payment_id,
        {"amount": amount_paise},
        headers={"X-Refund-Idempotency": idempotency_key},
    )
    refund_id = _text(answer, "id")
    if not refund_id:
        raise GatewayUnavailable("Razorpay's answer is not a refund.")
    return refund_id


def _signature_valid(message: str, signature: str | None, secret: str) -> bool:
    if not secret or not signature:
        return False
    try:
        # The client's own check (HMAC-SHA256 hex, compared in constant time).
        return bool(
            razorpay.Client(auth=("", "")).utility.verify_signature(message, signature, secret)
        )
    except SignatureVerificationError:
        return False
    except TypeError:  # compare_digest refuses a str that is not ASCII: not a signature
        return False


def payment_signature_valid(*, order_id: str, payment_id: str, signature: str) -> bool:
    """Checkout's return: HMAC-SHA256 of "<our order id>|<payment id>", keyed by the key
    secret, as Razorpay documents it."""
    return _signature_valid(f"{order_id}|{payment_id}", signature, settings.RAZORPAY_KEY_SECRET)


def webhook_signature_valid(*, body: bytes, signature: str | None) -> bool:
    """X-Razorpay-Signature: HMAC-SHA256 hex of the raw body, keyed by the webhook secret."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return _signature_valid(text, signature, settings.RAZORPAY_WEBHOOK_SECRET)
