"""The words of every email and SMS the site writes, as Django templates, one folder per
app: `<app>/templates/<app>/messages/`.

A message `<name>` is `<name>.txt` (the body) and, for an email, `<name>_subject.txt` (one
line). Both are plain text: each starts `{% autoescape off %}`. A file's last newline is
the editor's, not the message's, and is dropped; any other whitespace is the message's.
Beside them, `<name>.json` holds sample values of every variable the templates use: the
back office shows each message filled with them (Messages → Message texts), and a test
renders each with them so a missing variable is caught.

The caller's app works out the values (money formatted, links built, dates in IST) and
passes plain values; the templates only place them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string

SUBJECT_SUFFIX = "_subject"


def _render(template_name: str, context: Mapping[str, Any]) -> str:
    return render_to_string(template_name, dict(context)).removesuffix("\n")


SIGN_OFF = "\n\n-- "


def extra_words(message: str) -> str:
    """The paragraph staff added to the email `message` in the back office ("" for none)."""
    from core.models import MessageWords

    row = MessageWords.objects.filter(message=message).only("email_extra").first()
    return row.email_extra.strip() if row is not None else ""


def with_extra_words(body: str, extra: str) -> str:
    """`body` with staff's paragraph `extra` after the message's words, before its sign-off
    ("-- Brand"), as plain text: it is never read as a template."""
    extra = extra.strip()
    if not extra:
        return body
    words, sign_off, end = body.rpartition(SIGN_OFF)
    if not sign_off:
        # A letter signed with the brand alone: before its last paragraph.
        words, sign_off, end = body.rstrip().rpartition("\n\n")
    if not sign_off:
        return f"{body.rstrip()}\n\n{extra}"
    return f"{words.rstrip()}\n\n{extra}{sign_off}{end}"


def render_message(
    template: str, context: Mapping[str, Any], *, extra: str | None = None
) -> tuple[str, str]:
    """(subject, body) of the message `template` ("enrolments/messages/payment_confirmed");
    the subject is "" for a message without one (an SMS). An email's body carries the words
    staff added to it (`extra`: those instead, as the back office's preview)."""
    try:
        get_template(f"{template}{SUBJECT_SUFFIX}.txt")
    except TemplateDoesNotExist:
        return "", _render(f"{template}.txt", context)
    subject = _render(f"{template}{SUBJECT_SUFFIX}.txt", context)
    body = _render(f"{template}.txt", context)
    return subject, with_extra_words(body, extra_words(template) if extra is None else extra)


@dataclass(frozen=True)
class MessageTemplate:
    name: str  # "enrolments/messages/payment_confirmed"
    sample: dict[str, Any]


def message_templates() -> list[MessageTemplate]:
    """Every message of every installed app, with its sample values, by name."""
    found = []
    for config in apps.get_app_configs():
        root = Path(config.path) / "templates"
        for body in root.glob("*/messages/*.txt"):
            if body.stem.endswith(SUBJECT_SUFFIX):
                continue
            name = body.relative_to(root).with_suffix("").as_posix()
            sample_file = body.with_suffix(".json")
            sample = json.loads(sample_file.read_text()) if sample_file.exists() else {}
            found.append(MessageTemplate(name=name, sample=sample))
    return sorted(found, key=lambda t: t.name)
