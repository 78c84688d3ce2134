from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.errors import ApplicationError
from enrolments.selectors import ReconciledLine, statement_reconcile
from enrolments.services import statement_confirm_matched
from enrolments.statements import statement_parse


class Command(BaseCommand):
    help = (
        "Reconcile UPI payments with a bank statement CSV (HDFC, ICICI, SBI, Axis, Kotak or "
        "generic headers): print the dry run, then confirm the matched payments once. "
        "--dry-run prints only."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--dry-run", action="store_true", help="Print only; confirm nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"No such file: {path}")
        if path.stat().st_size > settings.STATEMENT_MAX_BYTES:
            raise CommandError(
                f"{path} is larger than STATEMENT_MAX_BYTES ({settings.STATEMENT_MAX_BYTES})."
            )
        try:
            statement = statement_parse(path.read_bytes())
        except ApplicationError as exc:
            raise CommandError(exc.message) from exc
        result = statement_reconcile(statement=statement)
        self.stdout.write(
            f"Read as: {result.layout}. Lines without a credit, skipped: {result.debits}."
        )
        for label, lines in (
            ("Matched", result.matched),
            ("Amount mismatch", result.amount_mismatch),
            ("No enrolment", result.no_enrolment),
            ("Already used", result.already_used),
        ):
            self.stdout.write(f"{label} ({len(lines)})")
            for line in lines:
                self.stdout.write(f"  {self._line(line)}")
                if line.next_step:
                    self.stdout.write(f"    Next step: {line.next_step}")
        self.stdout.write(f"Waiting, no credit ({len(result.waiting)})")
        for enrolment in result.waiting:
            self.stdout.write(
                f"  {enrolment.reference}  {enrolment.name}  ₹{enrolment.amount}  UTR {enrolment.utr}"
            )
        if options["dry_run"]:
            self.stdout.write(self.style.SUCCESS("Dry run: nothing was confirmed."))
            return
        outcome = statement_confirm_matched(statement=statement, by=None, file_name=path.name)
        for refusal in outcome.refused:
            self.stderr.write(refusal)
        count = len(outcome.confirmed)
        self.stdout.write(
            self.style.SUCCESS(f"{count} payment{'s' if count != 1 else ''} confirmed.")
        )

    @staticmethod
    def _line(line: ReconciledLine) -> str:
        enrolment = line.enrolment
        who = f"{enrolment.reference}  {enrolment.name}" if enrolment else "-"
        note = f"  ({line.note})" if line.note else ""
        return (
            f"line {line.credit.line}  {line.credit.date:%d/%m/%Y}  ₹{line.credit.amount}  "
            f"UTR {line.utr or '-'}  {who}{note}"
        )
