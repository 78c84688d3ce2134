"""Write the verification counts waiting in the cache to the certificates (what the queue
worker, send_queued_mail_loop, does every pass): for deployments that run the queues from
cron instead of the worker."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from certificates.verifications import certificate_verifications_flush


class Command(BaseCommand):
    help = "Write the per-certificate verification counts kept in the cache to the database."

    def handle(self, *args: Any, **options: Any) -> None:
        updated = certificate_verifications_flush()
        self.stdout.write(f"Verification counts written for {updated} certificate(s).")
