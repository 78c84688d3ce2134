"""Run a management command as a Sentry cron monitor: `manage.py cron_job clearsessions`.

Sentry hears that the job started, then that it finished or failed (and how long it took);
a job that never starts, or runs too long, raises an alert there. The monitor is named
after the command (`--slug` to change it) and created from `--schedule` (a crontab line,
as in /etc/cron.d/site). Without SENTRY_DSN it only runs the command.
"""

from __future__ import annotations

from typing import Any

import sentry_sdk
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from sentry_sdk.crons import monitor


class Command(BaseCommand):
    help = "Run a management command, checking in to a Sentry cron monitor around it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("job", help="The management command to run (e.g. clearsessions).")
        parser.add_argument("args", nargs="*", help="Its arguments (after --).")
        parser.add_argument("--slug", default="", help="The monitor's name (the command's).")
        parser.add_argument(
            "--schedule", default="", help='Its crontab schedule, e.g. "15 3 * * *".'
        )
        parser.add_argument(
            "--max-runtime", type=int, default=60, help="Minutes before it counts as hung (60)."
        )

    def handle(
        self, job: str, *args: str, slug: str, schedule: str, max_runtime: int, **options: Any
    ) -> None:
        if job == "cron_job":
            raise CommandError("cron_job cannot run itself.")
        config: dict[str, Any] | None = None
        if schedule:
            if len(schedule.split()) != 5:
                raise CommandError(f"--schedule must be a crontab line of 5 fields: {schedule!r}")
            config = {
                "schedule": {"type": "crontab", "value": schedule},
                "checkin_margin": 10,
                "max_runtime": max_runtime,
                "timezone": "UTC",
            }
        # The SDK types monitor_config with a TypedDict it keeps private: a plain dict here.
        slug = slug or job.replace("_", "-")
        with monitor(monitor_slug=slug, monitor_config=config):  # type: ignore[arg-type]
            call_command(job, *args)
        sentry_sdk.flush()
