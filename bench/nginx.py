"""Pages per second through nginx with the shipped configuration, its cache warm:
`uv run python bench/nginx.py [--out bench/out/nginx.json]` (make bench runs it).

Starts the production front (tests/support/production_front.py: deploy/nginx/site.conf in
front of two gunicorn and two Node servers over TLS, nginx with one worker per core as
Debian's nginx.conf has it), asks each page once so nginx keeps it, then measures with wrk
(50 connections, gzip accepted, as a phone's browser asks): anonymous `/` and a course
page, which nginx answers from its cache, beside a built asset nginx reads from disk (its
own static-file figure). The issue's target: >= 20,000 pages/s on this kind of machine.
Numbers, not a pass/fail test; the load average is written beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO / "tests" / "support"))
import production_front  # noqa: E402

CONNECTIONS = 50
SECONDS = 5
ROUNDS = 3
PAGES = ("/", "/Web-Development-registration")
TARGET = 20_000
GROUP = "nginx, cache warm (deploy/nginx/site.conf)"
HEADERS = {"Host": production_front.SITE_HOST, "Accept-Encoding": "gzip"}


def wrk(url: str) -> float:
    headers = [part for name, value in HEADERS.items() for part in ("-H", f"{name}: {value}")]
    command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{SECONDS}s", *headers, url]
    result = subprocess.run(  # noqa: S603 (wrk, fixed arguments)
        command, capture_output=True, text=True, timeout=SECONDS + 60
    )
    rate = re.search(r"Requests/sec:\s+([\d.]+)", result.stdout)
    if rate is None:
        raise SystemExit(f"could not read wrk's output:\n{result.stdout}{result.stderr}")
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", result.stdout)
    if bad:
        raise SystemExit(f"{url}: {bad[1]} answers were not 200")
    return float(rate[1])


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def an_asset() -> str:
    """The largest built script: what nginx serves from disk for a year."""
    scripts = sorted(production_front.ASSETS.glob("*.js"), key=lambda path: path.stat().st_size)
    if not scripts:
        raise SystemExit("No built scripts: run make build")
    return f"/assets/{scripts[-1].name}"


def measure(front: production_front.Front) -> list[dict[str, Any]]:
    base = f"https://{production_front.HOST}:{front.https_port}"
    asset = an_asset()
    for path in PAGES:
        front.get(path, headers={"Accept-Encoding": "gzip"})
        answer = front.get(path, headers={"Accept-Encoding": "gzip"})
        if answer.status != 200 or answer.header("X-Cache-Status") != "HIT":
            raise SystemExit(
                f"{path}: {answer.status}, X-Cache-Status {answer.header('X-Cache-Status')!r}:"
                " the page is not kept by nginx's cache, so there is nothing to measure"
            )
    subjects = {f"GET {path}": f"{base}{path}" for path in PAGES}
    subjects[f"GET {asset} (a built script, from disk)"] = f"{base}{asset}"
    rates: dict[str, list[float]] = {name: [] for name in subjects}
    for round_number in range(1, ROUNDS + 1):
        for name, url in subjects.items():
            rates[name].append(wrk(url))
        figures = ", ".join(f"{name} {values[-1]:,.0f}" for name, values in rates.items())
        print(f"    round {round_number}/{ROUNDS}: {figures} req/s")
    load = "load average {:.1f} / {:.1f} / {:.1f}".format(*os.getloadavg())
    rows = []
    for name, values in rates.items():
        page = not name.startswith(f"GET {asset}")
        value = round(median(values))
        rows.append(
            {
                "group": GROUP,
                "measure": "requests per second",
                "subject": name,
                "value": value,
                "unit": "req/s",
                "target": f">= {TARGET:,}" if page else None,
                "met": value >= TARGET if page else None,
                "note": (
                    f"wrk -c{CONNECTIONS} over TLS, gzip, median of {ROUNDS} rounds of "
                    f"{SECONDS} s, {load}"
                ),
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=BENCH / "out" / "nginx.json")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit('wrk is not installed: run "make wrk".')
    with tempfile.TemporaryDirectory(prefix="bench-nginx-") as folder:
        try:
            with production_front.running(
                Path(folder),
                verify_limit="1000000/1d",
                shared_seconds=60,
                worker_processes="auto",
            ) as front:
                rows = measure(front)
        except (production_front.Unavailable, production_front.NotBuilt) as missing:
            raise SystemExit(str(missing)) from missing
    for row in rows:
        print(f"  {row['subject']}: {row['value']:,} req/s ({row['note']})")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
