"""API benchmark (a script, not a test): `uv run python bench/api.py [--out FILE]`.

1. Imports 100,000 generated certificate rows into a fresh SQLite database in a temporary
   folder: a dry run, the real import, a dry run over known rows and a re-import of the
   same file (all unchanged); rows per second for each.
2. Serves that database with gunicorn (2 workers, DJANGO_ENV=production behind a pretend
   TLS proxy, DEBUG off, rate limits on with limits the benchmark cannot reach), first
   with the default database cache, then with Redis when it answers (REDIS_URL, else
   redis://127.0.0.1:6379/0; keys under a prefix of their own, deleted afterwards).
   On each server wrk measures requests per second of GET /api/health, GET
   /api/certificates/<random existing ID> (a Lua script picks the ID; each lookup also
   counts against the per-client limit, core/ratelimit.py: a cache add + incr) and
   GET /api/pages/courses (the courses page's one read), in interleaved rounds. The
   ratio of each endpoint to health, taken within a round (median over rounds), is
   printed as a guide to what an endpoint costs
   above the framework's floor; it has no target (the old 0.8x target is withdrawn: the
   verify targets are latency under load, bench/load.py).
3. Open Badges credentials (in-process, after the import): signed per second for records
   never signed, served again from the cache, checked as an upload, and the status list's
   bits built over every record.
4. Login latency: sequential POST /api/auth/login with the right password (median and
   90th percentile). The Argon2id hash (OWASP's parameters, accounts.hashers) dominates it,
   on purpose.

It also reports the gunicorn workers' CPU time per request (Linux), which depends far
less on other load than req/s does. Writes rows for bench/report.py to bench/out/api.json
(see bench/report.py for the format) and prints them as it goes. Environment: BENCH_ROWS (100000), BENCH_SECONDS per
wrk run (2), BENCH_ROUNDS (7), BENCH_CONNECTIONS (16), BENCH_LOGINS (50), BENCH_CREDENTIALS
(200), BENCH_REDIS_URL.
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
BACKEND = REPO / "backend"
sys.path.insert(0, str(REPO / "tests" / "support"))
import throwaway_server  # noqa: E402  (the one way to start a throw-away gunicorn)

ROWS = int(os.environ.get("BENCH_ROWS", "100000"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "2"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "7"))
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "16"))
LOGINS = int(os.environ.get("BENCH_LOGINS", "50"))
CREDENTIALS = int(os.environ.get("BENCH_CREDENTIALS", "200"))
HOST = "127.0.0.1"
IMPORT_TARGET = 20_000  # rows/s, the figure the certificate import was built to
LOGIN_PHONE = "9876500001"
LOGIN_PASSWORD = secrets.token_urlsafe(16)
# Requests arrive as if through a TLS-terminating proxy, as in production.
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}

HEALTH = "GET /api/health"
VERIFY = "GET /api/certificates/<id>"
COURSES = "GET /api/pages/courses"
ENDPOINTS = {HEALTH: "/api/health", VERIFY: "/random-certificate", COURSES: "/api/pages/courses"}


@dataclass
class Rows:
    """Result rows in the shared bench/out format, printed as they are added."""

    items: list[dict[str, Any]] = field(default_factory=list)

    def add(
        self,
        group: str,
        measure: str,
        subject: str,
        value: float | None,
        unit: str,
        target: str | None = None,
        met: bool | None = None,
        note: str = "",
    ) -> None:
        row: dict[str, Any] = {
            "group": group,
            "measure": measure,
            "subject": subject,
            "value": value,
            "unit": unit,
            "target": target,
            "met": met,
        }
        if note:
            row["note"] = note
        self.items.append(row)
        shown = "—" if value is None else f"{value:,.2f}" if unit == "ratio" else f"{value:,.0f}"
        goal = f"  (target {target}: {'met' if met else 'NOT met'})" if target else ""
        print(
            f"  {measure:34s} {subject:28s} {shown:>10s} {unit}{goal}{'  ' + note if note else ''}"
        )


# --- Setting up the database ---------------------------------------------------------


def server_env(var_dir: Path) -> dict[str, str]:
    return {
        "VAR_DIR": str(var_dir),
        "DATABASE_URL": f"sqlite:///{var_dir / 'bench.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_ENV": "production",
        "SITE_URL": f"http://{HOST}",
        "SECRET_KEY": secrets.token_urlsafe(50),
        # A throwaway Ed25519 key for the benchmark's own server (production requires one).
        "CREDENTIAL_SIGNING_KEY": "z3u2dsjcyU63dDnjH34VW1hxhJzdgywArsDhKtMKG54FNuGc",
        "DEBUG": "false",
        # Production refuses the console SMS backend while sign-up asks for a code.
        "PHONE_VERIFICATION": "false",
        "RATE_LIMIT_ENABLED": "true",
        "RATE_LIMIT_VERIFY": "1000000000/m",
        "LOGIN_FAILURES_PER_PHONE": "1000000/15m",
        "LOGIN_FAILURES_PER_IP": "1000000/15m",
        "LOGIN_FAILURES_PER_PHONE_AND_IP": "1000000/15m",
        "LOG_LEVEL": "WARNING",
        "REDIS_URL": "",
    }


def generate_csv(rows: int) -> bytes:
    courses = ["Web Development", "Python", "Java", "Android Development", "Data Science"]
    durations = ["30 Days", "2 Months", "3 Months"]
    out = io.StringIO()
    out.write("CertificateID,Course,Duration,Name\n")
    for i in range(rows):
        out.write(
            f"BENCH-{i:06d},{courses[i % len(courses)]},{durations[i % len(durations)]},"
            f"Student Number {i}\n"
        )
    return out.getvalue().encode()


def prepare_database(env: dict[str, str], rows: Rows) -> None:
    """Migrate, import the certificates (timed) and create the login account, in-process."""
    os.environ.update(env)
    sys.path.insert(0, str(BACKEND))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)

    from accounts.models import User
    from certificates.imports import certificate_import
    from certificates.models import Certificate

    data = generate_csv(ROWS)
    print(f"Certificate import: {ROWS:,} rows, {len(data) / 1e6:.1f} MB CSV")
    for measure, dry_run, target in (
        ("import, dry run (empty table)", True, IMPORT_TARGET),
        ("import, commit (all new)", False, IMPORT_TARGET),
        ("import, dry run (all known)", True, None),
        ("re-import, commit (all unchanged)", False, None),
    ):
        started = time.perf_counter()
        certificate_import(source=io.BytesIO(data), dry_run=dry_run)
        rate = ROWS / (time.perf_counter() - started)
        rows.add(
            "API",
            measure,
            f"{ROWS:,} certificate rows",
            round(rate),
            "rows/s",
            f">= {IMPORT_TARGET:,}" if target else None,
            rate >= target if target else None,
        )
    if Certificate.objects.count() != ROWS:
        raise SystemExit(f"Expected {ROWS} certificates after the import")
    User.objects.create_user(phone=LOGIN_PHONE, name="Bench Learner", password=LOGIN_PASSWORD)
    measure_credentials(rows)

    from django.db import connections

    connections.close_all()


def measure_credentials(rows: Rows) -> None:
    """In-process: Open Badges credentials signed per second (canonicalisation, hashing
    and Ed25519 for records never signed before), served again from the cache, checked
    (an uploaded credential: compared with the rebuilt one, whose signature is checked), and the time to
    build the status list's bits over every imported record."""
    import json as json_module

    from django.core.cache import cache

    from certificates import openbadges, openbadges_check
    from certificates.models import Certificate

    count = CREDENTIALS
    certificates = list(Certificate.objects.order_by("?")[:count])
    print(f"Credentials: {count} records, signed, served from the cache, checked")
    started = time.perf_counter()
    signed = [openbadges.certificate_credential(certificate=c) for c in certificates]
    sign_rate = count / (time.perf_counter() - started)
    started = time.perf_counter()
    for certificate in certificates:
        openbadges.certificate_credential(certificate=certificate)
    cached_rate = count / (time.perf_counter() - started)
    cache.delete(openbadges.STATUS_BITS_CACHE_KEY)
    started = time.perf_counter()
    openbadges.status_list_bits()
    bits_ms = (time.perf_counter() - started) * 1000
    uploads = [json_module.dumps(credential).encode() for credential in signed]
    started = time.perf_counter()
    verdicts = [openbadges_check.credential_check(data=data).verdict for data in uploads]
    check_rate = count / (time.perf_counter() - started)
    if set(verdicts) != {"valid"}:
        raise SystemExit(f"Credential checks did not all pass: {set(verdicts)}")
    subject = "OpenBadgeCredential, eddsa-rdfc-2022"
    rows.add("API", "credential signing (new record)", subject, round(sign_rate), "credentials/s")
    rows.add("API", "credential download (cached)", subject, round(cached_rate), "credentials/s")
    rows.add("API", "credential check (upload)", subject, round(check_rate), "checks/s")
    rows.add("API", "status list bits, built", f"{ROWS:,} certificates", round(bits_ms), "ms")


# --- Serving and measuring -----------------------------------------------------------


def request(
    port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None
) -> tuple[int, http.client.HTTPResponse, bytes]:
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request(method, path, body=body, headers={**PROXY_HEADERS, **(headers or {})})
        response = connection.getresponse()
        return response.status, response, response.read()
    finally:
        connection.close()


WRK_SCRIPT = """
math.randomseed(os.time())
request = function()
  if wrk.path == "/random-certificate" then
    return wrk.format(nil, string.format("/api/certificates/BENCH-%%06d", math.random(0, %d)))
  end
  return wrk.format(nil, wrk.path)
end
"""


def workers_cpu_seconds(master: int) -> float | None:
    """User + system CPU seconds used so far by gunicorn's workers (Linux /proc), or None."""
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        total = 0
        for child in children:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    except (OSError, IndexError, ValueError):
        return None
    return total / os.sysconf("SC_CLK_TCK")


@dataclass
class Run:
    rate: float  # requests per second
    cpu_us: float | None  # server CPU per request, microseconds


def wrk(port: int, path: str, seconds: int, script: Path, master: int = 0) -> Run:
    headers = [arg for name, value in PROXY_HEADERS.items() for arg in ("-H", f"{name}: {value}")]
    cpu_before = workers_cpu_seconds(master) if master else None
    # Fixed arguments, our own script and a loopback URL: nothing untrusted reaches here.
    result = subprocess.run(  # noqa: S603
        [
            shutil.which("wrk") or "wrk",
            "-t2",
            f"-c{CONNECTIONS}",
            f"-d{seconds}s",
            *headers,
            "-s",
            str(script),
            f"http://{HOST}:{port}{path}",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 60,
    )
    cpu_after = workers_cpu_seconds(master) if master else None
    rate = re.search(r"Requests/sec:\s+([\d.]+)", result.stdout)
    count = re.search(r"(\d+) requests in", result.stdout)
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", result.stdout)
    if not rate or not count:
        raise SystemExit(f"Could not read wrk's output:\n{result.stdout}")
    if bad:
        raise SystemExit(f"{path}: {bad.group(1)} answers were not 200:\n{result.stdout}")
    cpu_us = None
    if cpu_before is not None and cpu_after is not None and int(count.group(1)):
        cpu_us = (cpu_after - cpu_before) / int(count.group(1)) * 1e6
    return Run(float(rate.group(1)), cpu_us)


def check_answers(port: int) -> None:
    """Each measured endpoint answers 200 with what it should (not an error page)."""
    status, _, body = request(port, "GET", "/api/certificates/BENCH-000042")
    if status != 200 or json.loads(body)["certificate_id"] != "BENCH-000042":
        raise SystemExit(f"Certificate lookup failed: {status} {body[:200]!r}")
    status, _, body = request(port, "GET", "/api/pages/courses")
    if status != 200 or not json.loads(body)["courses"]:
        raise SystemExit(f"Courses page failed or empty: {status} {body[:200]!r}")


def measure_rates(port: int, master: int, workdir: Path, cache: str, rows: Rows) -> None:
    script = workdir / "bench.lua"
    script.write_text(WRK_SCRIPT % (ROWS - 1))
    for path in ENDPOINTS.values():
        wrk(port, path, 1, script)  # warm up every worker and cache
    rates: dict[str, list[float]] = {name: [] for name in ENDPOINTS}
    cpu: dict[str, list[float]] = {name: [] for name in ENDPOINTS}
    ratios: dict[str, list[float]] = {VERIFY: [], COURSES: []}
    for round_number in range(ROUNDS):
        # Health first and last in each round; its mean is what the others are divided by.
        runs = {name: wrk(port, path, SECONDS, script, master) for name, path in ENDPOINTS.items()}
        health_after = wrk(port, ENDPOINTS[HEALTH], SECONDS, script, master)
        health = (runs[HEALTH].rate + health_after.rate) / 2
        for name, run in runs.items():
            rates[name].append(health if name == HEALTH else run.rate)
            if run.cpu_us is not None:
                cpu[name].append(run.cpu_us)
        ratios[VERIFY].append(runs[VERIFY].rate / health)
        ratios[COURSES].append(runs[COURSES].rate / health)
        print(
            f"    round {round_number + 1}/{ROUNDS}: health {health:,.0f}, "
            f"verify {runs[VERIFY].rate:,.0f}, courses {runs[COURSES].rate:,.0f} req/s"
        )
    group = f"API ({cache})"
    for name in ENDPOINTS:
        rows.add(group, "requests per second", name, round(statistics.median(rates[name])), "req/s")
    for name in (VERIFY, COURSES):
        ratio = round(statistics.median(ratios[name]), 2)
        rows.add(
            group,
            "req/s ratio to GET /api/health",
            name,
            ratio,
            "ratio",
        )
    # Server CPU per request hardly depends on what else the machine runs, so it shows
    # where the time goes even when the req/s figures are noisy. It leaves out waiting
    # (SQLite locks, Redis round trips), which the req/s figures include.
    if all(cpu.values()):
        for name in ENDPOINTS:
            rows.add(
                group, "server CPU per request", name, round(statistics.median(cpu[name])), "µs"
            )


def measure_login(port: int, cache: str, rows: Rows) -> None:
    origin = {"Origin": f"https://{HOST}:{port}", "Content-Type": "application/json"}
    body = json.dumps({"phone": LOGIN_PHONE, "password": LOGIN_PASSWORD}).encode()
    timings = []
    for _ in range(LOGINS):
        # Each login starts like a fresh visitor: the CSRF cookie, then the form.
        status, response, _ = request(port, "GET", "/api/auth/csrf")
        token = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie") or "")
        if status != 200 or not token:
            raise SystemExit(f"GET /api/auth/csrf: {status}, no csrftoken cookie")
        headers = {**origin, "Cookie": f"csrftoken={token.group(1)}", "X-CSRFToken": token.group(1)}
        started = time.perf_counter()
        status, _, answer = request(port, "POST", "/api/auth/login", body, headers)
        timings.append((time.perf_counter() - started) * 1000)
        if status != 200:
            raise SystemExit(f"POST /api/auth/login: {status} {answer[:300]!r}")
    group = f"API ({cache})"
    subject = f"{LOGINS} x POST /api/auth/login"
    rows.add(group, "login latency, median", subject, round(statistics.median(timings), 1), "ms")
    p90 = statistics.quantiles(timings, n=10)[-1]
    rows.add(group, "login latency, 90th percentile", subject, round(p90, 1), "ms")


def serve_and_measure(env: dict[str, str], workdir: Path, cache: str, rows: Rows) -> None:
    try:
        server = throwaway_server.start(
            env={**os.environ, **env},
            workers=2,
            log=workdir / f"gunicorn-{cache.split()[0]}.log",
            health_headers=PROXY_HEADERS,
        )
    except throwaway_server.ServerFailed as exc:
        raise SystemExit(str(exc)) from exc
    try:
        port = server.port
        check_answers(port)
        print(
            f"HTTP with the {cache}: gunicorn 2 workers on {HOST}:{port}, wrk -t2 "
            f"-c{CONNECTIONS}, {ROUNDS} rounds of {SECONDS} s per endpoint"
        )
        measure_rates(port, server.process.pid, workdir, cache, rows)
        measure_login(port, cache, rows)
    finally:
        throwaway_server.stop(server)


def redis_reachable(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=2).ping())
    except (redis.RedisError, OSError, ValueError):
        return False


def redis_forget(url: str, prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(url)
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "out" / "api.json")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: run `make wrk` (or apt-get install wrk).")

    rows = Rows()
    workdir = Path(tempfile.mkdtemp(prefix="bench-api-"))
    try:
        env = server_env(workdir)
        prepare_database(env, rows)
        serve_and_measure(env, workdir, "database cache", rows)
        redis_url = (
            os.environ.get("BENCH_REDIS_URL")
            or os.environ.get("REDIS_URL")
            or "redis://127.0.0.1:6379/0"
        )
        if redis_reachable(redis_url):
            prefix = f"bench-{secrets.token_hex(6)}"
            try:
                redis_env = {**env, "REDIS_URL": redis_url, "CACHE_KEY_PREFIX": prefix}
                serve_and_measure(redis_env, workdir, "Redis cache", rows)
            finally:
                redis_forget(redis_url, prefix)
        else:
            print(f"Redis does not answer at {redis_url}: skipping the Redis measurements.")
            rows.add(
                "API (Redis cache)",
                "not measured",
                "all endpoints",
                None,
                "req/s",
                note=f"Redis unreachable at {redis_url}",
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows.items, indent=2, ensure_ascii=False) + "\n")
    print(f"Wrote {len(rows.items)} rows to {args.out}")


if __name__ == "__main__":
    main()
