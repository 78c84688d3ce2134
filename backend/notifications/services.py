"""Sending a student a message by the channel they chose, and their consent.

notify() is the one call a service makes when something happens that a student should
hear about; it picks the channel (docs/product.md section 19):

- WhatsApp when the student chose it for this kind of message and opted in (and has a
  phone): queued with the email (or, without an address, the SMS) to send instead should
  WhatsApp fail for good (core.whatsapp.queue);
- otherwise email (the caller's email, or the message's own words), when there is an
  address;
- payments always reach the student by some channel: without an email address, by SMS;
- "neither" sends nothing (not allowed for payments).

No caller sends a message's email, SMS or WhatsApp itself: each message's folder
(notifications.messages) holds its words per channel, and notify() sends them.
"""

from __future__ import annotations

import dataclasses
import hmac
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from core.email import email_queue
from core.errors import FieldErrors
from core.models import OutboundSMS, OutboundWhatsApp
from core.sms.queue import sms_queue
from core.whatsapp.queue import whatsapp_queue
from notifications.messages import Notice
from notifications.models import (
    ALWAYS_SENT,
    CHANNEL_FIELDS,
    Channel,
    ConsentRecord,
    Kind,
    MessagePreferences,
)
from notifications.selectors import preferences_for

if TYPE_CHECKING:
    from accounts.models import User

logger = logging.getLogger(__name__)

# What a student replies on WhatsApp to stop its messages (compared without case).
STOP_WORDS = frozenset({"STOP", "STOP ALL", "UNSUBSCRIBE"})


@dataclass(frozen=True)
class Email:
    """The email a service would have sent: sent as is when email is the channel."""

    to: str
    subject: str
    body: str
    topic: str = ""
    reply_to: str = ""
    # A document the email carries (file name: (content, MIME type)), as email_queue's.
    attachments: dict[str, tuple[bytes, str]] = dataclasses.field(default_factory=dict)


def notice_email(notice: Notice, *, to: str) -> Email | None:
    """The message's own email (its folder's email.txt) to `to` (None without an
    address): for someone without an account, whose preferences are not known."""
    return Email(to=to, subject=notice.subject, body=notice.email_body) if to else None


def notify(
    *,
    user: User | None,
    notice: Notice,
    email: Email | None = None,
    phone: str = "",
) -> str:
    """Tell a student about `notice` by their channel; return the channel used
    ("whatsapp", "email", "sms", or "" for none). The one place that chooses:

    - WhatsApp when the student chose it for this kind and opted in (and has a phone),
      with the email (or, without an address, the SMS) to send instead should it fail;
    - otherwise the email, when there is an address;
    - otherwise, for payments (always sent), the SMS;
    - an email carrying a document (an invoice: `email.attachments`) is always sent when
      there is an address, WhatsApp beside it for a student who chose it;
    - a message whose folder says `"sms_beside_email"` (the payment details) also goes by
      SMS when it went by email: the phone is what every student has with them;
    - a message whose folder says `"email": false` has no email of its own (a
      certificate: the certificates app's email, with the downloads, carries that news):
      it goes by WhatsApp only, with nothing instead.

    `email`: the caller app's own words for the email (default: the message's email.txt
    to the account's address). `phone`: where WhatsApp or SMS go (default: the account's).
    """
    template = notice.template
    kind = template.kind
    preferences = preferences_for(user=user) if user is not None else None
    channel = preferences.channel_for(kind) if preferences else Channel.EMAIL
    if channel == Channel.NONE and kind not in ALWAYS_SENT:
        return ""
    to_phone = phone or (user.phone if user is not None else "")
    if not template.has_email:
        email = None
    elif email is None and user is not None and user.email:
        email = Email(to=user.email, subject=notice.subject, body=notice.email_body)
    if email is not None and not email.to:
        email = None
    opted_in = preferences is not None and preferences.whatsapp_opted_in
    document = email is not None and bool(email.attachments)
    if channel == Channel.WHATSAPP and opted_in and to_phone:
        whatsapp_queue(
            to=to_phone,
            template=template.name,
            parameters=notice.parameters,
            topic=notice.topic,
            fallback_email=email.to if email and not document else "",
            fallback_subject=email.subject if email and not document else "",
            fallback_body=email.body if email and not document else "",
            fallback_sms_to=to_phone if email is None and template.has_email else "",
            fallback_text=notice.text if email is None and template.has_email else "",
        )
        if not document:
            return "whatsapp"
    elif not template.has_email:
        return "email"  # the other app's email (the certificate's) is the channel
    if email is not None:
        email_queue(
            to=email.to,
            subject=email.subject,
            body=email.body,
            reply_to=email.reply_to,
            topic=email.topic or notice.topic,
            attachments=email.attachments or None,
        )
        if document and channel == Channel.WHATSAPP and opted_in and to_phone:
            return "whatsapp"
        if template.sms_beside_email and to_phone:
            sms_queue(to=to_phone, text=notice.text, topic=notice.topic)
        return "email"
    if kind in ALWAYS_SENT and to_phone:
        sms_queue(to=to_phone, text=notice.text, topic=notice.topic)
        return "sms"
    return ""


def _locked_preferences(user: User) -> MessagePreferences:
    MessagePreferences.objects.get_or_create(user=user)
    return MessagePreferences.objects.select_for_update().get(user=user)


def _consent(preferences: MessagePreferences, *, given: bool, source: str, now: datetime) -> None:
    if given == preferences.whatsapp_opted_in:
        return
    if given:
        preferences.whatsapp_opted_in_at = now
    else:
        preferences.whatsapp_opted_in_at = None
        preferences.whatsapp_opted_out_at = now
    ConsentRecord.objects.create(user_id=preferences.user_id, given=given, source=source, at=now)


@transaction.atomic
def whatsapp_consent_set(*, user: User, given: bool, source: str) -> MessagePreferences:
    """Record consent to WhatsApp messages given or withdrawn (with its time and source)."""
    preferences = _locked_preferences(user)
    _consent(preferences, given=given, source=source, now=timezone.now())
    preferences.save()
    return preferences


CHANNEL_PROBLEM = "Choose WhatsApp, email or neither."
ALWAYS_PROBLEM = "Payment messages always reach you: choose WhatsApp or email."


@transaction.atomic
def preferences_update(
    *, user: User, whatsapp_opt_in: bool, channels: dict[str, str]
) -> MessagePreferences:
    """Save a student's consent and channels (the /account form). Every kind is required;
    a bad value is a field error and nothing changes."""
    problems: dict[str, str] = {}
    for field in CHANNEL_FIELDS:
        value = (channels.get(field) or "").strip()
        if value not in Channel.values:
            problems[field] = CHANNEL_PROBLEM
        elif value == Channel.NONE and field in ALWAYS_SENT:
            problems[field] = ALWAYS_PROBLEM
    if problems:
        raise FieldErrors(problems)
    preferences = _locked_preferences(user)
    now = timezone.now()
    _consent(preferences, given=whatsapp_opt_in, source=ConsentRecord.Source.ACCOUNT, now=now)
    for field in CHANNEL_FIELDS:
        setattr(preferences, field, channels[field].strip())
    preferences.updated_at = now
    preferences.save()
    return preferences


def whatsapp_stop_from(*, phone: str, at: datetime) -> bool:
    """A STOP replied on WhatsApp from `phone` (E.164): withdraw that account's consent.
    False when no account has that phone or it had not opted in."""
    user = get_user_model().objects.filter(phone=phone).first()
    if user is None:
        return False
    with transaction.atomic():
        preferences = _locked_preferences(user)
        opted_in_at = preferences.whatsapp_opted_in_at
        # A STOP written before the latest consent (delivered late) does not undo it.
        if opted_in_at is None or opted_in_at > at:
            return False
        _consent(preferences, given=False, source=ConsentRecord.Source.WHATSAPP, now=at)
        preferences.save()
    logger.info("WhatsApp consent withdrawn by STOP from %s", phone)
    return True


@transaction.atomic
def notifications_erase_personal_data(*, user: User) -> None:
    """The account is being deleted (before its phone is replaced): WhatsApp consent is
    withdrawn (the record stays as evidence, on the erased account), its preferences go,
    messages to its phone still queued are never sent, and the messages already sent keep
    their status and time but lose the phone, the text and what would have been sent
    instead."""
    preferences = MessagePreferences.objects.select_for_update().filter(user=user).first()
    if preferences is not None:
        _consent(preferences, given=False, source=ConsentRecord.Source.ACCOUNT, now=timezone.now())
        preferences.delete()
    whatsapp = OutboundWhatsApp.objects.filter(to=user.phone)
    whatsapp.filter(status=OutboundWhatsApp.Status.QUEUED).delete()
    whatsapp.update(
        to="",
        parameters=[],
        fallback_email="",
        fallback_subject="",
        fallback_body="",
        fallback_sms_to="",
        fallback_text="",
    )
    sms = OutboundSMS.objects.filter(to=user.phone)
    sms.filter(status=OutboundSMS.Status.QUEUED).delete()
    sms.update(to="", text="", variables={})


def tokens_equal(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())


def is_stop(text: str) -> bool:
    return " ".join(text.split()).upper() in STOP_WORDS


__all__ = [
    "Email",
    "Kind",
    "notifications_erase_personal_data",
    "notify",
    "preferences_update",
    "whatsapp_consent_set",
    "whatsapp_stop_from",
]
