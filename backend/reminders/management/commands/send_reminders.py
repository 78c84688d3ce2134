"""Send the reminders that are due now (the queue worker runs this once an hour)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from reminders.services import class_reminders_send, reminders_send


class Command(BaseCommand):
    help = (
        "Send due reminders and the 'task opened today' messages, each once "
        "(send_queued_mail_loop runs this every hour)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        classes = class_reminders_send()
        self.stdout.write(", ".join(f"{kind}: {n}" for kind, n in classes.items()) + ".")
        counts = reminders_send()
        if counts is None:
            self.stdout.write("Outside the sending hours (India time): nothing sent.")
            return
        self.stdout.write(", ".join(f"{kind}: {n}" for kind, n in counts.items()) + ".")
