from __future__ import annotations

import tarfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.backups import BackupError, backup_create


class Command(BaseCommand):
    help = (
        "Write one dated, compressed archive of the database, the private and media files "
        "and the signing keys into BACKUP_DIR (var/backups), readable by its owner only, "
        "encrypted to BACKUP_RECIPIENT when set. The last line printed is its path."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dir", help="Where to write it (default: BACKUP_DIR).")

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(options["dir"] or settings.BACKUP_DIR)
        try:
            archive = backup_create(directory=directory, recipients=settings.BACKUP_RECIPIENT)
        except (BackupError, OSError, tarfile.TarError) as exc:
            raise CommandError(f"No backup was written: {exc}") from exc
        if not settings.BACKUP_RECIPIENT:
            self.stderr.write(
                "Not encrypted (BACKUP_RECIPIENT is empty): it holds password hashes, "
                "personal data and the signing keys."
            )
        self.stdout.write(str(archive))
