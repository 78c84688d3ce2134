"""The back office's Message texts (issue 41 item 12): every message the site sends, as
its reader will see it, filled in from the live site settings with sample values whose
links are this site's; and, for staff who may change messages' words
(core.change_messagewords), a paragraph of their own words added to each email.

Staff never see or type template syntax: what they type is stored as it is
(core.models.MessageWords) and placed after the message's words as plain text
(core.messages.with_extra_words), never read as a template; the page shows it escaped.
The SMS and WhatsApp words are shown but not editable: they are registered with the SMS
operator (DLT) and approved by Meta.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode

from catalog.selectors import site_settings_cached
from certificates.models import Certificate
from certificates.selectors import certificate_verify_url
from core.messages import extra_words, message_templates, render_message, with_extra_words
from core.models import MessageWords
from notifications.messages import TEMPLATES, Template

VIEW_PERMISSIONS = ("notifications.view_messagepreferences", "core.view_messagewords")
CHANGE_PERMISSION = "core.change_messagewords"
SAMPLE_CERTIFICATE_ID = "INT-2026-7KQ2MX"
EXAMPLE_SITE = "https://example.com"

# The emails and SMS of the apps that are not one of notify()'s messages, in office words.
APP_MESSAGES: dict[str, tuple[str, str]] = {
    "accounts/messages/code": (
        "One-time code (SMS)",
        "Sent by SMS when someone signs up or asks to reset their password.",
    ),
    "accounts/messages/password_reset": (
        "Password reset link",
        "Sent when someone asks for a new password by email.",
    ),
    "accounts/messages/email_changed": (
        "Email address changed",
        "Sent to the old address when a student changes the email of their account.",
    ),
    "certificates/messages/certificate_issued": (
        "Certificate issued, with its downloads",
        "Sent once to a certificate's holder when it is issued or imported.",
    ),
    "enquiries/messages/enquiry_received": (
        "New enquiry (to the office)",
        "Sent to the office's address when someone sends the contact or quote form.",
    ),
    "enrolments/messages/payment_not_confirmed": (
        "Payment not confirmed",
        "Sent when staff refuse a payment, with the reason they gave.",
    ),
    "enrolments/messages/payment_refunded": (
        "Refund processed",
        "Sent when staff refund a confirmed enrolment; it names the credit note.",
    ),
    "internships/messages/application_received": (
        "Internship application received",
        "Sent when someone applies for an internship.",
    ),
    "internships/messages/application_rejected": (
        "Internship application not accepted",
        "Sent when staff turn an application down, with the reason they gave.",
    ),
    "internships/messages/task_approved": (
        "Internship task approved",
        "Sent when a reviewer approves an intern's work on a task.",
    ),
    "reminders/messages/review_waiting": (
        "Reminder to staff: work waiting 2 days for review",
        "Sent to the reviewers when an intern's work has waited 2 days.",
    ),
}


@dataclass(frozen=True)
class Text:
    key: str  # the email's MessageWords.message ("" when it has no email)
    heading: str
    when: str
    subject: str
    email: str
    sms: str
    whatsapp: str
    whatsapp_name: str
    extra: str
    standard: str  # the email without staff's words


def _certificate_id() -> str:
    """The newest real certificate's ID, so the sample verify link opens a real page."""
    found = (
        Certificate.objects.filter(status=Certificate.Status.VALID)
        .order_by("-pk")
        .values_list("certificate_id", flat=True)
        .first()
    )
    return found or SAMPLE_CERTIFICATE_ID


def _live(value: Any, *, brand: str, certificate_id: str) -> Any:
    """A sample value with this site's address, brand and a real certificate's ID."""
    if isinstance(value, dict):
        return {
            k: brand if k == "brand" else _live(v, brand=brand, certificate_id=certificate_id)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_live(v, brand=brand, certificate_id=certificate_id) for v in value]
    if not isinstance(value, str):
        return value
    value = value.replace(SAMPLE_CERTIFICATE_ID, certificate_id)
    if value == EXAMPLE_SITE or value.startswith(f"{EXAMPLE_SITE}/"):
        return settings.SITE_URL + value.removeprefix(EXAMPLE_SITE)
    if value.startswith("/"):
        return settings.SITE_URL + value
    return value


class _Samples:
    def __init__(self) -> None:
        self.brand = site_settings_cached().brand_name
        self.certificate_id = _certificate_id()
        self.app = {t.name: t.sample for t in message_templates()}

    def live(self, sample: dict[str, Any]) -> dict[str, Any]:
        values = _live(sample, brand=self.brand, certificate_id=self.certificate_id)
        if "verify_link" in values:
            values["verify_link"] = certificate_verify_url(certificate_id=self.certificate_id)
        if values.get("certificate_id") == "CERT":
            values["certificate_id"] = self.certificate_id
        return values


def _words(key: str, standard: str, drafts: dict[str, str]) -> tuple[str, str]:
    """(the email as sent, staff's words): their draft on a preview, else the saved ones."""
    extra = drafts[key] if key in drafts else extra_words(key)
    return with_extra_words(standard, extra), extra


def _folder_text(template: Template, samples: _Samples, drafts: dict[str, str]) -> Text:
    values = samples.live(template.sample)
    key = subject = standard = ""
    if template.app_email:
        key = template.app_email
        # The app's sample, with this message's own sample values where both have one, so
        # the email, the SMS and the WhatsApp text of one message tell the same story.
        app_sample = samples.app.get(key, {})
        shared = {k: v for k, v in template.sample.items() if k in app_sample}
        context = samples.live({**app_sample, **shared})
        subject, standard = render_message(key, context, extra="")
    elif template.has_email:
        key = template.folder
        subject = template.render("email_subject", values)
        standard = template.render("email", values)
    email, extra = _words(key, standard, drafts) if key else ("", "")
    return Text(
        key=key,
        heading=template.heading,
        when=template.when,
        subject=subject,
        email=email,
        # Without an email of its own (a certificate) nothing goes by SMS instead.
        sms=template.render("sms", values) if template.has_email else "",
        whatsapp=template.render("whatsapp", values),
        whatsapp_name=template.name,
        extra=extra,
        standard=standard,
    )


def message_texts(*, drafts: dict[str, str] | None = None) -> list[Text]:
    """Every message, filled in: notify()'s messages first, then the apps' other emails."""
    drafts = drafts or {}
    samples = _Samples()
    texts = [_folder_text(t, samples, drafts) for t in TEMPLATES]
    for name, (heading, when) in APP_MESSAGES.items():
        context = samples.live(samples.app.get(name, {}))
        subject, body = render_message(name, context, extra="")
        if not subject:  # an SMS
            texts.append(Text("", heading, when, "", "", body, "", "", "", ""))
            continue
        email, extra = _words(name, body, drafts)
        texts.append(Text(name, heading, when, subject, email, "", "", "", extra, body))
    return texts


def editable_keys() -> set[str]:
    keys = {t.app_email or (t.folder if t.has_email else "") for t in TEMPLATES}
    keys |= set(APP_MESSAGES) - {"accounts/messages/code"}
    return keys - {""}


def _may_view(request: HttpRequest) -> bool:
    user = request.user
    return bool(
        user.is_active and user.is_staff and any(user.has_perm(p) for p in VIEW_PERMISSIONS)
    )


def message_texts_page(request: HttpRequest) -> HttpResponse:
    if not _may_view(request):
        raise PermissionDenied("Reading the message texts needs the view permission on messages.")
    may_change = request.user.has_perm(CHANGE_PERMISSION)
    drafts: dict[str, str] = {}
    errors: dict[str, str] = {}
    notice = ""
    status = 200
    if request.method == "POST":
        key = request.POST.get("message", "")
        action = request.POST.get("action", "")
        words = request.POST.get("email_extra", "").replace("\r\n", "\n").strip()
        if not may_change:
            raise PermissionDenied(
                "Changing a message's words needs the change permission on messages' words."
            )
        if key not in editable_keys() or action not in {"preview", "save", "reset"}:
            notice, status = "That message cannot be changed here. Nothing was saved.", 400
        elif action != "reset" and len(words) > MessageWords.EXTRA_MAX:
            errors[key] = (
                f"Use at most {MessageWords.EXTRA_MAX} characters (you typed {len(words)}). "
                "Nothing was saved."
            )
            drafts[key] = words
            status = 400
        elif action == "preview":
            drafts[key] = words
            notice = "This is a preview: the words are not saved yet."
        else:
            if action == "reset" or not words:
                MessageWords.objects.filter(message=key).delete()
                done = "reset"
            else:
                MessageWords.objects.update_or_create(
                    message=key, defaults={"email_extra": words, "updated_at": timezone.now()}
                )
                done = "saved"
            query = urlencode({done: key})
            return HttpResponseRedirect(f"{reverse('messagetexts:page')}?{query}#{_anchor(key)}")
    saved, reset = request.GET.get("saved", ""), request.GET.get("reset", "")
    texts = message_texts(drafts=drafts)
    items = []
    first: dict[str, str] = {}  # an email two messages share is edited at its first
    for t in texts:
        shared = bool(t.key) and t.key in first
        anchor = _anchor(t.whatsapp_name or t.heading) if shared or not t.key else _anchor(t.key)
        if t.key and not shared:
            first[t.key] = t.heading
        items.append(
            {
                "text": t,
                "anchor": anchor,
                "edit_here": bool(t.key) and not shared,
                "edited_under": first[t.key] if shared else "",
                "draft": t.key in drafts and not shared,
                "error": "" if shared else errors.get(t.key, ""),
                "done": "" if shared else _done(t.key, saved=saved, reset=reset),
            }
        )
    context = {
        **admin.site.each_context(request),
        "title": "Message texts",
        "texts": items,
        "may_change": may_change,
        "notice": notice,
        "extra_max": MessageWords.EXTRA_MAX,
        "site_url": settings.SITE_URL,
    }
    return TemplateResponse(request, "backoffice/message_texts.html", context, status=status)


def _done(key: str, *, saved: str, reset: str) -> str:
    if key and saved == key:
        return "Saved: the next emails of this message carry your words."
    if key and reset == key:
        return "Back to our standard words."
    return ""


def _anchor(key: str) -> str:
    return "m-" + "".join(c if c.isalnum() else "-" for c in key)
