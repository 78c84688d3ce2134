"""Every message the site sends students by notify() (WhatsApp, email or SMS, section 19),
each one folder of templates, one per channel, in
`notifications/templates/notifications/messages/<name>/`:

- `email_subject.txt` and `email.txt`: the email (when the caller's app has no email of
  its own for this news);
- `sms.txt`: the SMS (payments reach a student without an email address this way);
- `whatsapp.txt` and `whatsapp.json`: the WhatsApp "utility" template, with its Meta
  template name and the order of its parameters ({{1}}, {{2}}… are the values named there,
  in order). Its name and words must be created the same in WhatsApp Manager and approved
  by Meta before WHATSAPP_BACKEND=cloud can send it;
- `message.json`: what it is and when it is sent (in the office's words), its kind (the
  student's channel choice on /account), its topic (the outbox's label), the caller app's
  own email for the news when it has one (`email`: an invoice's, a certificate's), what
  each value is, and sample values (the back office's Message texts).

The texts are Django templates of plain text (`{% autoescape off %}`), filled with the
values the builders below are given (the caller's app knows its models; this module knows
none), so a service adds a message with one call:
`notify(user=..., notice=messages.payment_confirmed(...))`.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string

from core.messages import extra_words, with_extra_words
from notifications.models import Kind

# Meta refuses a parameter with a newline, a tab or more than four spaces in a row, and
# a body over 1024 characters: parameters are put on one line and long ones cut.
PARAMETER_MAX = 500


MESSAGES_DIR = Path(__file__).resolve().parent / "templates" / "notifications" / "messages"
CHANNEL_FILES = ("email_subject", "email", "sms", "whatsapp")


def _render(path: str, context: dict[str, str]) -> str:
    # A file's last newline is the editor's, not the message's (as core.messages).
    return render_to_string(path, context).removesuffix("\n")


@dataclass(frozen=True)
class Template:
    name: str  # the folder's name, and the Meta template's
    kind: Kind
    topic: str
    variables: tuple[str, ...]  # the WhatsApp parameters' names, in order
    parameters: tuple[str, ...]  # what each is, for staff
    has_email: bool = True  # False: another app's email carries this news (a certificate)
    sms_beside_email: bool = False  # the SMS goes beside the email too (payment details)
    heading: str = ""  # what it is, in the office's words (the back office's Message texts)
    when: str = ""  # when it is sent
    # The caller app's own email for this news (core.messages), sent instead of email.txt
    # when the app has it: "enrolments/messages/payment_confirmed".
    app_email: str = ""
    sample: dict[str, str] = dataclasses.field(default_factory=dict, compare=False)

    @property
    def folder(self) -> str:
        """The folder's template name, "notifications/messages/<name>" (also the key of
        the words staff add to its email, core.models.MessageWords)."""
        return f"notifications/messages/{self.name}"

    def path(self, channel: str) -> str:
        return f"{self.folder}/{channel}.txt"

    def render(self, channel: str, values: dict[str, str]) -> str:
        return _render(self.path(channel), {"site_url": settings.SITE_URL, **values})

    def _numbered(self, channel: str) -> str:
        return self.render(channel, {v: f"{{{{{i}}}}}" for i, v in enumerate(self.variables, 1)})

    @property
    def body(self) -> str:
        """The WhatsApp template's words as Meta holds them, with {{1}}, {{2}}…"""
        return self._numbered("whatsapp")

    @property
    def subject(self) -> str:
        return self._numbered("email_subject") if self.has_email else ""


def _load(folder: Path) -> Template:
    about = json.loads((folder / "message.json").read_text())
    whatsapp = json.loads((folder / "whatsapp.json").read_text())
    variables = tuple(whatsapp["parameters"])
    assert whatsapp["template"] == folder.name, folder
    return Template(
        name=folder.name,
        kind=Kind(about["kind"]),
        topic=about["topic"],
        variables=variables,
        parameters=tuple(about["labels"][v] for v in variables),
        has_email=(folder / "email.txt").exists(),
        sms_beside_email=bool(about.get("sms_beside_email", False)),
        heading=about["heading"],
        when=about["when"],
        app_email=about.get("email", ""),
        sample=dict(about["sample"]),
    )


@dataclass(frozen=True)
class Notice:
    """One message to send: a template and its values."""

    template: Template
    values: dict[str, str]

    @property
    def topic(self) -> str:
        return self.template.topic

    @property
    def parameters(self) -> tuple[str, ...]:
        """The WhatsApp template's parameters, in order."""
        return tuple(self.values[v] for v in self.template.variables)

    @property
    def text(self) -> str:
        """The SMS."""
        return self.template.render("sms", self.values)

    @property
    def subject(self) -> str:
        return self.template.render("email_subject", self.values) if self.template.has_email else ""

    @property
    def email_body(self) -> str:
        """The email, with the words staff added to it in the back office (Message texts)."""
        if not self.template.has_email:
            return ""
        body = self.template.render("email", self.values)
        return with_extra_words(body, extra_words(self.template.folder))


# In the order staff read them (the back office's Message templates).
ORDER = (
    "payment_details",
    "payment_confirmed",
    "application_accepted",
    "task_opened",
    "changes_requested",
    "certificate_issued",
    "payout_paid",
    "reminder_task_open",
    "reminder_payment",
    "course_certificate_issued",
    "batch_starts_tomorrow",
    "class_starts_soon",
    "waitlist_seat_free",
    "registration_paid",
    "registration_confirmed",
)
BY_NAME: dict[str, Template] = {
    folder.name: _load(folder) for folder in MESSAGES_DIR.iterdir() if folder.is_dir()
}
assert set(BY_NAME) == set(ORDER), (
    "a message folder is missing from ORDER, or ORDER from the folders"
)
TEMPLATES: tuple[Template, ...] = tuple(BY_NAME[name] for name in ORDER)


def _one_line(value: object) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= PARAMETER_MAX else text[: PARAMETER_MAX - 1].rstrip() + "…"


def _notice(message: str, /, **values: object) -> Notice:
    template = BY_NAME[message]
    assert set(values) == set(template.variables), message
    return Notice(template=template, values={k: _one_line(v) for k, v in values.items()})


def payment_confirmed(*, name: str, amount: str, course: str, reference: str, link: str) -> Notice:
    return _notice(
        "payment_confirmed", name=name, amount=amount, course=course, reference=reference, link=link
    )


def registration_paid(*, name: str, amount: str, event: str, reference: str, link: str) -> Notice:
    """An event registration's payment confirmed (payment_confirmed's variant)."""
    return _notice(
        "registration_paid", name=name, amount=amount, event=event, reference=reference, link=link
    )


def registration_confirmed(*, name: str, event: str, reference: str, link: str) -> Notice:
    """A free event registration, confirmed at once."""
    return _notice("registration_confirmed", name=name, event=event, reference=reference, link=link)


def payment_details(*, name: str, course: str, amount: str, reference: str, link: str) -> Notice:
    return _notice(
        "payment_details", name=name, course=course, amount=amount, reference=reference, link=link
    )


def application_accepted(*, name: str, reference: str, internship: str, board_link: str) -> Notice:
    return _notice(
        "application_accepted",
        name=name,
        reference=reference,
        internship=internship,
        board_link=board_link,
    )


def task_opened(*, name: str, number: int, title: str, board_link: str) -> Notice:
    return _notice("task_opened", name=name, number=number, title=title, board_link=board_link)


def changes_requested(*, name: str, number: int, feedback: str, board_link: str) -> Notice:
    return _notice(
        "changes_requested", name=name, number=number, feedback=feedback, board_link=board_link
    )


def certificate_issued(
    *, name: str, internship: str, certificate_id: str, verify_link: str
) -> Notice:
    return _notice(
        "certificate_issued",
        name=name,
        internship=internship,
        certificate_id=certificate_id,
        verify_link=verify_link,
    )


def payout_paid(*, name: str, amount: str, upi_id: str, reference: str) -> Notice:
    return _notice("payout_paid", name=name, amount=amount, upi_id=upi_id, reference=reference)


def reminder_task_open(*, name: str, number: int, title: str, board_link: str) -> Notice:
    return _notice(
        "reminder_task_open", name=name, number=number, title=title, board_link=board_link
    )


def reminder_payment(*, name: str, reference: str, course: str, amount: str, link: str) -> Notice:
    return _notice(
        "reminder_payment", name=name, reference=reference, course=course, amount=amount, link=link
    )


def course_certificate_issued(
    *, name: str, course: str, certificate_id: str, verify_link: str
) -> Notice:
    return _notice(
        "course_certificate_issued",
        name=name,
        course=course,
        certificate_id=certificate_id,
        verify_link=verify_link,
    )


def batch_starts_tomorrow(*, name: str, course: str, first_class: str, link: str) -> Notice:
    return _notice(
        "batch_starts_tomorrow", name=name, course=course, first_class=first_class, link=link
    )


def class_starts_soon(*, name: str, course: str, starts: str, link: str) -> Notice:
    return _notice("class_starts_soon", name=name, course=course, starts=starts, link=link)


def waitlist_seat_free(*, name: str, course: str, starts_on: str, link: str) -> Notice:
    return _notice("waitlist_seat_free", name=name, course=course, starts_on=starts_on, link=link)
