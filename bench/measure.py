"""Measuring for the load benchmark (bench/load.py): CPU used during a run, latency
percentiles, and the open loop (requests on a fixed timetable, whatever the answers),
which Locust does not do: its visitors are closed loops."""

from __future__ import annotations

import contextlib
import http.client
import itertools
import json
import os
import random
import resource
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from traffic import EXPECTED, MIX, PAGES, certificate_id

HOST = "127.0.0.1"
LATE_SEND_LIMIT_MS = 5.0  # the open loop's own lateness (99th percentile) it tolerates

# --- CPU accounting --------------------------------------------------------------------------


def workers_cpu_seconds(master: int) -> dict[int, float] | None:
    """User + system CPU seconds used so far by each of gunicorn's workers (Linux /proc)."""
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        seconds = {}
        for child in children:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            # utime, stime in clock ticks
            seconds[int(child)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    return seconds


def machine_cpu() -> tuple[int, int] | None:
    """(busy, total) clock ticks of all CPUs so far (Linux /proc/stat), or None."""
    try:
        ticks = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = ticks[3] + ticks[4]  # idle, iowait
    return sum(ticks) - idle, sum(ticks)


def own_cpu_seconds() -> float:
    """This process's CPU and that of its children waited for (Locust, once it ended)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@dataclass
class Meter:
    """CPU used during one run: the client (this process), the gunicorn workers, the machine."""

    master: int
    wall: float = 0.0
    client: float = 0.0
    workers: float | None = None  # None when unknown, or when a worker was replaced
    replaced: int = 0  # workers gone during the run (their last CPU time is lost)
    machine_busy: float | None = None  # share of all CPUs' time, 0..1

    def __enter__(self) -> Meter:
        self._wall = time.monotonic()
        self._client = own_cpu_seconds()
        self._workers = workers_cpu_seconds(self.master)
        self._machine = machine_cpu()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.monotonic() - self._wall
        self.client = own_cpu_seconds() - self._client
        workers = workers_cpu_seconds(self.master)
        if workers is not None and self._workers is not None:
            self.replaced = len(set(self._workers) - set(workers))
            if not self.replaced:
                self.workers = sum(t - self._workers.get(pid, 0.0) for pid, t in workers.items())
        machine = machine_cpu()
        if machine is not None and self._machine is not None:
            busy, total = (
                after - before for after, before in zip(machine, self._machine, strict=True)
            )
            self.machine_busy = busy / total if total else None

    def as_dict(self, requests: int) -> dict[str, Any]:
        return {
            "client_cpu_seconds": round(self.client, 2),
            "client_cpu_share_of_one_core": round(self.client / self.wall, 3),
            "workers_cpu_seconds": None if self.workers is None else round(self.workers, 2),
            "workers_replaced": self.replaced,
            "workers_cpu_us_per_request": (
                None
                if self.workers is None or not requests
                else round(self.workers / requests * 1e6)
            ),
            "machine_cpu_busy": None if self.machine_busy is None else round(self.machine_busy, 3),
        }

    def line(self, requests: int) -> str:
        parts = [f"client CPU {self.client:.1f} s ({self.client / self.wall:.0%} of one core)"]
        if self.workers is not None and requests:
            parts.append(
                f"gunicorn workers' CPU {self.workers:.1f} s "
                f"({self.workers / requests * 1e6:,.0f} µs per request)"
            )
        if self.replaced:
            parts.append(f"{self.replaced} gunicorn worker(s) replaced during the run")
        if self.machine_busy is not None:
            parts.append(f"all {os.cpu_count()} CPUs {self.machine_busy:.0%} busy")
        return "CPU: " + "; ".join(parts) + "."


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def latency_row(name: str, ms: list[float], errors: int, elapsed: float) -> dict[str, Any]:
    return {
        "kind": name,
        "requests": len(ms),
        "requests_per_second": round(len(ms) / elapsed, 1),
        "errors": errors,
        "p50": round(percentile(ms, 50), 1),
        "p90": round(percentile(ms, 90), 1),
        "p99": round(percentile(ms, 99), 1),
        "max": round(max(ms, default=float("nan")), 1),
    }


def print_rows(rows: list[dict[str, Any]]) -> None:
    print(
        f"  {'kind':12s} {'requests':>9s} {'req/s':>7s} {'errors':>7s} {'p50 ms':>8s} "
        f"{'p90 ms':>8s} {'p99 ms':>8s} {'max ms':>8s}"
    )
    for r in rows:
        print(
            f"  {r['kind']:12s} {r['requests']:9,d} {r['requests_per_second']:7,.0f} "
            f"{r['errors']:7,d} {r['p50']:8.1f} {r['p90']:8.1f} {r['p99']:8.1f} {r['max']:8.0f}"
        )


# --- Open loop: requests on a fixed timetable, whatever the answers --------------------------


@dataclass
class Timed:
    kind: str  # what was asked (traffic.EXPECTED's kinds)
    scheduled: float  # when the timetable says it is sent
    picked: float  # when a connection took it (after `scheduled` when all were busy)
    started: float  # when it was sent
    ended: float
    outcome: int | str

    @property
    def ok(self) -> bool:
        return self.outcome == EXPECTED[self.kind]


@dataclass(frozen=True)
class Call:
    """One request of the open loop: its kind, the server's port, method, path, JSON body."""

    kind: str
    port: int
    method: str
    path: str
    body: Any = None


def verify_calls(*, port: int, certificates: int) -> Callable[[random.Random], Call]:
    """Lookups of imported certificates only."""

    def pick(rng: random.Random) -> Call:
        number = rng.randrange(certificates)
        return Call(
            "verify-hit", port, "GET", f"/api/certificates/{certificate_id('LOAD', number)}"
        )

    return pick


def mixed_calls(
    *, api_port: int, pages_port: int, certificates: int, phone: str, password: str
) -> Callable[[random.Random], Call]:
    """The mixed traffic of locustfile.py's MixedVisitor, in traffic.MIX's shares: pages
    (from the Node server), verify hits and misses, logins right and wrong, enquiries."""
    kinds, weights = zip(*MIX.items(), strict=True)

    def pick(rng: random.Random) -> Call:
        kind = rng.choices(kinds, weights)[0]
        if kind == "page":
            return Call(kind, pages_port, "GET", rng.choice(PAGES))
        if kind == "verify-hit":
            number = rng.randrange(certificates)
            return Call(
                kind, api_port, "GET", f"/api/certificates/{certificate_id('LOAD', number)}"
            )
        if kind == "verify-miss":
            return Call(kind, api_port, "GET", f"/api/certificates/MISS-{rng.getrandbits(40):010X}")
        if kind == "login-ok":
            return Call(
                kind, api_port, "POST", "/api/auth/login", {"phone": phone, "password": password}
            )
        if kind == "login-fail":
            # An unknown phone each time: the per-phone lockout never kicks in.
            wrong = {"phone": f"97{rng.randrange(10**8):08d}", "password": "wrong-password-1"}
            return Call(kind, api_port, "POST", "/api/auth/login", wrong)
        enquiry = {
            "kind": "contact",
            "name": "Load Test",
            "email": "load@example.com",
            "subject": f"load-open-{rng.getrandbits(64):016x}",
            "message": "A message from the load benchmark.",
        }
        return Call(kind, api_port, "POST", "/api/enquiries", enquiry)

    return pick


class _Connections:
    """A thread's connections, one per server, with the CSRF cookie and token Django gave
    it (asked once, on its first write): writes are checked as a browser's are."""

    def __init__(self, api_port: int) -> None:
        self.api_port = api_port
        self.open: dict[int, http.client.HTTPConnection] = {}
        self.csrf: str | None = None

    def to(self, port: int) -> http.client.HTTPConnection:
        if port not in self.open:
            self.open[port] = http.client.HTTPConnection(HOST, port, timeout=15)
        return self.open[port]

    def token(self) -> str:
        if self.csrf is None:
            connection = self.to(self.api_port)
            connection.request("GET", "/api/auth/csrf")
            response = connection.getresponse()
            self.csrf = json.loads(response.read())["csrf_token"]
        return self.csrf

    def send(self, call: Call) -> int:
        headers = {"Accept": "application/json"}
        body = None
        if call.method != "GET":
            token = self.token()
            headers |= {"Cookie": f"csrftoken={token}", "X-CSRFToken": token}
            headers["Content-Type"] = "application/json"
            body = json.dumps(call.body).encode()
        connection = self.to(call.port)
        # gunicorn's sync workers close each connection after the answer, and http.client
        # opens a new one for the next request by itself. The Node server keeps an idle
        # connection 5 s (Node's keepAliveTimeout), and one it closes just as a request is
        # sent on it answers nothing: as browsers (and urllib3) do, that request is sent
        # again once on a new connection, its wait counted in its latency.
        reused = connection.sock is not None
        try:
            return self._exchange(connection, call, body, headers)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            if not reused:
                raise
            return self._exchange(connection, call, body, headers)

    @staticmethod
    def _exchange(
        connection: http.client.HTTPConnection,
        call: Call,
        body: bytes | None,
        headers: dict[str, str],
    ) -> int:
        """One request and its answer; the connection is closed when either fails."""
        try:
            connection.request(call.method, call.path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
        except (OSError, http.client.HTTPException):
            connection.close()
            raise
        return response.status

    def close(self) -> None:
        for connection in self.open.values():
            connection.close()


def open_loop(
    *,
    api_port: int,
    rate: float,
    seconds: float,
    threads: int,
    pick: Callable[[random.Random], Call],
) -> tuple[list[Timed], float]:
    """Request i (what `pick` chooses) is due at t0 + i / rate. Each of `threads`
    connections takes the next due request, waits for its time and sends it; when all are
    busy, the next request waits for a free one, and that wait counts in its latency
    (measured from the timetable)."""
    total = int(rate * seconds)
    counter = itertools.count()
    lock = threading.Lock()
    per_thread: list[list[Timed]] = []
    t0 = time.monotonic() + 0.5

    def worker(index: int) -> None:
        rng = random.Random(10_000 + index)  # noqa: S311 (picks requests, not secrets)
        mine: list[Timed] = []
        with lock:
            per_thread.append(mine)
        connections = _Connections(api_port)
        while True:
            with lock:
                i = next(counter)
            if i >= total:
                break
            scheduled = t0 + i / rate
            picked = time.monotonic()
            if scheduled > picked:
                time.sleep(scheduled - picked)
            call = pick(rng)
            started = time.monotonic()
            try:
                outcome: int | str = connections.send(call)
            except (OSError, http.client.HTTPException, ValueError, KeyError) as exc:
                outcome = type(exc).__name__
            mine.append(Timed(call.kind, scheduled, picked, started, time.monotonic(), outcome))
        connections.close()

    # Keeping a timetable on a machine whose cores the server saturates: the client's
    # threads hand the GIL over every 0.2 ms instead of 5 ms, and (when allowed: root) run
    # at a higher priority than the server, which only lends them the CPU they use (shown
    # in its CPU line). The client's own lateness is measured and reported either way.
    switch_interval = sys.getswitchinterval()
    niceness = os.getpriority(os.PRIO_PROCESS, 0)
    sys.setswitchinterval(0.0002)
    with contextlib.suppress(PermissionError):
        os.setpriority(os.PRIO_PROCESS, 0, niceness - 10)  # new threads inherit it (Linux)
    try:
        workers = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
        for thread in workers:
            thread.start()
        for thread in workers:
            thread.join()
    finally:
        sys.setswitchinterval(switch_interval)
        os.setpriority(os.PRIO_PROCESS, 0, niceness)
    return [t for chunk in per_thread for t in chunk], t0


def open_report(
    timed: list[Timed], t0: float, *, rate: float, threads: int, meter: Meter
) -> dict[str, Any]:
    """The figures of an open-loop run: latency from the timetable, for all requests and
    for each kind, the client's own lateness, errors, CPU."""
    latency = [(t.ended - t.scheduled) * 1000 for t in timed]
    # The client's own lateness: from when it could send (due, and a connection free) to
    # when it did. Waiting for a free connection is the server's doing and is in `latency`.
    late = [(t.started - max(t.scheduled, t.picked)) * 1000 for t in timed]
    queued = sum(t.picked > t.scheduled + 0.001 for t in timed)
    errors = Counter(str(t.outcome) for t in timed if not t.ok)
    span = max(t.ended for t in timed) - t0 if timed else float("nan")
    achieved = len(timed) / span if timed else 0.0
    late_p99 = percentile(late, 99)
    kept = late_p99 <= LATE_SEND_LIMIT_MS
    kinds = sorted({t.kind for t in timed})
    by_kind = {
        kind: latency_row(
            kind,
            [(t.ended - t.scheduled) * 1000 for t in timed if t.kind == kind],
            sum(not t.ok for t in timed if t.kind == kind),
            span,
        )
        for kind in kinds
    }
    row = latency_row("all", latency, sum(errors.values()), span)
    rows = [*by_kind.values(), row] if len(kinds) > 1 else [row]
    print(
        f"\nOffered {rate:,.0f} requests/s for {len(timed) / rate:.0f} s on {threads} "
        f"connections, open loop: {len(timed):,} requests, achieved {achieved:,.0f}/s "
        "(answers ÷ time from the first due send to the last answer).\n"
    )
    print(
        f"The client's own lateness sending (due and a connection free → sent): p50 "
        f"{percentile(late, 50):.1f} ms, p99 {late_p99:.1f} ms, max {max(late, default=0):.0f} ms; "
        f"{queued:,} requests waited for a free connection (all {threads} busy)."
    )
    if kept:
        print("Latency from each request's scheduled time (coordinated omission corrected):")
        print_rows(rows)
    else:
        print(
            f"THE CLIENT COULD NOT KEEP THE TIMETABLE (it sent {late_p99:.1f} ms late at the "
            f"99th percentile; the limit is {LATE_SEND_LIMIT_MS:.0f} ms): its latency figures "
            "would measure the client, not the server, and are not reported. Try a lower "
            "--rate or a quieter machine."
        )
    print("\nErrors by status or exception:" if errors else "\nNo errors.")
    for name, count in errors.most_common():
        print(f"  {name:40s} {count:7,d}")
    print(meter.line(len(timed)))
    return {
        "offered_per_second": rate,
        "connections": threads,
        "requests": len(timed),
        "achieved_per_second": round(achieved, 1),
        "schedule_kept": kept,
        "client_late_ms": {
            "p50": round(percentile(late, 50), 2),
            "p99": round(late_p99, 2),
            "max": round(max(late, default=0.0), 1),
        },
        "waited_for_connection": queued,
        "latency_ms": ({k: row[k] for k in ("p50", "p90", "p99", "max")} if kept else None),
        "kinds": (
            {
                kind: {k: r[k] for k in ("requests", "errors", "p50", "p90", "p99", "max")}
                for kind, r in by_kind.items()
            }
            if kept
            else None
        ),
        "errors": dict(errors),
        "cpu": meter.as_dict(len(timed)),
    }
