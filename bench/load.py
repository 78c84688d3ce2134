"""Load benchmark (a script, not a test): `make bench-load`, or
`uv run --group bench python bench/load.py [options]`.

Serves a fresh PostgreSQL database of its own (unique name, dropped afterwards) with
gunicorn (4 sync workers, Redis as the cache, as in production; started by
tests/support/throwaway_server.py) and the Node server for pages, and measures, printing
every figure:

1. The data: 1,000,000 generated certificates (--certificates N) imported through
   `manage.py import_certificates FILE` (the CSV written as a stream). Smaller imports
   (1,000 and 100,000 rows, each deleted afterwards) are timed first, so the rows/s and
   the command's peak memory show whether memory stays flat as the file grows.
2. Mixed traffic, closed loop: --connections (50) Locust visitors (bench/locustfile.py:
   pages, verify hits and misses, logins right and wrong, enquiries) for --seconds (60),
   then a check that every enquiry acknowledged with a 2xx is in the database. Then the
   same mix in the open loop (below) at a steady --mixed-rate (100/s): the latency target.
3. Verify only, closed loop, at the same connections: the maximum throughput.
4. Verify only, open loop (bench/measure.py, as Locust has none): lookups offered at a
   steady --rate (500/s) on a fixed timetable that does not wait for answers, each
   latency counted from its scheduled time (no coordinated omission); the client's own
   lateness is reported, and figures are withheld when it could not keep the timetable.

Each run also reports the gunicorn workers' CPU time per request and how busy the
machine's CPUs were. Every rate limit is lifted (limits the run cannot reach, so their
counting is still measured). The figures go to bench/results.md (--results; the part
after its "bench/load.py" marker, which bench/report.py keeps) and with --json to a file.

With --fault, only the mixed traffic runs, and PostgreSQL is restarted in the middle of it
(needs root; refused while a pytest process is running, as the test suites share the
server); the recovery time is measured: from PostgreSQL accepting connections again to
the first successful /api/health and the first success of every kind of request. The
target is 5 seconds. PostgreSQL is started again on the way out whatever happens.

Environment: BENCH_DATABASE_URL (a database on the server to use, for creating and
dropping the benchmark's own; default postgres://postgres@127.0.0.1:5432/test),
BENCH_REDIS_URL (default redis://127.0.0.1:6379/0). The frontend must be built
(`make build`; `make bench-load` does it).

Exit status 1 when an acknowledged enquiry is missing, when a steady run had errors, or
when the fault run did not recover within 5 seconds or kept failing afterwards. Missed
targets are reported, not failures: this is a measurement.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
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
from load_data import import_all  # noqa: E402
from load_results import report, write_results  # noqa: E402
from measure import HOST, Meter, mixed_calls, open_loop, open_report, verify_calls  # noqa: E402
from traffic import EXPECTED, Sample, Traffic, certificate_id  # noqa: E402  (beside this file)

ADMIN_DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
RESULTS = Path(__file__).resolve().parent / "results.md"
LOCUSTFILE = Path(__file__).resolve().parent / "locustfile.py"
LEARNER_PHONE = "9000000002"
LEARNER_PASSWORD = "load-learner-password-1"
MIXED_KINDS = ("page", "verify-hit", "verify-miss", "login-ok", "login-fail", "enquiry")


class Interrupted(Exception):
    pass


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


# --- Closed loop: Locust's visitors (bench/locustfile.py), each sending its next request when
# the last one is answered ---------------------------------------------------------------------


def locust_run(
    users: tuple[str, ...],
    *,
    kinds: tuple[str, ...],
    connections: int,
    seconds: float,
    certificates: int,
    api: throwaway_server.Server,
    pages: throwaway_server.Server | None,
    tmp: Path,
    meter: Meter,
    during: Callable[[float], None] | None = None,
) -> Traffic:
    """Locust, headless, with `connections` visitors of `users` (classes of
    bench/locustfile.py) for `seconds`; its samples come back through BENCH_SAMPLES."""
    out = tmp / "locust-samples.json"
    out.unlink(missing_ok=True)
    env = {
        **os.environ,
        "BENCH_CERTIFICATES": str(certificates),
        "BENCH_PAGE_URL": pages.url if pages else "",
        "BENCH_SAMPLES": str(out),
        "BENCH_LEARNER_PHONE": LEARNER_PHONE,
        "BENCH_LEARNER_PASSWORD": LEARNER_PASSWORD,
    }
    total = connections + ("HealthPoller" in users)
    command = [
        *[sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless"],
        *["--host", api.url, "-u", str(total), "-r", str(total), "-t", f"{seconds:g}s"],
        *["--stop-timeout", "20", "--only-summary", "--loglevel", "WARNING", *users],
    ]
    with meter:
        started = time.time()
        process = subprocess.Popen(command, env=env, cwd=REPO)  # noqa: S603 (fixed arguments)
        if during is not None:
            during(started)
        try:
            process.wait(timeout=seconds + 120)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        ended = time.time()
    if not out.exists():
        raise SystemExit(f"Locust wrote no samples (exit status {process.returncode}).")
    data = json.loads(out.read_text())
    samples = [Sample(*row) for row in data["samples"] if row[0] in EXPECTED]
    return Traffic(
        kinds, connections, started, ended, samples, set(data["acknowledged"]), set(data["sent"])
    )


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
            if stop.wait(self.at - time.time()):
                return
            self.began = time.time()
            result = pg_ctl("restart")
            self.output = (result.stdout + result.stderr).strip()
            if result.returncode != 0:
                return
            while not pg_reachable():
                time.sleep(0.02)
            self.up = time.time()
        finally:
            self.done.set()


# --- Main ----------------------------------------------------------------------------------


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=60, help="length of each run (60)")
    parser.add_argument("--connections", type=int, default=50, help="closed-loop clients (50)")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers (4)")
    parser.add_argument(
        "--certificates", type=int, default=1_000_000, help="records to import (1000000)"
    )
    parser.add_argument(
        "--rate", type=float, default=500, help="open-loop verify lookups per second (500)"
    )
    parser.add_argument(
        "--mixed-rate",
        type=float,
        default=100,
        help="open-loop mixed requests per second (100)",
    )
    parser.add_argument("--open-threads", type=int, default=100, help="open-loop connections (100)")
    parser.add_argument(
        "--fault",
        action="store_true",
        help="only the mixed traffic, restarting PostgreSQL in the middle",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--results",
        type=Path,
        default=RESULTS,
        help="the Markdown file whose load section is rewritten (bench/results.md)",
    )
    parser.add_argument(
        "--no-results", action="store_true", help="leave bench/results.md alone (a trial run)"
    )
    args = parser.parse_args()
    if (
        args.certificates < 1
        or args.seconds <= 0
        or args.rate <= 0
        or args.mixed_rate <= 0
        or args.open_threads < 1
    ):
        parser.error(
            "--certificates, --seconds, --rate, --mixed-rate and --open-threads must be positive"
        )
    return args


def bench_env(tmp: Path, database_url: str, key_prefix: str) -> dict[str, str]:
    limit = "1000000000/m"  # limits the run cannot reach: still counted, never refused
    return {
        **os.environ,
        "DJANGO_ENV": "development",
        "DEBUG": "false",
        # Its visitors sign up in one step (no SMS code to read back).
        "PHONE_VERIFICATION": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "VAR_DIR": str(tmp / "var"),
        "DATABASE_URL": database_url,
        "REDIS_URL": REDIS_URL,
        "CACHE_KEY_PREFIX": key_prefix,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SITE_URL": "http://127.0.0.1",
        "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
        "STAFF_NOTIFY_EMAILS": "office@example.com",
        "LOG_LEVEL": "WARNING",
        "CERTIFICATE_IMPORT_MAX_BYTES": str(10 * 1024**3),
        "RATE_LIMIT_ENABLED": "true",
        "RATE_LIMIT_ENQUIRY": limit,
        "RATE_LIMIT_SIGNUP": limit,
        "RATE_LIMIT_ENROLMENT": limit,
        "RATE_LIMIT_VERIFY": limit,
        "LOGIN_FAILURES_PER_PHONE": limit,
        "LOGIN_FAILURES_PER_IP": limit,
        "LOGIN_FAILURES_PER_PHONE_AND_IP": limit,
    }


def check_services(args: argparse.Namespace) -> redis.Redis:
    if not (REPO / "frontend" / "build" / "server" / "index.js").exists():
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
    return cache


def check_server(server: throwaway_server.Server, run: str) -> None:
    """gunicorn must have lived through the run; worker restarts are shown from its log."""
    if server.process.poll() is not None:
        raise SystemExit(
            f"gunicorn exited (status {server.process.returncode}) during the {run}; its log "
            f"ends:\n{server.log_tail()}"
        )
    noted = [
        line
        for line in server.log_tail(20_000).splitlines()
        if "] [CRITICAL] " in line or "] [ERROR] " in line  # gunicorn's own lines
    ]
    if noted:
        print("gunicorn's log so far has errors:\n  " + "\n  ".join(noted[-10:]))


def api_call(port: int, method: str, path: str, body: Any = None) -> int:
    """One request with a fresh CSRF cookie (for setting up and the smoke test)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=15)
    try:
        connection.request("GET", "/api/auth/csrf")
        answer = connection.getresponse()
        answer.read()
        jar: SimpleCookie = SimpleCookie()
        for raw in answer.msg.get_all("Set-Cookie") or []:
            jar.load(raw)
        token = jar["csrftoken"].value
        headers = {"Cookie": f"csrftoken={token}", "X-CSRFToken": token}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def prepare_server(
    server: throwaway_server.Server, pages: throwaway_server.Server, certificates: int
) -> None:
    """The learner account the logins use, and a request of each kind a visitor of the
    mix sends: a broken setup fails here, not as a minute of errors."""
    created = api_call(
        server.port,
        "POST",
        "/api/auth/signup",
        {"name": "Load Learner", "phone": LEARNER_PHONE, "password": LEARNER_PASSWORD},
    )
    if created != 201:
        raise SystemExit(f"Could not create the learner account: HTTP {created}")
    smoke = {
        "page": api_call(pages.port, "GET", "/"),
        "verify-hit": api_call(
            server.port, "GET", f"/api/certificates/{certificate_id('LOAD', 0)}"
        ),
        "login-ok": api_call(
            server.port,
            "POST",
            "/api/auth/login",
            {"phone": LEARNER_PHONE, "password": LEARNER_PASSWORD},
        ),
        "health": api_call(server.port, "GET", "/api/health"),
    }
    for kind, status in smoke.items():
        if status != EXPECTED[kind]:
            raise SystemExit(f"Smoke request {kind} answered {status}; see {server.log}")


def mixed_run(
    args: argparse.Namespace,
    server: throwaway_server.Server,
    pages: throwaway_server.Server,
    database_url: str,
    tmp: Path,
) -> tuple[dict[str, Any], Fault | None, threading.Thread | None]:
    print(
        f"\n== Mixed traffic: {args.seconds:.0f} s at {args.connections} connections, closed loop"
        + (", restarting PostgreSQL halfway" if args.fault else "")
        + " =="
    )
    fault: Fault | None = None
    fault_thread: threading.Thread | None = None
    stop = threading.Event()

    def start_fault(t0: float) -> None:
        nonlocal fault, fault_thread
        fault = Fault(at=t0 + args.seconds / 2)
        fault_thread = threading.Thread(target=fault.run, args=(stop,))
        fault_thread.start()

    meter = Meter(server.process.pid)
    try:
        traffic = locust_run(
            ("MixedVisitor", "HealthPoller"),
            kinds=MIXED_KINDS,
            connections=args.connections,
            seconds=args.seconds,
            certificates=args.certificates,
            api=server,
            pages=pages,
            tmp=tmp,
            meter=meter,
            during=start_fault if args.fault else None,
        )
    finally:
        stop.set()
        if fault_thread is not None:
            fault_thread.join()
    result = report(traffic, meter, fault)

    with psycopg.connect(database_url) as db:
        stored = {
            row[0]
            for row in db.execute(
                "SELECT subject FROM enquiries_enquiry WHERE subject LIKE 'load-%%'"
            )
        }
    acknowledged = traffic.acknowledged
    found = len(acknowledged & stored)
    missing = len(acknowledged - stored)
    unacknowledged_stored = len((stored & traffic.sent) - acknowledged)
    print(
        f"Enquiries: {len(acknowledged):,} acknowledged with 2xx, {found:,} of them in "
        f"the database, {missing} missing"
        + (
            f" ({unacknowledged_stored} more stored whose answer was lost in the outage)"
            if unacknowledged_stored
            else ""
        )
        + "."
    )
    result["enquiries"] = {
        "acknowledged": len(acknowledged),
        "found": found,
        "missing": missing,
        "stored_unacknowledged": unacknowledged_stored,
    }
    result["failed"] = result["failed"] or missing > 0
    return result, fault, fault_thread


def verify_closed_run(
    args: argparse.Namespace, server: throwaway_server.Server, tmp: Path
) -> dict[str, Any]:
    print(
        f"\n== Verify only: {args.seconds:.0f} s at {args.connections} connections, "
        "closed loop (the most it serves) =="
    )
    meter = Meter(server.process.pid)
    traffic = locust_run(
        ("VerifyVisitor",),
        kinds=("verify-hit",),
        connections=args.connections,
        seconds=args.seconds,
        certificates=args.certificates,
        api=server,
        pages=None,
        tmp=tmp,
        meter=meter,
    )
    return report(traffic, meter, None)


def verify_open_run(args: argparse.Namespace, server: throwaway_server.Server) -> dict[str, Any]:
    print(
        f"\n== Verify only: {args.rate:,.0f} lookups/s for {args.seconds:.0f} s, open loop "
        f"({args.open_threads} connections) =="
    )
    with Meter(server.process.pid) as meter:
        timed, t0 = open_loop(
            api_port=server.port,
            rate=args.rate,
            seconds=args.seconds,
            threads=args.open_threads,
            pick=verify_calls(port=server.port, certificates=args.certificates),
        )
    result = open_report(timed, t0, rate=args.rate, threads=args.open_threads, meter=meter)
    result["failed"] = bool(result["errors"])
    return result


def mixed_open_run(
    args: argparse.Namespace, server: throwaway_server.Server, pages: throwaway_server.Server
) -> dict[str, Any]:
    print(
        f"\n== Mixed traffic: {args.mixed_rate:,.0f} requests/s for {args.seconds:.0f} s, open "
        f"loop ({args.open_threads} connections) =="
    )
    pick = mixed_calls(
        api_port=server.port,
        pages_port=pages.port,
        certificates=args.certificates,
        phone=LEARNER_PHONE,
        password=LEARNER_PASSWORD,
    )
    with Meter(server.process.pid) as meter:
        timed, t0 = open_loop(
            api_port=server.port,
            rate=args.mixed_rate,
            seconds=args.seconds,
            threads=args.open_threads,
            pick=pick,
        )
    result = open_report(timed, t0, rate=args.mixed_rate, threads=args.open_threads, meter=meter)
    result["failed"] = bool(result["errors"])
    return result


def main() -> int:
    args = arguments()
    cache = check_services(args)

    def on_sigterm(signum: int, frame: FrameType | None) -> None:
        raise Interrupted

    signal.signal(signal.SIGTERM, on_sigterm)

    load_before = os.getloadavg()
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    suffix = secrets.token_hex(4)
    name = f"loadbench_{suffix}"
    key_prefix = f"loadbench-{suffix}"
    database_url = urllib.parse.urlparse(ADMIN_DATABASE_URL)._replace(path=f"/{name}").geturl()
    tmp = Path(tempfile.mkdtemp(prefix="bench-load-"))
    env = bench_env(tmp, database_url, key_prefix)
    admin = psycopg.connect(ADMIN_DATABASE_URL, autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    admin.close()
    server: throwaway_server.Server | None = None
    pages: throwaway_server.Server | None = None
    fault: Fault | None = None
    status = 1
    try:
        print(
            f"Load average {load_before[0]:.1f} / {load_before[1]:.1f} / {load_before[2]:.1f}. "
            f"Database {name}: migrating, then importing {args.certificates:,} certificates..."
        )
        throwaway_server.manage(env, "migrate", "--noinput", "--verbosity", "0")
        imports = import_all(env, tmp, args.certificates)

        try:
            server = throwaway_server.start(env=env, workers=args.workers, log=tmp / "gunicorn.log")
            pages = throwaway_server.start_node(
                env=env, log=tmp / "node.log", django=server, port=throwaway_server.free_port()
            )
        except throwaway_server.ServerFailed as exc:
            raise SystemExit(str(exc)) from exc
        prepare_server(server, pages, args.certificates)
        print(
            f"gunicorn: {args.workers} sync workers on :{server.port}; the Node server for "
            f"pages on :{pages.port}; PostgreSQL {name}; Redis cache; rate limits lifted."
        )

        mixed, fault, _fault_thread = mixed_run(args, server, pages, database_url, tmp)
        check_server(server, "mixed traffic")
        result: dict[str, Any] = {
            "date": date,
            "arguments": " ".join(sys.argv[1:]) or "defaults",
            "certificates": args.certificates,
            "workers": args.workers,
            "load_average_before": [round(v, 2) for v in load_before],
            "imports": [
                {
                    "rows": f.rows,
                    "seconds": round(f.seconds, 2),
                    "cpu_seconds": round(f.cpu_seconds, 2),
                    "rows_per_second": round(f.rows_per_second),
                    "peak_rss_mb": round(f.peak_rss_mb, 1),
                }
                for f in imports
            ],
            "mixed": mixed,
        }
        if not args.fault:
            result["mixed_open"] = mixed_open_run(args, server, pages)
            check_server(server, "open-loop mixed run")
            result["verify_closed"] = verify_closed_run(args, server, tmp)
            check_server(server, "closed-loop verify run")
            result["verify_open"] = verify_open_run(args, server)
            check_server(server, "open-loop verify run")
        result["load_average_after"] = [round(v, 2) for v in os.getloadavg()]
        failed = any(
            result[part].pop("failed")
            for part in ("mixed", "mixed_open", "verify_closed", "verify_open")
            if part in result
        )
        if args.json:
            args.json.write_text(json.dumps(result, indent=2) + "\n")
        if not args.fault and not args.no_results:
            write_results(args.results, result)
        status = 1 if failed else 0
        print("\nFAILED (errors or lost enquiries: see above)" if failed else "\nOK")
    except (KeyboardInterrupt, Interrupted):
        print("\nInterrupted.")
        status = 130
    finally:
        # A second SIGTERM must not leave the database, the cache keys or PostgreSQL down.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if fault is not None:
            fault.done.wait(150)
        if pages is not None:
            throwaway_server.stop(pages)
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
