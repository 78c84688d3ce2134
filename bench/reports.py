"""Reports benchmark (a script, not a test; not in `make test`):
`uv run python bench/reports.py [--certificates N] [--enrolments N] [--runs N]`.

Times the back office's Reports selectors (backend/backoffice/reports.py, docs/product.md
section 23) on a fresh PostgreSQL database of its own (a unique name on the server of
BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; dropped afterwards)
holding 1,000,000 certificates and 100,000 enrolments, with what the report reads beside
them: 20 courses, 100 batches (half still taking students) with ten classes each, their
registers, 2,000 referrers, refunds, the finished batches' completions (each with its
certificate) and a year of verification days. Everything is made with the ORM's
bulk_create, in-process; the seeding's time is printed per table.

Then the whole report (`report_make`, what the page computes once a minute) is made
--runs times (default 5) after one warming run, with the database's plan statistics fresh
(ANALYZE): the median and slowest time, the queries each run takes (the same number
whatever the size: the test suite holds it, backoffice/tests/test_reports_page.py), and
each selector's own median. The figures are printed, and written to bench/results.md
(the section after its "bench/reports.py" marker; --no-results leaves the file alone)
with the load average beside them, since the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

REPO = Path(__file__).resolve().parent.parent
BACKEND = REPO / "backend"
RESULTS = Path(__file__).resolve().parent / "results.md"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import REPORTS_MARKER, machine  # noqa: E402  (beside this file)

ADMIN_DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
BATCH = 10_000


def load() -> tuple[float, float, float]:
    return os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)


def load_text(figures: tuple[float, float, float]) -> str:
    return "{:.1f} / {:.1f} / {:.1f}".format(*figures)


def setup_django(database_url: str) -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_ENV": "development",
            "DEBUG": "false",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DATABASE_URL": database_url,
            "REDIS_URL": "",
            "LOG_LEVEL": "WARNING",
            "SITE_URL": "http://127.0.0.1",
        }
    )
    sys.path.insert(0, str(BACKEND))
    import django

    django.setup()


class Seeding:
    """Times each table's bulk_create and prints it."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, int, float]] = []

    def add(self, what: str, make: Callable[[], int]) -> None:
        started = time.monotonic()
        rows = make()
        seconds = time.monotonic() - started
        self.steps.append((what, rows, seconds))
        print(f"  {what:<44} {rows:>10,} rows {seconds:8.1f} s")

    @property
    def seconds(self) -> float:
        return sum(step[2] for step in self.steps)


def chunks(items: Iterator[Any], size: int = BATCH) -> Iterator[list[Any]]:
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def bulk(model: Any, objects: Iterator[Any]) -> int:
    count = 0
    for chunk in chunks(objects):
        model.objects.bulk_create(chunk)
        count += len(chunk)
    return count


def seed(*, certificates: int, enrolments: int, now: datetime) -> Seeding:
    from accounts.models import User
    from catalog.models import Batch, Course
    from certificates.models import Certificate, VerificationDay
    from core.dates import india_today
    from enrolments.models import Enrolment
    from teaching.models import Attendance, Completion, LiveClass

    today = india_today(now=now)
    seeding = Seeding()
    seeding.add(
        "courses",
        lambda: bulk(
            Course,
            (
                Course(
                    slug=f"bench-{i}",
                    name=f"Bench Course {i}",
                    short_name=f"Bench {i}",
                    route=f"/bench-{i}-registration",
                    summary="A benchmark course.",
                    list_fee=999 + 500 * (i % 9),
                )
                for i in range(20)
            ),
        ),
    )
    courses = list(Course.objects.filter(slug__startswith="bench-").order_by("pk"))

    def batches() -> Iterator[Batch]:
        for i in range(100):
            # Half finished months ago, half starting in the coming weeks.
            starts = (
                today - timedelta(days=300 - 6 * i) if i < 50 else today + timedelta(days=i - 40)
            )
            yield Batch(
                course=courses[i % 20],
                starts_on=starts,
                ends_on=starts + timedelta(days=60),
                seats=None if i % 10 == 0 else 60,
                finished_at=now - timedelta(days=30) if i < 50 else None,
            )

    seeding.add("batches", lambda: bulk(Batch, batches()))
    all_batches = list(Batch.objects.filter(course__in=courses).order_by("pk"))
    seeding.add(
        "referrers (accounts)",
        lambda: bulk(
            User,
            (
                User(phone=f"+9190{i:08d}", name=f"Referrer {i}", referral_code=f"BENCHREF{i:05d}")
                for i in range(2_000)
            ),
        ),
    )
    referrers = list(
        User.objects.filter(referral_code__startswith="BENCHREF").values_list("pk", flat=True)
    )

    def enrolment_rows() -> Iterator[Enrolment]:
        # Spread over 14 months; 60 % confirmed (a tenth of them refunded days later),
        # 10 % with a UTR waiting, the rest waiting for payment or expired.
        for i in range(enrolments):
            created = now - timedelta(minutes=(i * 6_151) % (425 * 24 * 60))
            kind = i % 10
            batch = all_batches[i % 100]
            fields: dict[str, Any] = {}
            if kind < 6:
                confirmed = created + timedelta(hours=3)
                fields = {
                    "status": "confirmed",
                    "utr_submitted_at": created + timedelta(hours=1),
                    "confirmed_at": confirmed,
                }
                if i % 60 == 1:
                    fields.update(
                        status="rejected",
                        rejected_at=confirmed + timedelta(days=4),
                        refunded_at=confirmed + timedelta(days=4),
                    )
            elif kind == 6:
                fields = {
                    "status": "paid_claimed",
                    "utr_submitted_at": created + timedelta(hours=1),
                }
            elif kind == 7:
                fields = {"status": "expired"}
            yield Enrolment(
                reference=f"BENCH{i:07d}",
                course_id=batch.course_id,
                batch=batch,
                name=f"Bench Student {i}",
                phone=f"+9191{i:08d}",
                amount=999 + 500 * (i % 9),
                created_at=created,
                referrer_id=referrers[i % len(referrers)] if i % 3 == 0 else None,
                # A UTR only on rows that keep one: unique among live enrolments.
                utr=f"{400_000_000_000 + i}" if "utr_submitted_at" in fields else "",
                **fields,
            )

    seeding.add("enrolments", lambda: bulk(Enrolment, enrolment_rows()))

    def classes() -> Iterator[LiveClass]:
        for batch in all_batches:
            for n in range(10):
                starts = datetime.combine(
                    batch.starts_on, datetime.min.time(), tzinfo=UTC
                ) + timedelta(days=2 * n, hours=15)
                yield LiveClass(batch=batch, starts_at=starts, ends_at=starts + timedelta(hours=2))

    seeding.add("classes", lambda: bulk(LiveClass, classes()))
    class_ids: dict[int, list[int]] = {}
    for class_id, batch_id in LiveClass.objects.filter(batch__in=all_batches).values_list(
        "pk", "batch_id"
    ):
        class_ids.setdefault(batch_id, []).append(class_id)
    confirmed_rows = list(
        Enrolment.objects.filter(reference__startswith="BENCH", status="confirmed")
        .values_list("pk", "batch_id")
        .order_by("pk")
    )

    def registers() -> Iterator[Attendance]:
        # Every confirmed student's register for the batch's first five classes.
        for enrolment_id, batch_id in confirmed_rows:
            for n, class_id in enumerate(class_ids[batch_id][:5]):
                yield Attendance(
                    live_class_id=class_id,
                    enrolment_id=enrolment_id,
                    present=(enrolment_id + n) % 4 != 0,
                )

    seeding.add("attendance (registers)", lambda: bulk(Attendance, registers()))
    finished = {batch.pk for batch in all_batches if batch.finished_at is not None}
    completing = [pk for pk, batch_id in confirmed_rows if batch_id in finished and pk % 3]

    def certificate_rows() -> Iterator[Certificate]:
        for i in range(certificates):
            yield Certificate(
                certificate_id=f"BENCH-{i:07d}",
                name=f"Holder {i}",
                course="Web Development",
                duration="3 Months",
                verification_count=i % 7,
            )

    seeding.add("certificates", lambda: bulk(Certificate, certificate_rows()))
    first_certificate = Certificate.objects.filter(certificate_id="BENCH-0000000").values_list(
        "pk", flat=True
    )[0]
    seeding.add(
        "completions (of the finished batches)",
        lambda: bulk(
            Completion,
            (
                Completion(
                    enrolment_id=pk,
                    certificate_id=first_certificate + n,
                    attended=8,
                    held=10,
                    issued_at=now,
                )
                for n, pk in enumerate(completing[:certificates])
            ),
        ),
    )
    seeding.add(
        "verification days",
        lambda: bulk(
            VerificationDay,
            (
                VerificationDay(day=today - timedelta(days=d), count=300 + (d * 37) % 900)
                for d in range(400)
            ),
        ),
    )
    return seeding


def measure(runs: int, now: datetime) -> dict[str, Any]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from backoffice import reports

    parts: dict[str, Callable[..., Any]] = {
        "money per month": reports.report_money_by_month,
        "this month by course": reports.report_this_month_by_course,
        "this month by event": reports.report_this_month_by_event,
        "funnel (30 days)": reports.report_funnel,
        "batches' seats": reports.report_batches,
        "top referrers": reports.report_referrers,
        "verifications per week": reports.report_verifications_by_week,
    }
    reports.report_make(now=now)  # warming: connection, plans, the first read from disk
    totals: list[float] = []
    queries = 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            report = reports.report_make(now=now)
            totals.append(time.perf_counter() - started)
        queries = len(captured.captured_queries)
    each: dict[str, float] = {}
    for name, selector in parts.items():
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            selector(now=now)
            times.append(time.perf_counter() - started)
        each[name] = statistics.median(times)
    return {"totals": totals, "queries": queries, "each": each, "report": report}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.0995 else f"{seconds * 1000:,.1f} ms"


def print_report(report: Any) -> None:
    from core.money import format_rupees

    print("\nThe figures (made by report_make):")
    print(
        "  money confirmed per month: "
        + ", ".join(f"{m.label} {format_rupees(m.courses)}" for m in report.months)
    )
    print(
        "  this month by course: "
        + ", ".join(f"{i.name} {format_rupees(i.money)}" for i in report.by_course[:5])
        + " ..."
    )
    print("  funnel (30 days): " + ", ".join(f"{s.label} {s.count:,}" for s in report.funnel))
    taking = report.batches
    print(f"  batches taking students: {len(taking)}, seats taken {sum(b.taken for b in taking):,}")
    print(
        "  top referrers: "
        + ", ".join(f"{r.name} ({r.enrolments})" for r in report.referrers[:3])
        + " ..."
    )
    print("  verifications per week: " + ", ".join(f"{w.count:,}" for w in report.weeks))


def write_results(path: Path, lines: list[str]) -> None:
    text = path.read_text() if path.exists() else "# Benchmark results\n"
    if REPORTS_MARKER in text:
        before, after = text.split(REPORTS_MARKER, 1)
        # Whatever follows this section (another bench's marker) stays.
        rest = after.split("\n<!-- bench/", 1)
        tail = "\n<!-- bench/" + rest[1] if len(rest) == 2 else ""
        text = before.rstrip("\n") + "\n\n" + "\n".join(lines) + tail
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(lines)
    path.write_text(text.rstrip("\n") + "\n")
    print(f"\nWrote {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Time the Reports selectors on a large database.")
    parser.add_argument("--certificates", type=int, default=1_000_000)
    parser.add_argument("--enrolments", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-results", action="store_true", help="leave bench/results.md alone")
    args = parser.parse_args()

    name = f"bench_reports_{secrets.token_hex(4)}"
    base = ADMIN_DATABASE_URL.rsplit("/", 1)[0]
    try:
        with psycopg.connect(ADMIN_DATABASE_URL, autocommit=True, connect_timeout=5) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
    except psycopg.Error as problem:
        print(f"PostgreSQL at {ADMIN_DATABASE_URL} did not answer ({problem}): nothing measured.")
        return 1
    load_before = load()
    print(f"Load average {load_text(load_before)}. Database {name}: migrating, then seeding...")
    try:
        setup_django(f"{base}/{name}")
        from django.core.management import call_command
        from django.db import connection
        from django.utils import timezone

        call_command("migrate", verbosity=0, interactive=False)
        now = timezone.now()
        seeding = seed(certificates=args.certificates, enrolments=args.enrolments, now=now)
        started = time.monotonic()
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        print(f"  {'ANALYZE':<44} {'':>10}      {time.monotonic() - started:8.1f} s")
        print(f"Seeded in {seeding.seconds:,.0f} s. Making the report {args.runs} times...")
        figures = measure(args.runs, now)
        load_after = load()
        totals = figures["totals"]
        print(
            f"\nreport_make: median {ms(statistics.median(totals))}, slowest {ms(max(totals))}, "
            f"{figures['queries']} queries a run ({args.runs} runs, load average {load_text(load_after)})"
        )
        for part, seconds in figures["each"].items():
            print(f"  {part:<26} {ms(seconds)}")
        print_report(figures["report"])
        connection.close()
    finally:
        with psycopg.connect(ADMIN_DATABASE_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if args.no_results:
        return 0
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    seeded = {what: (rows, seconds) for what, rows, seconds in seeding.steps}
    lines = [
        REPORTS_MARKER,
        "",
        "## Reports: `bench/reports.py`",
        "",
        f"Run {when} by `bench/reports.py` (--certificates {args.certificates:,} --enrolments "
        f"{args.enrolments:,} --runs {args.runs}) on: {machine()}. "
        f"Load average before the run {load_text(load_before)}, after it {load_text(load_after)}.",
        "",
        "PostgreSQL, in-process (no HTTP, no cache): `backoffice.reports.report_make`, what the "
        "Reports page computes at most once a minute, after one warming run and ANALYZE.",
        "",
        "| measure | figure |",
        "| --- | --- |",
        f"| the whole report, median of {args.runs} | {ms(statistics.median(totals))} "
        f"(slowest {ms(max(totals))}; load average {load_text(load_after)}) |",
        f"| queries per report | {figures['queries']} |",
        *(f"| {part}, median | {ms(seconds)} |" for part, seconds in figures["each"].items()),
        f"| seeding (bulk_create), all tables | {seeding.seconds:,.0f} s |",
        *(
            f"| seeding: {what} | {rows:,} rows in {seconds:,.1f} s |"
            for what, (rows, seconds) in seeded.items()
        ),
        "",
    ]
    write_results(RESULTS, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
