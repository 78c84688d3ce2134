"""Load and fault benchmark (a script, not a test): `uv run python bench/load.py [--fault]`.

Serves a fresh PostgreSQL database of its own (unique name, dropped afterwards) with
gunicorn (several sync workers, Redis as the cache, as in production) and drives mixed
traffic from many concurrent connections for a fixed time:

  page          GET /, /courses or a course page (the server-rendered head of the app)
  verify-hit    GET /api/certificates/<an imported ID>            expects 200
  verify-miss   GET /api/certificates/<an unknown ID>             expects 404
  login-ok      POST /api/auth/login, right password              expects 200
  login-fail    POST /api/auth/login, an unknown phone each time  expects 401
  enquiry       POST /api/enquiries with a unique marker          expects 201

Every rate limit is lifted (with limits the run cannot reach, so their cost is still
measured). It prints per-kind counts, errors by status or exception, and latency
percentiles, then checks that every enquiry acknowledged with a 2xx is in the database.

With --fault, PostgreSQL is restarted in the middle of the run (needs root; refused while
a pytest process is running, as the test suites share the server) and the recovery time
is measured: from PostgreSQL accepting connections again to the first successful
/api/health and the first success of every kind of request. The target is 5 seconds.
PostgreSQL is started again on the way out whatever happens (error, Ctrl-C, SIGTERM).

Environment: BENCH_DATABASE_URL (a database on the server to use, for creating and
dropping the benchmark's own; default postgres://postgres@127.0.0.1:5432/test),
BENCH_REDIS_URL (default redis://127.0.0.1:6379/0). The frontend must be built
(`make build`; `make bench-load` does it).

Exit status 1 when an acknowledged enquiry is missing, when a steady run had errors, or
when the fault run did not recover within 5 seconds or kept failing afterwards.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from types import FrameType
from typing import Any

import psycopg
import redis

REPO = Path(__file__).resolve().parent.parent
BACKEND = REPO / "backend"
sys.path.insert(0, str(REPO / "tests" / "support"))
import throwaway_server  # noqa: E402  (the one way to start a throw-away gunicorn)

HOST = "127.0.0.1"
ADMIN_DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
RECOVERY_TARGET_SECONDS = 5.0
PAGES = ("/", "/courses", "/Web-Development-registration")
LEARNER_PHONE = "9000000002"
LEARNER_PASSWORD = "load-learner-password-1"
# Share of each kind of request in the mix.
# Logins are few (each one is an Argon2 hash: about 0.2 s of CPU and 100 MB).
MIX = {
    "page": 35,
    "verify-hit": 25,
    "verify-miss": 10,
    "login-ok": 3,
    "login-fail": 2,
    "enquiry": 25,
}
EXPECTED = {
    "page": 200,
    "verify-hit": 200,
    "verify-miss": 404,
    "login-ok": 200,
    "login-fail": 401,
    "enquiry": 201,
    "health": 200,
}


class Interrupted(Exception):
    pass


# --- One visitor: a cookie jar and a new connection per request (gunicorn sync workers) ---


@dataclass
class Visitor:
    port: int
    timeout: float = 15.0
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, body: Any = None) -> int:
        headers: dict[str, str] = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if method != "GET" and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            response.read()
            for raw in response.msg.get_all("Set-Cookie") or []:
                jar: SimpleCookie = SimpleCookie()
                jar.load(raw)
                for name, morsel in jar.items():
                    if morsel["max-age"] == "0":
                        self.cookies.pop(name, None)
                    else:
                        self.cookies[name] = morsel.value
            return response.status
        finally:
            connection.close()


# --- Setting up and tearing down -----------------------------------------------------------


def pg_cluster() -> list[str]:
    versions = sorted(os.listdir("/etc/postgresql")) if Path("/etc/postgresql").is_dir() else []
    if len(versions) != 1:
        raise SystemExit(
            f"--fault needs exactly one cluster under /etc/postgresql, found {versions}"
        )
    return [versions[0], "main"]


def pg_ctl(action: str) -> subprocess.CompletedProcess[str]:
    # Its own session: a Ctrl-C aimed at this script must not interrupt a restart halfway.
    return subprocess.run(  # noqa: S603 (fixed arguments)
        ["pg_ctlcluster", "--skip-systemctl-redirect", *pg_cluster(), action],  # noqa: S607
        capture_output=True,
        text=True,
        timeout=120,
        start_new_session=True,
    )


def pg_reachable() -> bool:
    try:
        psycopg.connect(ADMIN_DATABASE_URL, connect_timeout=2).close()
    except psycopg.Error:
        return False
    return True


def manage(env: dict[str, str], *args: str) -> None:
    result = subprocess.run(  # noqa: S603 (our interpreter, fixed arguments)
        [sys.executable, str(BACKEND / "manage.py"), *args],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if result.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")


def generate_csv(rows: int) -> str:
    courses = ["Web Development", "Python", "Java", "Android Development"]
    lines = ["CertificateID,Course,Duration,Name"]
    lines += [f"LOAD-{i:06d},{courses[i % 4]},30 Days,Student Number {i}" for i in range(rows)]
    return "\n".join(lines) + "\n"


# --- The load --------------------------------------------------------------------------------


@dataclass
class Sample:
    kind: str
    started: float
    ended: float
    outcome: int | str  # HTTP status, or the exception's class name

    @property
    def ok(self) -> bool:
        return self.outcome == EXPECTED[self.kind]


@dataclass
class Run:
    port: int
    seconds: float
    connections: int
    certificates: int
    stop: threading.Event = field(default_factory=threading.Event)
    samples: list[list[Sample]] = field(default_factory=list)
    acknowledged: set[str] = field(default_factory=set)
    sent: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def one(self, visitor: Visitor, kind: str, rng: random.Random) -> int:
        if kind == "page":
            return visitor.request("GET", rng.choice(PAGES))
        if kind == "verify-hit":
            return visitor.request(
                "GET", f"/api/certificates/LOAD-{rng.randrange(self.certificates):06d}"
            )
        if kind == "verify-miss":
            return visitor.request("GET", f"/api/certificates/MISS-{rng.getrandbits(40):010X}")
        if kind == "login-ok":
            return visitor.request(
                "POST", "/api/auth/login", {"phone": LEARNER_PHONE, "password": LEARNER_PASSWORD}
            )
        if kind == "login-fail":
            # An unknown phone each time: the per-phone lockout never kicks in.
            phone = "97" + f"{rng.randrange(10**8):08d}"
            return visitor.request(
                "POST", "/api/auth/login", {"phone": phone, "password": "wrong-password-1"}
            )
        if kind == "health":
            return visitor.request("GET", "/api/health")
        marker = f"load-{uuid.uuid4().hex}"
        with self.lock:
            self.sent.add(marker)
        status = visitor.request(
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
            with self.lock:
                self.acknowledged.add(marker)
        return status

    def timed(self, visitor: Visitor, kind: str, rng: random.Random) -> Sample:
        started = time.monotonic()
        try:
            outcome: int | str = self.one(visitor, kind, rng)
        except (OSError, http.client.HTTPException) as exc:
            outcome = type(exc).__name__
        return Sample(kind, started, time.monotonic(), outcome)

    def client(self, index: int) -> None:
        rng = random.Random(index)  # noqa: S311 (picks requests, not secrets)
        kinds, weights = list(MIX), list(MIX.values())
        mine: list[Sample] = []
        with self.lock:
            self.samples.append(mine)
        visitor = Visitor(self.port)
        while not self.stop.is_set():
            if "csrftoken" not in visitor.cookies:
                try:
                    visitor.request("GET", "/api/auth/csrf")
                except (OSError, http.client.HTTPException):
                    time.sleep(0.05)
                    continue
            mine.append(self.timed(visitor, rng.choices(kinds, weights)[0], rng))

    def health_poller(self) -> None:
        """Polls /api/health every 50 ms: the first answer after an outage is timed well."""
        mine: list[Sample] = []
        with self.lock:
            self.samples.append(mine)
        visitor = Visitor(self.port, timeout=5)
        rng = random.Random(0)  # noqa: S311
        while not self.stop.wait(0.05):
            mine.append(self.timed(visitor, "health", rng))


@dataclass
class Fault:
    """PostgreSQL's restart in the middle of the run, with the times that matter."""

    at: float = 0.0
    began: float = 0.0
    up: float = 0.0
    output: str = ""
    done: threading.Event = field(default_factory=threading.Event)

    def run(self, stop: threading.Event) -> None:
        try:
            if stop.wait(self.at - time.monotonic()):
                return
            self.began = time.monotonic()
            result = pg_ctl("restart")
            self.output = (result.stdout + result.stderr).strip()
            if result.returncode != 0:
                return
            while not pg_reachable():
                time.sleep(0.02)
            self.up = time.monotonic()
        finally:
            self.done.set()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def report(run: Run, fault: Fault | None, started: float, ended: float) -> dict[str, Any]:
    samples = [s for chunk in run.samples for s in chunk]
    load = [s for s in samples if s.kind != "health"]
    by_kind: dict[str, list[Sample]] = defaultdict(list)
    for sample in load:
        by_kind[sample.kind].append(sample)
    elapsed = ended - started

    def row(name: str, items: list[Sample]) -> dict[str, Any]:
        ms = [(s.ended - s.started) * 1000 for s in items]
        return {
            "kind": name,
            "requests": len(items),
            "errors": sum(not s.ok for s in items),
            "p50": percentile(ms, 50),
            "p90": percentile(ms, 90),
            "p99": percentile(ms, 99),
            "max": max(ms, default=float("nan")),
        }

    rows = [row(kind, by_kind[kind]) for kind in MIX] + [row("all", load)]
    print(
        f"\n{len(load):,} requests in {elapsed:.1f} s ({len(load) / elapsed:,.0f} req/s), "
        f"{run.connections} connections\n"
    )
    print(
        f"  {'kind':12s} {'requests':>9s} {'errors':>7s} {'p50 ms':>8s} {'p90 ms':>8s} {'p99 ms':>8s} {'max ms':>8s}"
    )
    for r in rows:
        print(
            f"  {r['kind']:12s} {r['requests']:9,d} {r['errors']:7,d} {r['p50']:8.0f} "
            f"{r['p90']:8.0f} {r['p99']:8.0f} {r['max']:8.0f}"
        )
    errors = Counter(f"{s.kind} -> {s.outcome}" for s in load if not s.ok)
    print("\nErrors by kind and status or exception:" if errors else "\nNo errors.")
    for name, count in errors.most_common():
        print(f"  {name:40s} {count:7,d}")

    result: dict[str, Any] = {
        "connections": run.connections,
        "seconds": round(elapsed, 1),
        "requests": len(load),
        "requests_per_second": round(len(load) / elapsed),
        "kinds": rows,
        "errors": dict(errors),
    }
    failed = False
    if fault is not None:
        failed |= fault_report(fault, samples, result, started)
    elif errors:
        failed = True
    return {**result, "failed": failed}


def fault_report(fault: Fault, samples: list[Sample], result: dict[str, Any], t0: float) -> bool:
    if not fault.up:
        print(f"\nPostgreSQL restart did not complete: {fault.output or 'not started'}")
        result["fault"] = {"completed": False}
        return True
    print(
        f"\nFault: PostgreSQL restart began at +{fault.began - t0:.1f} s, accepting "
        f"connections {fault.up - fault.began:.2f} s later."
    )
    firsts: dict[str, float] = {}
    for kind in EXPECTED:
        after = [s.ended for s in samples if s.kind == kind and s.ok and s.ended >= fault.up]
        firsts[kind] = min(after) - fault.up if after else float("inf")
    recovery = max(firsts.values())
    before = [s for s in samples if s.kind != "health" and not s.ok and s.ended < fault.began]
    outage = [
        s
        for s in samples
        if s.kind != "health" and not s.ok and s.ended >= fault.began and s.started < fault.up
    ]
    later = [s for s in samples if not s.ok and s.started >= fault.up + RECOVERY_TARGET_SECONDS]
    failures_after = [s.ended - fault.up for s in samples if not s.ok and s.started >= fault.up]
    last_failure = max(failures_after, default=0.0)
    print("  First success after PostgreSQL was back, per kind:")
    for kind, seconds in firsts.items():
        print(f"    {kind:12s} {seconds:6.2f} s")
    within = recovery <= RECOVERY_TARGET_SECONDS
    print(
        f"  Recovery time: {recovery:.2f} s "
        f"({'within' if within else 'NOT within'} the {RECOVERY_TARGET_SECONDS:.0f} s target); "
        f"{len(before)} requests failed before the restart, "
        f"{len(outage)} during the outage, {len(failures_after)} after "
        f"PostgreSQL was back (the last {last_failure:.2f} s after), {len(later)} more than "
        f"{RECOVERY_TARGET_SECONDS:.0f} s after."
    )
    result["fault"] = {
        "completed": True,
        "restart_seconds": round(fault.up - fault.began, 2),
        "recovery_seconds": round(recovery, 2),
        "first_success_seconds": {k: round(v, 2) for k, v in firsts.items()},
        "failed_before_restart": len(before),
        "failed_during_outage": len(outage),
        "failed_after_up": len(failures_after),
        "last_failure_after_up_seconds": round(last_failure, 2),
        "failed_after_recovery_target": len(later),
    }
    return not within or bool(later) or bool(before)


# --- Main ----------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=60, help="length of the run (60)")
    parser.add_argument("--connections", type=int, default=50, help="concurrent connections (50)")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers (4)")
    parser.add_argument(
        "--certificates", type=int, default=10_000, help="records to import (10000)"
    )
    parser.add_argument("--fault", action="store_true", help="restart PostgreSQL in the middle")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()

    if not (REPO / "frontend" / "dist" / "index.html").exists():
        raise SystemExit("The frontend is not built: run `make build` (or `make bench-load`).")
    if args.fault:
        if os.geteuid() != 0:
            raise SystemExit("--fault restarts PostgreSQL with pg_ctlcluster and must run as root.")
        pg_cluster()
        busy = subprocess.run(["pgrep", "-af", "pytest"], capture_output=True, text=True)  # noqa: S607
        if busy.stdout.strip():
            raise SystemExit(
                "--fault would restart PostgreSQL under a running test suite:\n" + busy.stdout
            )
    if not pg_reachable():
        raise SystemExit(f"PostgreSQL is not reachable at {ADMIN_DATABASE_URL}")
    cache = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
    try:
        cache.ping()
    except redis.RedisError as exc:
        raise SystemExit(f"Redis is not reachable at {REDIS_URL}: {exc}") from exc

    def on_sigterm(signum: int, frame: FrameType | None) -> None:
        raise Interrupted

    signal.signal(signal.SIGTERM, on_sigterm)

    suffix = secrets.token_hex(4)
    name = f"loadbench_{suffix}"
    key_prefix = f"loadbench-{suffix}"
    database_url = urllib.parse.urlparse(ADMIN_DATABASE_URL)._replace(path=f"/{name}").geturl()
    tmp = Path(tempfile.mkdtemp(prefix="bench-load-"))
    env = {
        **os.environ,
        "DJANGO_ENV": "development",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "VAR_DIR": str(tmp / "var"),
        # A copy of the build: a rebuild in the checkout during the run must not break pages.
        "FRONTEND_DIST": str(tmp / "dist"),
        "DATABASE_URL": database_url,
        "REDIS_URL": REDIS_URL,
        "CACHE_KEY_PREFIX": key_prefix,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SITE_URL": "http://127.0.0.1",
        "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
        "STAFF_NOTIFY_EMAILS": "office@example.com",
        "LOG_LEVEL": "WARNING",
        # Limits the run cannot reach: still counted (and measured), never refused.
        "RATE_LIMIT_ENABLED": "true",
        "RATE_LIMIT_ENQUIRY": "1000000000/m",
        "RATE_LIMIT_SIGNUP": "1000000000/m",
        "RATE_LIMIT_VERIFY": "1000000000/m",
        "LOGIN_FAILURES_PER_PHONE": "1000000000/m",
        "LOGIN_FAILURES_PER_IP": "1000000000/m",
        "LOGIN_FAILURES_PER_PHONE_AND_IP": "1000000000/m",
    }
    admin = psycopg.connect(ADMIN_DATABASE_URL, autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    admin.close()
    server: throwaway_server.Server | None = None
    fault: Fault | None = None
    fault_thread: threading.Thread | None = None
    run: Run | None = None
    status = 1
    try:
        print(f"Database {name}: migrating and importing {args.certificates:,} certificates...")
        manage(env, "migrate", "--noinput", "--verbosity", "0")
        shutil.copytree(REPO / "frontend" / "dist", tmp / "dist")
        csv_path = tmp / "certificates.csv"
        csv_path.write_text(generate_csv(args.certificates))
        manage(env, "import_certificates", str(csv_path))

        try:
            server = throwaway_server.start(env=env, workers=args.workers, log=tmp / "gunicorn.log")
        except throwaway_server.ServerFailed as exc:
            raise SystemExit(str(exc)) from exc
        port = server.port
        signup = Visitor(port)
        signup.request("GET", "/api/auth/csrf")
        created = signup.request(
            "POST",
            "/api/auth/signup",
            {"name": "Load Learner", "phone": LEARNER_PHONE, "password": LEARNER_PASSWORD},
        )
        if created != 201:
            raise SystemExit(f"Could not create the learner account: HTTP {created}")

        run = Run(port, args.seconds, args.connections, args.certificates)
        # One request of each kind first: a broken setup fails here, not as 60 s of errors.
        smoke = Visitor(port)
        smoke.request("GET", "/api/auth/csrf")
        for kind in EXPECTED:
            sample = run.timed(smoke, kind, random.Random(1))  # noqa: S311
            if not sample.ok:
                raise SystemExit(
                    f"Smoke request {kind} answered {sample.outcome}; see {server.log}"
                )

        print(
            f"gunicorn: {args.workers} sync workers on :{port}; PostgreSQL {name}; Redis cache. "
            f"Running {args.seconds:.0f} s at {args.connections} connections"
            + (", restarting PostgreSQL halfway" if args.fault else "")
            + "..."
        )
        run = Run(port, args.seconds, args.connections, args.certificates)
        threads = [threading.Thread(target=run.client, args=(i,)) for i in range(args.connections)]
        threads.append(threading.Thread(target=run.health_poller))
        t0 = time.monotonic()
        if args.fault:
            fault = Fault(at=t0 + args.seconds / 2)
            fault_thread = threading.Thread(target=fault.run, args=(run.stop,))
            fault_thread.start()
        for thread in threads:
            thread.start()
        run.stop.wait(args.seconds)
        run.stop.set()
        for thread in threads:
            thread.join()
        ended = time.monotonic()
        if fault_thread is not None:
            fault_thread.join()

        result = report(run, fault, t0, ended)

        with psycopg.connect(database_url) as db:
            stored = {
                row[0]
                for row in db.execute(
                    "SELECT subject FROM enquiries_enquiry WHERE subject LIKE 'load-%%'"
                )
            }
        found = len(run.acknowledged & stored)
        missing = len(run.acknowledged - stored)
        unacknowledged_stored = len((stored & run.sent) - run.acknowledged)
        print(
            f"\nEnquiries: {len(run.acknowledged):,} acknowledged with 2xx, {found:,} of them in "
            f"the database, {missing} missing"
            + (
                f" ({unacknowledged_stored} more stored whose answer was lost in the outage)"
                if unacknowledged_stored
                else ""
            )
            + "."
        )
        result["enquiries"] = {
            "acknowledged": len(run.acknowledged),
            "found": found,
            "missing": missing,
            "stored_unacknowledged": unacknowledged_stored,
        }
        failed = result.pop("failed") or missing > 0
        if args.json:
            args.json.write_text(json.dumps(result, indent=2) + "\n")
        status = 1 if failed else 0
        print("\nFAILED" if failed else "\nOK")
    except (KeyboardInterrupt, Interrupted):
        print("\nInterrupted.")
        status = 130
    finally:
        if run is not None:
            run.stop.set()
        if fault is not None:
            fault.done.wait(150)
        if server is not None:
            throwaway_server.stop(server)
        if args.fault and not pg_reachable():
            print("PostgreSQL is not answering: starting it again.")
            started = pg_ctl("start")
            print((started.stdout + started.stderr).strip())
        cleanup(name, key_prefix, cache, tmp)
    return status


def cleanup(name: str, key_prefix: str, cache: redis.Redis, tmp: Path) -> None:
    for _attempt in range(30):
        try:
            with psycopg.connect(ADMIN_DATABASE_URL, autocommit=True, connect_timeout=3) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            break
        except psycopg.Error:
            time.sleep(1)
    else:
        print(f"Could not drop the database {name}: drop it by hand.")
    keys = list(cache.scan_iter(match=f"{key_prefix}:*", count=1000))
    if keys:
        cache.delete(*keys)
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
