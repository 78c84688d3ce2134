"""What the load benchmark (bench/load.py) prints and writes to bench/results.md, from the
samples of its runs."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Protocol

from measure import LATE_SEND_LIMIT_MS, Meter, latency_row, print_rows
from report import LOAD_MARKER, REPORTS_MARKER, machine
from traffic import EXPECTED, Sample, Traffic

RECOVERY_TARGET_SECONDS = 5.0
IMPORT_TARGET_ROWS_PER_SECOND = 20_000
VERIFY_P99_TARGET_MS = 50.0
# Mixed traffic at a steady 100 requests/s (open loop): every request's p99, logins' median.
MIXED_P99_TARGET_MS = 300.0
LOGIN_MEDIAN_TARGET_MS = 100.0
IMPORT_MEMORY_SIZES = (1_000, 100_000)  # timed before the full import, when smaller


class FaultTimes(Protocol):
    """PostgreSQL's restart: when it began and when it accepted connections again
    (seconds since the epoch; `up` is 0 when it did not come back)."""

    began: float
    up: float
    output: str


def report(traffic: Traffic, meter: Meter, fault: FaultTimes | None) -> dict[str, Any]:
    samples = traffic.samples
    started = traffic.started
    load = [s for s in samples if s.kind != "health"]
    by_kind: dict[str, list[Sample]] = defaultdict(list)
    for sample in load:
        by_kind[sample.kind].append(sample)
    elapsed = traffic.ended - started

    def row(name: str, items: list[Sample]) -> dict[str, Any]:
        ms = [(s.ended - s.started) * 1000 for s in items]
        return latency_row(name, ms, sum(not s.ok for s in items), elapsed)

    rows = [row(kind, by_kind[kind]) for kind in traffic.kinds]
    if len(rows) > 1:
        rows.append(row("all", load))
    print(
        f"\n{len(load):,} requests in {elapsed:.1f} s ({len(load) / elapsed:,.0f} req/s), "
        f"{traffic.connections} connections, closed loop\n"
    )
    print_rows(rows)
    errors = Counter(f"{s.kind} -> {s.outcome}" for s in load if not s.ok)
    print("\nErrors by kind and status or exception:" if errors else "\nNo errors.")
    for name, count in errors.most_common():
        print(f"  {name:40s} {count:7,d}")
    print(meter.line(len(load)))

    result: dict[str, Any] = {
        "connections": traffic.connections,
        "seconds": round(elapsed, 1),
        "requests": len(load),
        "requests_per_second": round(len(load) / elapsed),
        "kinds": rows,
        "errors": dict(errors),
        "cpu": meter.as_dict(len(load)),
    }
    failed = False
    if fault is not None:
        failed |= fault_report(fault, samples, result, started)
    elif errors:
        failed = True
    return {**result, "failed": failed}


def fault_report(
    fault: FaultTimes, samples: list[Sample], result: dict[str, Any], t0: float
) -> bool:
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


# --- bench/results.md ---------------------------------------------------------------------------


def ms(value: float) -> str:
    return f"{value:,.0f} ms" if value >= 10 else f"{value:.1f} ms"


def met(value: bool | None) -> str:
    return "" if value is None else "yes" if value else "**no**"


def results_rows(result: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    rows: list[tuple[str, str, str, str]] = []
    imports = result["imports"]
    biggest = imports[-1]
    hundred = next((f for f in imports if f["rows"] == 100_000), None)
    for figure in imports:
        main_import = figure is biggest
        ok = figure["rows_per_second"] >= IMPORT_TARGET_ROWS_PER_SECOND
        rows.append(
            (
                f"certificate import, {figure['rows']:,} new rows (`import_certificates`, "
                "start-up included)",
                f"{figure['rows_per_second']:,.0f} rows/s ({figure['seconds']:.1f} s; "
                f"the command's CPU {figure['cpu_seconds']:.1f} s)",
                f"≥ {IMPORT_TARGET_ROWS_PER_SECOND:,} rows/s" if main_import else "",
                met(ok) if main_import else "",
            )
        )
    for figure in imports:
        flat: bool | None = None
        target = ""
        if figure is biggest and hundred is not None and hundred is not biggest:
            flat = figure["peak_rss_mb"] <= 2 * hundred["peak_rss_mb"]
            target = "flat: at most twice the 100,000-row figure"
        rows.append(
            (
                f"import's peak memory (max RSS), {figure['rows']:,} rows",
                f"{figure['peak_rss_mb']:,.0f} MB",
                target,
                met(flat),
            )
        )
    baseline = imports[0] if imports[0]["rows"] == IMPORT_MEMORY_SIZES[0] else None
    if baseline is not None and len(imports) > 1:
        growth = ", ".join(
            f"+{f['peak_rss_mb'] - baseline['peak_rss_mb']:,.0f} MB at {f['rows']:,} rows"
            for f in imports[1:]
        )
        rows.append(
            (
                f"import's memory above the {baseline['rows']:,}-row import's "
                f"{baseline['peak_rss_mb']:,.0f} MB",
                growth,
                "",
                "",
            )
        )
    mixed = result["mixed"]
    rows.append(
        (
            f"mixed traffic, {mixed['connections']} connections closed loop, "
            f"{mixed['seconds']:.0f} s: all kinds",
            f"{mixed['requests_per_second']:,} req/s, {mixed['requests']:,} requests",
            "",
            "",
        )
    )
    for kind in mixed["kinds"]:
        if kind["kind"] == "all":
            continue
        rows.append(
            (
                f"mixed traffic: {kind['kind']}",
                f"{kind['requests_per_second']:,.0f} req/s, p50 {ms(kind['p50'])}, "
                f"p99 {ms(kind['p99'])}",
                "",
                "",
            )
        )
    mixed_errors = sum(mixed["errors"].values())
    rows.append(("mixed traffic: errors", f"{mixed_errors:,}", "0", met(mixed_errors == 0)))
    enquiries = mixed["enquiries"]
    rows.append(
        (
            "mixed traffic: enquiries acknowledged with 2xx / found in the database",
            f"{enquiries['acknowledged']:,} / {enquiries['found']:,}",
            "all",
            met(enquiries["missing"] == 0),
        )
    )
    rows.append(cpu_row("mixed traffic", mixed["cpu"]))
    rows += mixed_open_rows(result["mixed_open"])
    closed = result["verify_closed"]
    verify = closed["kinds"][0]
    rows.append(
        (
            f"verify only, {closed['connections']} connections closed loop: throughput",
            f"{closed['requests_per_second']:,} req/s",
            "",
            "",
        )
    )
    rows.append(
        (
            f"verify only, {closed['connections']} connections closed loop: latency "
            "(saturated: each connection waits its turn, so the mean is about connections "
            "÷ throughput; the latency target is read at a steady rate, the open loop below)",
            f"p50 {ms(verify['p50'])}, p99 {ms(verify['p99'])}",
            "",
            "",
        )
    )
    closed_errors = sum(closed["errors"].values())
    rows.append(
        ("verify only, closed loop: errors", f"{closed_errors:,}", "0", met(closed_errors == 0))
    )
    rows.append(cpu_row("verify only, closed loop", closed["cpu"]))
    opened = result["verify_open"]
    rate = opened["offered_per_second"]
    rows.append(
        (
            f"verify only, open loop at {rate:,.0f}/s ({opened['connections']} connections): "
            "achieved rate",
            f"{opened['achieved_per_second']:,.0f}/s of {rate:,.0f}/s",
            "",
            "",
        )
    )
    if opened["latency_ms"] is None:
        rows.append(
            (
                f"verify only, open loop at {rate:,.0f}/s: latency from the scheduled time",
                "not measured: the client could not keep the timetable "
                f"(p99 {opened['client_late_ms']['p99']:.1f} ms late)",
                f"p99 ≤ {VERIFY_P99_TARGET_MS:.0f} ms",
                "",
            )
        )
    else:
        lat = opened["latency_ms"]
        rows.append(
            (
                f"verify only, open loop at {rate:,.0f}/s: latency from the scheduled time",
                f"p50 {ms(lat['p50'])}, p99 {ms(lat['p99'])}, max {ms(lat['max'])}",
                f"p99 ≤ {VERIFY_P99_TARGET_MS:.0f} ms",
                met(lat["p99"] <= VERIFY_P99_TARGET_MS),
            )
        )
    open_errors = sum(opened["errors"].values())
    rows.append(("verify only, open loop: errors", f"{open_errors:,}", "0", met(open_errors == 0)))
    rows.append(
        (
            "verify only, open loop: the client's lateness sending, p99",
            f"{opened['client_late_ms']['p99']:.1f} ms",
            f"≤ {LATE_SEND_LIMIT_MS:.0f} ms (else no latency figure)",
            met(opened["schedule_kept"]),
        )
    )
    rows.append(cpu_row("verify only, open loop", opened["cpu"]))
    return rows


def mixed_open_rows(opened: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """The latency targets, read at a steady offered rate: all requests' p99, logins' median."""
    rate = opened["offered_per_second"]
    run = f"mixed traffic, open loop at {rate:,.0f}/s ({opened['connections']} connections)"
    rows = [
        (
            f"{run}: achieved rate",
            f"{opened['achieved_per_second']:,.0f}/s of {rate:,.0f}/s",
            "",
            "",
        )
    ]
    late = opened["client_late_ms"]["p99"]
    if opened["latency_ms"] is None:
        rows.append(
            (
                f"{run}: latency from the scheduled time, all kinds",
                f"not measured: the client could not keep the timetable (p99 {late:.1f} ms late)",
                f"p99 ≤ {MIXED_P99_TARGET_MS:.0f} ms",
                "",
            )
        )
    else:
        lat = opened["latency_ms"]
        rows.append(
            (
                f"{run}: latency from the scheduled time, all kinds",
                f"p50 {ms(lat['p50'])}, p99 {ms(lat['p99'])}, max {ms(lat['max'])}",
                f"p99 ≤ {MIXED_P99_TARGET_MS:.0f} ms",
                met(lat["p99"] <= MIXED_P99_TARGET_MS),
            )
        )
        for kind, figures in opened["kinds"].items():
            login = kind.startswith("login")
            rows.append(
                (
                    f"{run}: {kind} ({figures['requests']:,} requests)",
                    f"p50 {ms(figures['p50'])}, p99 {ms(figures['p99'])}",
                    f"p50 ≤ {LOGIN_MEDIAN_TARGET_MS:.0f} ms" if login else "",
                    met(figures["p50"] <= LOGIN_MEDIAN_TARGET_MS) if login else "",
                )
            )
    errors = sum(opened["errors"].values())
    rows.append((f"{run}: errors", f"{errors:,}", "0", met(errors == 0)))
    rows.append(
        (
            f"{run}: the client's lateness sending, p99",
            f"{late:.1f} ms",
            f"≤ {LATE_SEND_LIMIT_MS:.0f} ms (else no latency figure)",
            met(opened["schedule_kept"]),
        )
    )
    rows.append(cpu_row(run, opened["cpu"]))
    return rows


def cpu_row(run: str, cpu: dict[str, Any]) -> tuple[str, str, str, str]:
    parts = [f"client {cpu['client_cpu_share_of_one_core']:.0%} of one core"]
    if cpu["workers_cpu_us_per_request"] is not None:
        parts.insert(0, f"gunicorn workers {cpu['workers_cpu_us_per_request']:,} µs per request")
    if cpu["machine_cpu_busy"] is not None:
        parts.append(f"all CPUs {cpu['machine_cpu_busy']:.0%} busy")
    return (f"{run}: CPU", ", ".join(parts), "", "")


# The last figures of the home-made parts issue 17 replaced (the batched rate limiter, the
# Redis cache subclass, the hand-written verify SELECT and JSON, the raw executemany import),
# from `make bench` on 24 Nov 2026, 04:19 UTC (docs/history.md has how they were measured).
HOME_MADE = {
    "verify_rps": "3,377 req/s (wrk, 2 workers, 100,000 rows on SQLite)",
    "verify_cpu": "466 µs",
    "verify_p99": "not measured",
    "mixed_rps": "144 req/s (pages were Django's prerendered files)",
    "import": "74,973 rows/s (100,000 rows, in-process, SQLite)",
}


def cost_rows(result: dict[str, Any]) -> list[tuple[str, str, str]]:
    """What the standard parts cost: a row each, the home-made parts' figure beside this
    run's. The machines and setups differ (see the cells), so read them as orders of
    magnitude; docs/benchmarks.md explains where the time goes."""
    closed = result["verify_closed"]
    opened = result["verify_open"]
    mixed = result["mixed"]
    full = result["imports"][-1]
    latency = opened["latency_ms"]
    return [
        (
            "verify, most req/s",
            HOME_MADE["verify_rps"],
            f"{closed['requests_per_second']:,} req/s ({result['workers']} workers, "
            f"{result['certificates']:,} rows on PostgreSQL, {closed['connections']} connections)",
        ),
        (
            "verify, workers' CPU per request",
            HOME_MADE["verify_cpu"],
            f"{closed['cpu']['workers_cpu_us_per_request']:,} µs",
        ),
        (
            f"verify p99 at {opened['offered_per_second']:,.0f}/s, open loop",
            HOME_MADE["verify_p99"],
            f"{ms(latency['p99'])}" if latency else "not measured",
        ),
        ("mixed traffic", HOME_MADE["mixed_rps"], f"{mixed['requests_per_second']:,} req/s"),
        (
            "certificate import",
            HOME_MADE["import"],
            f"{full['rows_per_second']:,} rows/s ({full['rows']:,} rows, PostgreSQL)",
        ),
    ]


def write_results(path: Path, result: dict[str, Any]) -> None:
    rows = results_rows(result)
    missed = sum(row[3] == "**no**" for row in rows)
    before = result["load_average_before"]
    after = result["load_average_after"]
    section = [
        LOAD_MARKER,
        "",
        "## Load: `make bench-load`",
        "",
        f"Run {result['date']} by `bench/load.py` ({result['arguments']}) on: {machine()}. "
        f"Load average before the run {before[0]:.1f} / {before[1]:.1f} / {before[2]:.1f}, "
        f"after it {after[0]:.1f} / {after[1]:.1f} / {after[2]:.1f}.",
        "",
        f"PostgreSQL with {result['certificates']:,} certificates, Redis cache, gunicorn with "
        f"{result['workers']} sync workers, rate limits lifted to values the run cannot reach; "
        "the Python client runs on the same 2 cores (its CPU use is in the CPU rows), and "
        "other work on the shared machine shows in the load average and the busy share.",
        "",
        "| measure | figure | target | met |",
        "| --- | --- | --- | --- |",
        *(
            "| " + " | ".join(cell.replace("|", "\\|").replace("<", "&lt;") for cell in row) + " |"
            for row in rows
        ),
        "",
        f"{missed} figure(s) below target." if missed else "Every figure with a target meets it.",
        "",
    ]
    if "verify_closed" in result and "verify_open" in result:
        section += [
            "### What the standard parts cost",
            "",
            "The home-made parts' last figures (`make bench`, 24 Nov 2026) beside this run's; "
            "the setups differ as the cells say. Where the time goes: docs/benchmarks.md.",
            "",
            "| measure | home-made parts | standard parts (this run) |",
            "| --- | --- | --- |",
            *("| " + " | ".join(row) + " |" for row in cost_rows(result)),
            "",
        ]
    previous = path.read_text() if path.exists() else "# Benchmark results\n"
    head = previous.split(LOAD_MARKER, 1)[0].split(REPORTS_MARKER, 1)[0].rstrip("\n") + "\n\n"
    # bench/reports.py's section, when there is one, stays after this one.
    tail = (
        "\n" + REPORTS_MARKER + previous.split(REPORTS_MARKER, 1)[1]
        if REPORTS_MARKER in previous
        else ""
    )
    path.write_text(head + "\n".join(section) + tail)
    print(f"\nWrote {path} ({missed} below target).")
