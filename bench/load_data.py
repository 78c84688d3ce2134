"""The load benchmark's data (bench/load.py): generated certificates imported through
`manage.py import_certificates`, timed, with the command's peak memory."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from load_results import IMPORT_MEMORY_SIZES
from throwaway_server import manage  # tests/support, put on sys.path by bench/load.py
from traffic import certificate_id

REPO = Path(__file__).resolve().parent.parent
BACKEND = REPO / "backend"


# --- The data ----------------------------------------------------------------------------------


def write_csv(path: Path, rows: int, prefix: str) -> None:
    """The import file, written as a stream (a million rows never sit in memory)."""
    courses = ("Web Development", "Python", "Java", "Android Development")
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write("CertificateID,Course,Duration,Name\n")
        for start in range(0, rows, 10_000):
            out.writelines(
                f"{certificate_id(prefix, i)},{courses[i % 4]},30 Days,Student Number {i}\n"
                for i in range(start, min(rows, start + 10_000))
            )


@dataclass
class ImportFigure:
    rows: int
    seconds: float
    cpu_seconds: float  # the command's own user + system time (PostgreSQL's is not in it)
    peak_rss_mb: float

    @property
    def rows_per_second(self) -> float:
        return self.rows / self.seconds


def timed_import(env: dict[str, str], tmp: Path, rows: int, prefix: str) -> ImportFigure:
    """Runs `manage.py import_certificates` on `rows` new rows: wall time (the command's
    start-up included) and its peak memory (the child's maximum RSS, from wait4)."""
    csv_path = tmp / f"certificates-{rows}.csv"
    write_csv(csv_path, rows, prefix)
    output = tmp / f"import-{rows}.log"
    with output.open("wb") as log:
        started = time.monotonic()
        process = subprocess.Popen(  # noqa: S603 (our interpreter, fixed arguments)
            [sys.executable, str(BACKEND / "manage.py"), "import_certificates", str(csv_path)],
            env=env,
            cwd=REPO,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        _pid, wait_status, usage = os.wait4(process.pid, 0)
        seconds = time.monotonic() - started
    process.returncode = os.waitstatus_to_exitcode(wait_status)
    csv_path.unlink()
    text = output.read_text(errors="replace")
    if process.returncode != 0 or f"created: {rows} " not in text:
        raise SystemExit(f"import_certificates of {rows:,} rows failed:\n{text[-3000:]}")
    # ru_maxrss is in kilobytes on Linux.
    return ImportFigure(rows, seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def delete_certificates(env: dict[str, str], prefix: str) -> None:
    """Empties the table again after a smaller timed import (through the ORM)."""
    manage(
        env,
        "shell",
        "-c",
        "from certificates.models import Certificate; "
        f"Certificate.objects.filter(certificate_id__startswith={prefix + '-'!r}).delete()",
    )


def import_all(env: dict[str, str], tmp: Path, certificates: int) -> list[ImportFigure]:
    figures = []
    for size in IMPORT_MEMORY_SIZES:
        if size < certificates:
            prefix = f"SIZE{size}"
            figures.append(timed_import(env, tmp, size, prefix))
            print_import(figures[-1])
            delete_certificates(env, prefix)
    figures.append(timed_import(env, tmp, certificates, "LOAD"))
    print_import(figures[-1])
    return figures


def print_import(figure: ImportFigure) -> None:
    print(
        f"  import of {figure.rows:>9,} rows: {figure.seconds:6.1f} s, "
        f"{figure.rows_per_second:8,.0f} rows/s, its CPU {figure.cpu_seconds:6.1f} s, "
        f"peak memory {figure.peak_rss_mb:6.0f} MB"
    )
