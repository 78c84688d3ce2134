from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from certificates.openbadges import credential_key_rotate, credential_signing_keys


class Command(BaseCommand):
    help = (
        "Show the keys that sign the Open Badges credentials; --new adds a key that signs "
        "from now on while the older ones keep verifying what they signed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--new", action="store_true", help="Add a new signing key in front of the others."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["new"]:
            for position, key in enumerate(credential_signing_keys()):
                role = "signs new credentials" if position == 0 else "retired, still trusted"
                self.stdout.write(f"{key.did}  ({role})")
            return
        rotation = credential_key_rotate()
        self.stdout.write(f"New key: did:key:{rotation.new_public}")
        if rotation.written_to is not None:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Added to {rotation.written_to}. Restart the server to sign with it."
                )
            )
            return
        self.stdout.write(
            "CREDENTIAL_SIGNING_KEY is set in the environment, so nothing was written. Set it "
            "to this value (the new key first, the older ones after it) and restart:"
        )
        self.stdout.write(",".join(rotation.keys))
