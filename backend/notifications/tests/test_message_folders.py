"""Each message is one folder of templates, one per channel (notifications.messages), and
notify() alone picks the channel: no caller sends a message's email, SMS or WhatsApp."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from accounts.models import User
from core import whatsapp
from core.models import OutboundSMS
from core.tests.mail import queued_about
from core.whatsapp.queue import whatsapp_send_queued
from notifications import messages
from notifications.models import ConsentRecord
from notifications.services import Email, notify, whatsapp_consent_set

BACKEND = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("template", messages.TEMPLATES, ids=lambda t: t.name)
def test_each_message_has_a_template_for_each_channel_it_uses(
    template: messages.Template,
) -> None:
    folder = messages.MESSAGES_DIR / template.name
    channels = {"sms", "whatsapp"} | ({"email", "email_subject"} if template.has_email else set())
    for channel in channels:
        source = (folder / f"{channel}.txt").read_text()
        assert source.startswith("{% autoescape off %}"), f"{template.name}/{channel}.txt"
        used = set(re.findall(r"\{\{\s*(\w+)", source)) - {"site_url"}
        assert used <= set(template.variables), f"{template.name}/{channel}.txt"
    meta = json.loads((folder / "whatsapp.json").read_text())
    assert meta["template"] == template.name
    assert tuple(meta["parameters"]) == template.variables


def test_the_texts_are_the_words_sent_before_the_folders() -> None:
    notice = messages.payment_confirmed(
        name="Asha", amount="₹999", course="Python", reference="ENR-1", link="https://x/i/1"
    )
    assert notice.text == (
        "Hello Asha, we have received your payment of ₹999 for Python. Your enrolment ENR-1 "
        "is confirmed. Your enrolments and receipts: https://x/i/1"
    )
    assert notice.subject == "Payment confirmed: Python (ENR-1)"
    assert notice.parameters == ("Asha", "₹999", "Python", "ENR-1", "https://x/i/1")
    assert messages.BY_NAME["payment_confirmed"].body.startswith(
        "Hello {{1}}, we have received your payment of {{2}} for {{3}}."
    )


def test_no_caller_chooses_a_channel_beside_notify() -> None:
    offenders = []
    for path in BACKEND.glob("*/services.py"):
        source = path.read_text()
        if "emailed_elsewhere" in source:
            offenders.append(f"{path}: emailed_elsewhere")
        if path.parent.name != "notifications" and "notify(" in source:
            # A service that tells a student by notify() queues no SMS or WhatsApp of its own.
            for queue in ("sms_queue(", "whatsapp_queue("):
                if queue in source:
                    offenders.append(f"{path}: {queue}")
    assert offenders == []


@pytest.mark.django_db
def test_an_email_with_a_document_is_always_sent_and_whatsapp_beside_it(learner: User) -> None:
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.ACCOUNT)
    notice = messages.payment_confirmed(
        name="Asha", amount="₹999", course="Python", reference="ENR-1", link="https://x/i/1"
    )
    email = Email(
        to="asha@example.com",
        subject="Payment confirmed",
        body="Body",
        topic="enrolment.confirmed",
        attachments={"invoice.pdf": (b"%PDF-1.4", "application/pdf")},
    )

    assert notify(user=learner, notice=notice, email=email) == "whatsapp"

    [sent] = queued_about("enrolment.confirmed")
    assert sent.subject == "Payment confirmed"
    whatsapp_send_queued()
    assert [m.template for m in whatsapp.outbox] == ["payment_confirmed"]


@pytest.mark.django_db
def test_the_payment_details_go_by_sms_beside_the_email(learner: User) -> None:
    notice = messages.payment_details(
        name="Asha", course="Python", amount="₹999", reference="ENR-1", link="https://x/e/t"
    )

    assert notify(user=learner, notice=notice) == "email"

    assert len(queued_about("enrolment.payment_details")) == 1
    [sms] = OutboundSMS.objects.all()
    assert sms.to == learner.phone and "https://x/e/t" in sms.text
