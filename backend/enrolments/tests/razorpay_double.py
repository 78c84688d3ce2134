"""A local stand-in for Razorpay's HTTP API: a small threaded HTTP server with its real
paths and JSON shapes (razorpay.com/docs/api: orders, payments of an order, a payment,
refunds with X-Refund-Idempotency), checked for the key's Basic auth. RAZORPAY_API_URL
points the official client at it; `capture` plays the student paying in Checkout."""

from __future__ import annotations

import base64
import hashlib
import hmac
import itertools
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

KEY_ID = "rzp_test_double"
KEY_SECRET = "double-key-secret"
WEBHOOK_SECRET = "double-webhook-secret"
CREATED_AT = 1_780_000_000


def signature(message: str | bytes, secret: str) -> str:
    data = message.encode() if isinstance(message, str) else message
    return hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()


@dataclass
class RazorpayDouble:
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    payments: dict[str, dict[str, Any]] = field(default_factory=dict)
    refunds: dict[str, dict[str, Any]] = field(default_factory=dict)  # by idempotency key
    requests: list[tuple[str, str]] = field(default_factory=list)
    # The next refund is made but its answer lost (a 502 with no JSON), as on a timeout.
    lose_next_refund_answer: bool = False
    down: bool = False
    url: str = ""
    _ids: Any = field(default_factory=lambda: itertools.count(1))

    def new_id(self, prefix: str) -> str:
        return f"{prefix}_Dbl{next(self._ids):011d}"

    def capture(
        self, order_id: str, *, amount: int | None = None, currency: str = "INR"
    ) -> dict[str, Any]:
        """The student pays the order in Checkout: a captured payment, as GET
        /v1/payments/{id} shows it."""
        order = self.orders[order_id]
        payment = {
            "id": self.new_id("pay"),
            "entity": "payment",
            "amount": order["amount"] if amount is None else amount,
            "currency": currency,
            "status": "captured",
            "order_id": order_id,
            "invoice_id": None,
            "international": False,
            "method": "upi",
            "amount_refunded": 0,
            "refund_status": None,
            "captured": True,
            "description": order["receipt"],
            "email": "kiran@example.org",
            "contact": "+919811122233",
            "fee": 2360,
            "tax": 360,
            "vpa": "kiran@okbank",
            "created_at": CREATED_AT,
        }
        self.payments[payment["id"]] = payment
        order["status"] = "paid"
        order["amount_paid"] = payment["amount"]
        order["attempts"] += 1
        return payment

    def checkout_signature(self, order_id: str, payment_id: str) -> str:
        return signature(f"{order_id}|{payment_id}", KEY_SECRET)

    def webhook(self, event: str, payment: dict[str, Any]) -> bytes:
        """The body Razorpay posts for payment.captured / order.paid."""
        payload: dict[str, Any] = {"payment": {"entity": payment}}
        if event == "order.paid":
            payload["order"] = {"entity": self.orders[payment["order_id"]]}
        return json.dumps(
            {
                "entity": "event",
                "account_id": "acc_Double",
                "event": event,
                "contains": list(payload),
                "payload": payload,
                "created_at": CREATED_AT,
            }
        ).encode()

    # --- the HTTP side -----------------------------------------------------------------

    def answer(self, method: str, path: str, body: dict[str, Any], headers: Any) -> tuple[int, Any]:
        self.requests.append((method, path))
        if self.down:
            return 503, None
        parts = path.split("?")[0].strip("/").split("/")
        if method == "POST" and parts == ["v1", "orders"]:
            order = {
                "id": self.new_id("order"),
                "entity": "order",
                "amount": body["amount"],
                "amount_paid": 0,
                "amount_due": body["amount"],
                "currency": body["currency"],
                "receipt": body.get("receipt"),
                "offer_id": None,
                "status": "created",
                "attempts": 0,
                "notes": body.get("notes") or [],
                "created_at": CREATED_AT,
            }
            self.orders[order["id"]] = order
            return 200, order
        if method == "GET" and len(parts) == 4 and parts[:2] == ["v1", "orders"]:
            if parts[2] not in self.orders or parts[3] != "payments":
                return 400, _error("The id provided does not exist")
            items = [p for p in self.payments.values() if p["order_id"] == parts[2]]
            return 200, {"entity": "collection", "count": len(items), "items": items}
        if method == "GET" and len(parts) == 3 and parts[:2] == ["v1", "payments"]:
            if parts[2] not in self.payments:
                return 400, _error("The id provided does not exist")
            return 200, self.payments[parts[2]]
        if method == "POST" and len(parts) == 4 and parts[3] == "refund":
            payment = self.payments.get(parts[2])
            key = headers.get("X-Refund-Idempotency") or ""
            if payment is None:
                return 400, _error("The id provided does not exist")
            if key in self.refunds:
                return 200, self.refunds[key]
            if (
                payment["amount_refunded"] + body.get("amount", payment["amount"])
                > payment["amount"]
            ):
                return 400, _error("The refund amount provided is greater than amount captured")
            refund = {
                "id": self.new_id("rfnd"),
                "entity": "refund",
                "amount": body.get("amount", payment["amount"]),
                "currency": "INR",
                "payment_id": payment["id"],
                "notes": [],
                "receipt": None,
                "status": "processed",
                "speed_processed": "normal",
                "created_at": CREATED_AT,
            }
            payment["amount_refunded"] += refund["amount"]
            self.refunds[key] = refund
            if self.lose_next_refund_answer:
                self.lose_next_refund_answer = False
                return 502, None
            return 200, refund
        return 404, _error("The requested URL was not found on the server.")

    def refunds_of(self, payment_id: str) -> list[dict[str, Any]]:
        return [r for r in self.refunds.values() if r["payment_id"] == payment_id]


def _error(description: str) -> dict[str, Any]:
    return {
        "error": {
            "code": "BAD_REQUEST_ERROR",
            "description": description,
            "source": "NA",
            "step": "NA",
            "reason": "NA",
            "metadata": {},
        }
    }


def serve(double: RazorpayDouble) -> ThreadingHTTPServer:
    expected = "Basic " + base64.b64encode(f"{KEY_ID}:{KEY_SECRET}".encode()).decode()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _handle(self, method: str) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if self.headers.get("Authorization") != expected:
                status, body = (
                    401,
                    {
                        "error": {
                            "code": "BAD_REQUEST_ERROR",
                            "description": "Authentication failed",
                        }
                    },
                )
            else:
                status, body = double.answer(
                    method, self.path, json.loads(raw) if raw else {}, self.headers
                )
            data = b"<html>Bad gateway</html>" if body is None else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "text/html" if body is None else "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            self._handle("GET")

        def do_POST(self) -> None:
            self._handle("POST")

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    double.url = f"http://127.0.0.1:{server.server_address[1]}"
    return server
