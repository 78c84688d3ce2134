"""Benchmark report: `uv run python bench/report.py [--out bench/results.md]`.

Reads every bench/out/*.json written by the measuring scripts (bench/frontend.mjs,
bench/api.py, bench/nginx.py), prints one table and writes it to bench/results.md with the date and a
line about the machine, keeping the load section bench/load.py writes after LOAD_MARKER.
A missing file is said so in the table, not an error.

Each file holds a list of rows:
{"group": "...", "measure": "...", "subject": "/courses", "value": 97,
 "unit": "score" | "KB gzip" | "ratio" | "req/s" | "rows/s" | "ms" | "µs" | "of N",
 "target": ">= 95" or null, "met": true | false | null, "note": "..." (optional)}
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
EXPECTED = {
    "frontend.json": "node bench/frontend.mjs (first-load JS, raw HTML, Lighthouse, pages/s)",
    "api.json": "bench/api.py (API ratios, import rows/s, login latency)",
    "nginx.json": "bench/nginx.py (pages/s from nginx's warm cache, beside a static file)",
}
HEADERS = ("group", "measure", "subject", "value", "target", "met")
# bench/load.py (make bench-load) owns the file from this line on; the report keeps it.
LOAD_MARKER = "<!-- bench/load.py (make bench-load) writes from here to the end -->"
# bench/reports.py's section, after the load section (both keep it when they rewrite theirs).
REPORTS_MARKER = "<!-- bench/reports.py writes from here to the end -->"


def machine() -> str:
    model = "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = ""
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        kib = int(meminfo.read_text().split()[1])
        memory = f", {kib / 1024 / 1024:.0f} GB RAM"
    load = ""
    if hasattr(os, "getloadavg"):
        load = ", load average {:.1f} / {:.1f} / {:.1f} when reported".format(*os.getloadavg())
    return (
        f"{model}, {os.cpu_count()} cores{memory}, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}{load}"
    )


def value_text(row: dict[str, Any]) -> str:
    value, unit = row.get("value"), row.get("unit", "")
    if value is None:
        return "—"
    if unit == "ratio":
        return f"{value:.2f}"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.1f} {unit}"
    return f"{value:,.0f} {unit}"


def met_text(row: dict[str, Any]) -> str:
    met = row.get("met")
    return "yes" if met is True else "**no**" if met is False else ""


def load_rows(out_dir: Path) -> tuple[list[list[str]], list[str]]:
    table: list[list[str]] = []
    notes: list[str] = []
    files = sorted(out_dir.glob("*.json")) if out_dir.is_dir() else []
    present = {path.name for path in files}
    for name, source in EXPECTED.items():
        if name not in present:
            table.append(
                [name.removesuffix(".json"), "not measured", f"{name} is missing"] + [""] * 3
            )
            notes.append(f"bench/out/{name} is missing: run {source}.")
    for path in files:
        try:
            rows = json.loads(path.read_text())
        except json.JSONDecodeError as exc:
            raise SystemExit(f"{path} is not valid JSON: {exc}") from exc
        if not isinstance(rows, list):
            raise SystemExit(f"{path} must hold a list of rows")
        for row in rows:
            subject = str(row.get("subject", ""))
            if row.get("note"):
                subject = f"{subject} ({row['note']})"
            table.append(
                [
                    str(row.get("group", path.stem)),
                    str(row.get("measure", "")),
                    subject,
                    value_text(row),
                    str(row.get("target") or ""),
                    met_text(row),
                ]
            )
    return table, notes


def markdown(table: list[list[str]]) -> str:
    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("<", "&lt;")

    lines = ["| " + " | ".join(HEADERS) + " |", "| " + " | ".join("---" for _ in HEADERS) + " |"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in table]
    return "\n".join(lines)


def plain(table: list[list[str]]) -> str:
    rows = [list(HEADERS), *[[c.replace("**", "") for c in row] for row in table]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    out = []
    for number, row in enumerate(rows):
        out.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        if number == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description="Print and write the benchmark table.")
    parser.add_argument("--in", dest="out_dir", type=Path, default=BENCH / "out")
    parser.add_argument("--out", type=Path, default=BENCH / "results.md")
    args = parser.parse_args()

    table, notes = load_rows(args.out_dir)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    host = machine()
    print(plain(table))
    for note in notes:
        print(note, file=sys.stderr)
    missed = [row for row in table if row[5] == "**no**"]
    document = [
        "# Benchmark results",
        "",
        f"Written {when} by `bench/report.py` (run by `make bench`) on: {host}.",
        "",
        "The machine is shared with other work while it measures, so req/s and latency "
        "figures are noisy lower bounds; the API ratios compare endpoints measured in "
        "interleaved rounds on the same server, which cancels much of that noise. "
        "Benchmarks print numbers; they are not pass/fail tests.",
        "",
        markdown(table),
        "",
    ]
    if notes:
        document += [*(f"- {note}" for note in notes), ""]
    document.append(
        f"{len(missed)} figure(s) below target."
        if missed
        else "Every figure with a target meets it."
    )
    previous = args.out.read_text() if args.out.exists() else ""
    kept = [marker for marker in (LOAD_MARKER, REPORTS_MARKER) if marker in previous]
    if kept:
        first = min(kept, key=previous.index)
        document += ["", first + previous.split(first, 1)[1].rstrip("\n")]
    args.out.write_text("\n".join(document) + "\n")
    print(f"\nWrote {args.out} ({len(missed)} below target)")


if __name__ == "__main__":
    main()
