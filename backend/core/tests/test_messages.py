"""The messages' templates (core.messages): each renders with its sample values, using no
variable the sample lacks; render_message keeps the text's whitespace as written."""

from __future__ import annotations

import copy
import re

import pytest
from django.conf import settings
from django.test import override_settings

from core.messages import message_templates, render_message

# render_message reads the words staff added to an email (core.models.MessageWords).
pytestmark = pytest.mark.django_db

INVALID = "<<missing: %s>>"


def _strict_templates() -> list[dict[str, object]]:
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["OPTIONS"]["string_if_invalid"] = INVALID
    return templates


def _names_used(source: str) -> set[str]:
    """The root names a template reads, less its loops' own variables."""
    loops = set(re.findall(r"\{%\s*for\s+(\w+)\s+in\b", source))
    used = set(re.findall(r"\{\{\s*(\w+)", source))
    used |= set(re.findall(r"\{%\s*(?:if|elif)\s+(?:not\s+)?(\w+)", source))
    used |= set(re.findall(r"\{%\s*for\s+\w+\s+in\s+(\w+)", source))
    return used - loops


def test_it_finds_the_messages_of_every_app() -> None:
    apps = {t.name.split("/")[0] for t in message_templates()}

    assert {
        "accounts",
        "certificates",
        "enquiries",
        "enrolments",
        "internships",
        "referrals",
        "reminders",
    } <= apps


@pytest.mark.parametrize("template", message_templates(), ids=lambda t: t.name)
def test_it_renders_every_message_with_its_sample_values(template: object) -> None:
    from django.template.loader import get_template

    name = template.name  # type: ignore[attr-defined]
    sample = template.sample  # type: ignore[attr-defined]
    with override_settings(TEMPLATES=_strict_templates()):
        subject, body = render_message(name, sample)

    assert "<<missing:" not in subject and "<<missing:" not in body
    assert body.strip()
    assert "\n" not in subject
    for suffix in ("", "_subject"):
        try:
            source = get_template(f"{name}{suffix}.txt").template.source
        except Exception:  # an SMS has no subject
            continue
        assert source.startswith("{% autoescape off %}"), f"{name}{suffix}.txt"
        assert _names_used(source) <= set(sample), f"{name}{suffix}.txt"


def test_it_keeps_the_words_unescaped_and_drops_only_the_files_last_newline() -> None:
    subject, body = render_message(
        "enrolments/messages/payment_not_confirmed",
        {
            "name": "Asha <A&B>",
            "course": "C++ & 'Java'",
            "reference": "ENR-1",
            "reason": "Wrong amount",
            "brand": "Brand",
        },
    )

    assert subject == "Payment not confirmed: C++ & 'Java' (ENR-1)"
    assert body.startswith("Hello Asha <A&B>,\n\n")
    assert body.endswith("\n\n-- Brand\n")


def test_it_gives_an_sms_no_subject() -> None:
    subject, text = render_message(
        "accounts/messages/code", {"code": "123456", "signup": False, "minutes": 10}
    )

    assert subject == ""
    assert text == (
        "123456 is your code to reset your password. It expires in 10 minutes. "
        "Do not share it with anyone."
    )
