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


def render_message(template: str, context: Mapping[str, Any]) -> tuple[str, str]:
    """(subject, body) of the message `template` ("enrolments/messages/payment_confirmed");
    the subject is "" for a message without one (an SMS)."""
    try:
        get_template(f"{template}{SUBJECT_SUFFIX}.txt")
    except TemplateDoesNotExist:
        subject = ""
    else:
        subject = _render(f"{template}{SUBJECT_SUFFIX}.txt", context)
    return subject, _render(f"{template}.txt", context)


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
