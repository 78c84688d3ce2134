"""Certificate benchmark (a script, not a test): `uv run python bench/certificates.py`.

1. Imports 100,000 generated rows into a fresh SQLite database in a temporary folder:
   a dry run, the real import, and a re-import of the same file (all unchanged); prints
   rows per second for each.
2. Serves that database with gunicorn (2 workers) on a free loopback port and measures
   requests per second of GET /api/certificates/<random id> against GET /api/health,
   printing the ratio. Uses wrk when installed, else a small threaded Python client.

The verify endpoint's per-IP rate limit stays on (with a limit the benchmark cannot
reach), so its cost is measured too. Rate-limit counters live in the cache: the database
cache by default, Redis when REDIS_URL is set in the environment (as in production).

Options by environment: BENCH_ROWS (100000), BENCH_SECONDS per measurement (10),
BENCH_CONNECTIONS (16), BENCH_DATABASE_URL (instead of the temporary SQLite file).
"""

from __future__ import annotations

import http.client
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BACKEND = REPO / "backend"
ROWS = int(os.environ.get("BENCH_ROWS", "100000"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "16"))
HOST = "127.0.0.1"


def configure(var_dir: Path) -> dict[str, str]:
    env = {
        "VAR_DIR": str(var_dir),
        "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL")
        or f"sqlite:///{var_dir / 'bench.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_ENV": "development",
        "DEBUG": "false",
        "RATE_LIMIT_ENABLED": "true",
        "RATE_LIMIT_VERIFY": "1000000000/m",
        "LOG_LEVEL": "WARNING",
    }
    os.environ.update(env)
    return env


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


def bench_import(data: bytes) -> None:
    from certificates.models import Certificate
    from certificates.services import certificate_import

    print(f"CSV import: {ROWS:,} rows, {len(data) / 1e6:.1f} MB")
    for label, dry_run in (
        ("dry run (empty table)", True),
        ("import (all new)", False),
        ("dry run (all known)", True),
        ("re-import (all unchanged)", False),
    ):
        started = time.perf_counter()
        report = certificate_import(source=io.BytesIO(data), dry_run=dry_run)
        elapsed = time.perf_counter() - started
        print(
            f"  {label:28s} {elapsed:6.2f} s  {ROWS / elapsed:10,.0f} rows/s  "
            f"(created {report.created:,}, updated {report.updated:,}, "
            f"unchanged {report.unchanged:,})"
        )
    assert Certificate.objects.count() == ROWS


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("gunicorn exited before answering")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/api/health")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not answer within 30 seconds")


WRK_SCRIPT = """
math.randomseed(os.time())
request = function()
  if wrk.path == "/random-certificate" then
    return wrk.format("GET", string.format("/api/certificates/BENCH-%%06d", math.random(0, %d)))
  end
  return wrk.format("GET", wrk.path)
end
"""


def measure_wrk(port: int, path: str, seconds: int, workdir: Path) -> tuple[float, int]:
    script = workdir / "bench.lua"
    script.write_text(WRK_SCRIPT % (ROWS - 1))
    # Fixed arguments, our own temp files and loopback URL: nothing untrusted reaches here.
    wrk = shutil.which("wrk") or "wrk"
    result = subprocess.run(  # noqa: S603
        [
            wrk,
            "-t2",
            f"-c{CONNECTIONS}",
            f"-d{seconds}s",
            "-s",
            str(script),
            f"http://{HOST}:{port}{path}",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 30,
    )
    rate = re.search(r"Requests/sec:\s+([\d.]+)", result.stdout)
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", result.stdout)
    if not rate:
        raise SystemExit(f"Could not read wrk's output:\n{result.stdout}")
    return float(rate.group(1)), int(bad.group(1)) if bad else 0


def measure_python(port: int, path: str, seconds: int) -> tuple[float, int]:
    import random

    counts = [0] * CONNECTIONS
    failures = [0] * CONNECTIONS
    stop = time.monotonic() + seconds

    def worker(index: int) -> None:
        rng = random.Random(index)  # noqa: S311 (picks IDs to look up)
        while time.monotonic() < stop:
            target = (
                f"/api/certificates/BENCH-{rng.randrange(ROWS):06d}"
                if path == "/random-certificate"
                else path
            )
            # gunicorn's sync workers close the connection after each answer.
            connection = http.client.HTTPConnection(HOST, port, timeout=10)
            try:
                connection.request("GET", target)
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    failures[index] += 1
                counts[index] += 1
            except OSError:
                failures[index] += 1
            finally:
                connection.close()

    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / (time.monotonic() - started), sum(failures)


def bench_http(env: dict[str, str], workdir: Path) -> None:
    port = free_port()
    process = subprocess.Popen(  # noqa: S603 (our own interpreter and fixed arguments)
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--chdir",
            str(BACKEND),
            "--bind",
            f"{HOST}:{port}",
            "--workers",
            "2",
            "--log-level",
            "warning",
        ],
        env={**os.environ, **env},
    )
    try:
        wait_until_up(port, process)
        use_wrk = shutil.which("wrk") is not None
        tool = "wrk" if use_wrk else "Python threaded client (install wrk for better numbers)"
        cache = "Redis" if os.environ.get("REDIS_URL") else "database cache"
        print(
            f"HTTP: gunicorn, 2 workers, {HOST}:{port}, {CONNECTIONS} connections, "
            f"{SECONDS} s each, {tool}; rate-limit counters in the {cache}"
        )

        def measure(path: str, seconds: int) -> tuple[float, int]:
            if use_wrk:
                return measure_wrk(port, path, seconds, workdir)
            return measure_python(port, path, seconds)

        results = {}
        for label, path in (
            ("GET /api/health", "/api/health"),
            ("GET /api/certificates/<id>", "/random-certificate"),
        ):
            measure(path, 2)  # warm up
            rate, failures = measure(path, SECONDS)
            results[label] = rate
            note = f"  ({failures} non-200 answers)" if failures else ""
            print(f"  {label:28s} {rate:10,.0f} requests/s{note}")
        ratio = results["GET /api/certificates/<id>"] / results["GET /api/health"]
        print(f"  ratio certificate / health   {ratio:10.2f}")
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def main() -> None:
    workdir = Path(tempfile.mkdtemp(prefix="bench-certificates-"))
    try:
        env = configure(workdir)
        sys.path.insert(0, str(BACKEND))
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        call_command("createcachetable", verbosity=0)
        bench_import(generate_csv(ROWS))
        from django.db import connections

        connections.close_all()
        bench_http(env, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
