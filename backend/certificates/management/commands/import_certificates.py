from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from certificates.imports import CertificateImportError, ImportReport, certificate_import


class Command(BaseCommand):
    help = (
        "Import certificate records from a CSV file (CertificateID, Course, Duration, Name). "
        "All or nothing; --dry-run checks and counts without writing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--dry-run", action="store_true", help="Check only; write nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"No such file: {path}")
        with path.open("rb") as source:
            try:
                report = certificate_import(source=source, dry_run=options["dry_run"])
            except CertificateImportError as exc:
                self._print_report(exc.report)
                raise CommandError(exc.message) from exc
        self._print_report(report)
        if report.dry_run:
            self.stdout.write(self.style.SUCCESS("Dry run: the file is fine. Nothing was written."))
        else:
            self.stdout.write(self.style.SUCCESS("Imported."))

    def _print_report(self, report: ImportReport) -> None:
        self.stdout.write(
            f"Rows: {report.rows}  created: {report.created}  updated: {report.updated}  "
            f"unchanged: {report.unchanged}  errors: {report.error_count}"
        )
        for warning in report.warnings:
            self.stdout.write(self.style.WARNING(f"Warning: {warning}"))
        for error in report.errors:
            self.stderr.write(f"Line {error.line} ({error.certificate_id or '-'}): {error.message}")
        if report.error_count > len(report.errors):
            self.stderr.write(f"... and {report.error_count - len(report.errors)} more errors.")
