from __future__ import annotations

import tarfile
import zlib
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.backups import BackupError, backup_restore


class Command(BaseCommand):
    help = (
        "Bring this install back from an archive `backup` wrote: the database, the private "
        "and media files and the signing keys. Refuses a database that already holds data "
        "unless --force. An encrypted archive is opened with BACKUP_IDENTITY. Stop the site "
        "first, and run `migrate` after (make restore does both in order)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("archive", help="The archive's path.")
        parser.add_argument(
            "--identity",
            help="The age identity file (or key) for an encrypted archive "
            "(default: BACKUP_IDENTITY).",
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="Replace a database that already holds data.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        archive = Path(options["archive"]).expanduser()
        try:
            report = backup_restore(
                archive=archive,
                identity=options["identity"] or settings.BACKUP_IDENTITY,
                force=options["force"],
            )
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        except (tarfile.TarError, EOFError, zlib.error) as exc:
            raise CommandError(f"{archive} is damaged: {exc}") from exc
        for warning in report.warnings:
            self.stderr.write(self.style.WARNING(warning))
        files = ", ".join(f"{count} {name} file(s)" for name, count in report.files.items())
        self.stdout.write(
            self.style.SUCCESS(
                f"Restored from {archive}: the {report.database} database, {files}, "
                f"{report.keys} signing key(s)."
            )
        )
