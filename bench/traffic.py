"""What the load benchmark's requests are and must answer: shared by the Locust traffic
(locustfile.py, which imports Locust and so gevent's patching) and load.py (which must not:
its open loop keeps a timetable with real threads)."""

from __future__ import annotations

from dataclasses import dataclass

PAGES = ("/", "/courses", "/Web-Development-registration")

# The mixed traffic's shares of each kind (Locust's task weights, and the open loop's).
# Logins are few: each one is an Argon2id hash (about 0.05 s of CPU and 19 MiB).
MIX = {
    "page": 35,
    "verify-hit": 25,
    "verify-miss": 10,
    "login-ok": 3,
    "login-fail": 2,
    "enquiry": 25,
}

# What each kind of request must answer; anything else is an error of that kind.
EXPECTED = {
    "page": 200,
    "verify-hit": 200,
    "verify-miss": 404,
    "login-ok": 200,
    "login-fail": 401,
    "enquiry": 201,
    "health": 200,
}


def certificate_id(prefix: str, number: int) -> str:
    return f"{prefix}-{number:07d}"


@dataclass
class Sample:
    kind: str
    started: float  # seconds since the epoch
    ended: float
    outcome: int | str  # HTTP status, or the exception's class name

    @property
    def ok(self) -> bool:
        return self.outcome == EXPECTED[self.kind]


@dataclass
class Traffic:
    kinds: tuple[str, ...]
    connections: int
    started: float
    ended: float
    samples: list[Sample]
    acknowledged: set[str]
    sent: set[str]
