"""Calls made at the same moment from threads, each on its own database connection: the
PostgreSQL tests of row locks and constraints (make test-pg) use it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import connections


@dataclass
class Outcomes:
    results: list[object] = field(default_factory=list)  # what the calls that returned gave
    errors: list[BaseException] = field(default_factory=list)  # what the others raised


def run_at_once(*calls: Callable[[], object]) -> Outcomes:
    """Start every call in its own thread, released together by a barrier; wait for all."""
    barrier = threading.Barrier(len(calls))
    outcomes = Outcomes()

    def worker(call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes.results.append(call())
        except BaseException as exc:
            outcomes.errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes
