"""The load benchmark's traffic, for Locust: bench/load.py runs it headless against the
servers it starts (see there); it can also be run by hand against any running site:

    uv run --group bench locust -f bench/locustfile.py --host http://127.0.0.1:8001 \
        --headless -u 50 -r 50 -t 60s MixedVisitor

Each visitor is a closed loop (its next request when the last one is answered). The API
is asked at --host (gunicorn), pages at BENCH_PAGE_URL (the Node server; default: --host,
as behind nginx). With BENCH_SAMPLES set, every request (kind, start, end, status) and the
enquiries acknowledged are written there as JSON when Locust quits, so load.py computes
the percentiles, the errors and the fault's recovery from the same samples.
"""

from __future__ import annotations

import json
import os
import random
import uuid
from typing import Any

from locust import FastHttpUser, constant, events, task
from traffic import EXPECTED, MIX, PAGES, certificate_id

CERTIFICATES = int(os.environ.get("BENCH_CERTIFICATES", "1000"))
PAGE_URL = os.environ.get("BENCH_PAGE_URL", "")
LEARNER_PHONE = os.environ.get("BENCH_LEARNER_PHONE", "9000000002")
LEARNER_PASSWORD = os.environ.get("BENCH_LEARNER_PASSWORD", "load-learner-password-1")
samples: list[tuple[str, float, float, int | str]] = []
acknowledged: list[str] = []
sent: list[str] = []


@events.request.add_listener
def record(
    name: str, start_time: float, response_time: float, response: Any, exception: Any, **_: Any
) -> None:
    status = getattr(response, "status_code", 0) or 0
    outcome: int | str = status if status else type(exception).__name__
    samples.append((name, start_time, start_time + response_time / 1000, outcome))


@events.quitting.add_listener
def write_samples(**_: Any) -> None:
    path = os.environ.get("BENCH_SAMPLES")
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump({"samples": samples, "acknowledged": acknowledged, "sent": sent}, out)


class Visitor(FastHttpUser):
    abstract = True
    wait_time = constant(0)
    # gunicorn's sync workers close each connection after the answer.
    network_timeout = 15.0
    connection_timeout = 15.0

    def call(self, kind: str, method: str, path: str, body: Any = None) -> int:
        headers = {}
        if method != "GET":
            token = next((c.value for c in self.client.cookiejar if c.name == "csrftoken"), "")
            headers["X-CSRFToken"] = token
        url = PAGE_URL + path if kind == "page" and PAGE_URL else path
        with self.client.request(
            method, url, name=kind, json=body, headers=headers, catch_response=True
        ) as response:
            if response.status_code == EXPECTED[kind]:
                response.success()
            else:
                response.failure(f"HTTP {response.status_code}")
            return response.status_code


class MixedVisitor(Visitor):
    """The mixed traffic: pages, verify lookups, logins and enquiries, in traffic.MIX's
    shares."""

    def on_start(self) -> None:
        self.rng = random.Random()  # noqa: S311 (picks requests, not secrets)
        self.client.get("/api/auth/csrf", name="csrf")

    @task(MIX["page"])
    def page(self) -> None:
        self.call("page", "GET", self.rng.choice(PAGES))

    @task(MIX["verify-hit"])
    def verify_hit(self) -> None:
        number = self.rng.randrange(CERTIFICATES)
        self.call("verify-hit", "GET", f"/api/certificates/{certificate_id('LOAD', number)}")

    @task(MIX["verify-miss"])
    def verify_miss(self) -> None:
        self.call("verify-miss", "GET", f"/api/certificates/MISS-{self.rng.getrandbits(40):010X}")

    @task(MIX["login-ok"])
    def login_ok(self) -> None:
        body = {"phone": LEARNER_PHONE, "password": LEARNER_PASSWORD}
        self.call("login-ok", "POST", "/api/auth/login", body)

    @task(MIX["login-fail"])
    def login_fail(self) -> None:
        # An unknown phone each time: the per-phone lockout never kicks in.
        body = {"phone": f"97{self.rng.randrange(10**8):08d}", "password": "wrong-password-1"}
        self.call("login-fail", "POST", "/api/auth/login", body)

    @task(MIX["enquiry"])
    def enquiry(self) -> None:
        marker = f"load-{uuid.uuid4().hex}"
        sent.append(marker)
        status = self.call(
            "enquiry",
            "POST",
            "/api/enquiries",
            {
                "kind": "contact",
                "name": "Load Test",
                "email": "load@example.com",
                "subject": marker,
                "message": "A message from the load benchmark.",
            },
        )
        if 200 <= status < 300:
            acknowledged.append(marker)


class VerifyVisitor(Visitor):
    """Verify lookups of imported certificates only: the most the site serves."""

    def on_start(self) -> None:
        self.rng = random.Random()  # noqa: S311

    @task
    def verify_hit(self) -> None:
        number = self.rng.randrange(CERTIFICATES)
        self.call("verify-hit", "GET", f"/api/certificates/{certificate_id('LOAD', number)}")


class HealthPoller(Visitor):
    """One poller of /api/health every 50 ms, so the first answer after an outage is
    timed well (the fault run)."""

    fixed_count = 1
    wait_time = constant(0.05)

    @task
    def health(self) -> None:
        self.call("health", "GET", "/api/health")
