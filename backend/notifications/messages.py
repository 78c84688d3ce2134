"""Every message the site sends students on WhatsApp, in one place staff can read (and see
in the admin: Messages to students → Templates).

Each is a WhatsApp "utility" template: its name and body must be created with the same
words in WhatsApp Manager and approved by Meta before WHATSAPP_BACKEND=cloud can send it;
{{1}}, {{2}}… are its parameters, in order. The same words, filled in, are the email or
SMS sent instead when WhatsApp is not the student's choice or cannot reach them.

The builders below take plain values (the caller's app knows its models; this module
knows none), so a service adds a message with one call:
`notify(user=..., notice=messages.payment_confirmed(...))`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from notifications.models import Kind

# Meta refuses a parameter with a newline, a tab or more than four spaces in a row, and
# a body over 1024 characters: parameters are put on one line and long ones cut.
PARAMETER_MAX = 500


@dataclass(frozen=True)
class Template:
    name: str
    kind: Kind
    subject: str  # the email's subject, with the same {n} as the body
    body: str  # with {{1}}, {{2}}…
    parameters: tuple[str, ...]  # what each {{n}} is, for staff

    def fill(self, text: str, values: tuple[str, ...]) -> str:
        return re.sub(r"\{\{(\d+)\}\}", lambda m: values[int(m.group(1)) - 1], text)


@dataclass(frozen=True)
class Notice:
    """One message to send: a template and its values."""

    template: Template
    parameters: tuple[str, ...]
    topic: str

    @property
    def text(self) -> str:
        return self.template.fill(self.template.body, self.parameters)

    @property
    def subject(self) -> str:
        return self.template.fill(self.template.subject, self.parameters)


PAYMENT_CONFIRMED = Template(
    name="payment_confirmed",
    kind=Kind.PAYMENTS,
    subject="Payment confirmed: {{3}} ({{4}})",
    body=(
        "Hello {{1}}, we have received your payment of {{2}} for {{3}}. Your enrolment {{4}} "
        "is confirmed. Your enrolments and receipts: {{5}}"
    ),
    parameters=("name", "amount", "course", "enrolment reference", "dashboard link"),
)
APPLICATION_ACCEPTED = Template(
    name="application_accepted",
    kind=Kind.TASKS,
    subject="You are in: {{3}} internship ({{2}})",
    body=(
        "Hello {{1}}, your application {{2}} for the {{3}} internship is accepted. Welcome "
        "aboard! Your tasks are on your board: {{4}}"
    ),
    parameters=("name", "application reference", "internship", "board link"),
)
TASK_OPENED = Template(
    name="task_opened",
    kind=Kind.TASKS,
    subject="Task {{2}} is open: {{3}}",
    body="Hello {{1}}, task {{2}}, {{3}}, opened today on your board: {{4}}",
    parameters=("name", "task number", "task title", "board link"),
)
CHANGES_REQUESTED = Template(
    name="changes_requested",
    kind=Kind.TASKS,
    subject="Changes requested on task {{2}}",
    body=(
        "Hello {{1}}, our reviewer asks for changes to your work on task {{2}}: {{3}} "
        "Submit it again on your board when it is ready: {{4}}"
    ),
    parameters=("name", "task number", "the reviewer's words", "board link"),
)
CERTIFICATE_ISSUED = Template(
    name="certificate_issued",
    kind=Kind.CERTIFICATES,
    subject="Your certificate is issued: {{2}}",
    body=(
        "Hello {{1}}, all your tasks of the {{2}} internship are approved and your "
        "certificate {{3}} is issued. Anyone can verify it here: {{4}}"
    ),
    parameters=("name", "internship", "certificate ID", "verify link"),
)
PAYOUT_PAID = Template(
    name="payout_paid",
    kind=Kind.PAYMENTS,
    subject="Your referral reward of {{2}} has been paid",
    body=(
        "Hello {{1}}, we have sent your referral reward of {{2}} to {{3}}. Payment "
        "reference: {{4}}. Thank you for referring your friends."
    ),
    parameters=("name", "amount", "UPI ID", "payment reference"),
)
REMINDER_TASK_OPEN = Template(
    name="reminder_task_open",
    kind=Kind.REMINDERS,
    subject="Reminder: task {{2}} is waiting for your work",
    body=(
        "Hello {{1}}, task {{2}}, {{3}}, has been open for 3 days and has no submission yet. "
        "Submit your work on your board: {{4}}"
    ),
    parameters=("name", "task number", "task title", "board link"),
)
REMINDER_PAYMENT = Template(
    name="reminder_payment",
    kind=Kind.REMINDERS,
    subject="Reminder: your enrolment {{2}} is waiting for payment",
    body=(
        "Hello {{1}}, your enrolment {{2}} in {{3}} is waiting for your payment of {{4}}. "
        "Pay by UPI here: {{5}}"
    ),
    parameters=("name", "enrolment reference", "course", "amount", "payment link"),
)

PAYMENT_DETAILS = Template(
    name="payment_details",
    kind=Kind.PAYMENTS,
    subject="Pay {{3}} for {{2}} ({{4}})",
    body=(
        "Hello {{1}}, your enrolment {{4}} in {{2}} is waiting for your payment of {{3}}. "
        "Pay by UPI and send us the UTR on your private payment link: {{5}}"
    ),
    parameters=("name", "course", "amount", "enrolment reference", "private payment link"),
)

COURSE_CERTIFICATE_ISSUED = Template(
    name="course_certificate_issued",
    kind=Kind.CERTIFICATES,
    subject="Your certificate is issued: {{2}}",
    body=(
        "Hello {{1}}, you have completed {{2}} and your certificate {{3}} is issued. "
        "Anyone can verify it here: {{4}}"
    ),
    parameters=("name", "course", "certificate ID", "verify link"),
)
BATCH_STARTS_TOMORROW = Template(
    name="batch_starts_tomorrow",
    kind=Kind.CLASSES,
    subject="{{2}} starts tomorrow",
    body=(
        "Hello {{1}}, your {{2}} batch starts tomorrow. First class: {{3}} (India time). "
        "Your classes and the Join class link: {{4}}"
    ),
    parameters=("name", "course", "first class (date and time)", "dashboard link"),
)
CLASS_STARTS_SOON = Template(
    name="class_starts_soon",
    kind=Kind.CLASSES,
    subject="Your {{2}} class starts at {{3}}",
    body=(
        "Hello {{1}}, your {{2}} class starts at {{3}} (India time). Join it from your "
        "dashboard: {{4}}"
    ),
    parameters=("name", "course", "start time", "dashboard link"),
)
WAITLIST_SEAT_FREE = Template(
    name="waitlist_seat_free",
    kind=Kind.CLASSES,
    subject="A seat is free in {{2}}",
    body=(
        "Hello {{1}}, a seat is free in the {{2}} batch starting {{3}}, which you are waiting "
        "for. Seats go to whoever enrols first: {{4}}"
    ),
    parameters=("name", "course", "start date", "course page link"),
)
REGISTRATION_PAID = Template(
    name="registration_paid",
    kind=Kind.PAYMENTS,
    subject="Registration confirmed: {{3}} ({{4}})",
    body=(
        "Hello {{1}}, we have received your payment of {{2}} for {{3}}. Your registration {{4}} "
        "is confirmed. Your events and receipts: {{5}}"
    ),
    parameters=("name", "amount", "event", "registration reference", "receipt link"),
)
REGISTRATION_CONFIRMED = Template(
    name="registration_confirmed",
    kind=Kind.PAYMENTS,
    subject="Registration confirmed: {{2}} ({{3}})",
    body=(
        "Hello {{1}}, your registration for {{2}} is confirmed. Your reference is {{3}}: "
        "bring it on the day. Your events: {{4}}"
    ),
    parameters=("name", "event", "registration reference", "dashboard link"),
)

TEMPLATES: tuple[Template, ...] = (
    PAYMENT_DETAILS,
    PAYMENT_CONFIRMED,
    APPLICATION_ACCEPTED,
    TASK_OPENED,
    CHANGES_REQUESTED,
    CERTIFICATE_ISSUED,
    PAYOUT_PAID,
    REMINDER_TASK_OPEN,
    REMINDER_PAYMENT,
    COURSE_CERTIFICATE_ISSUED,
    BATCH_STARTS_TOMORROW,
    CLASS_STARTS_SOON,
    WAITLIST_SEAT_FREE,
    REGISTRATION_PAID,
    REGISTRATION_CONFIRMED,
)


def _one_line(value: object) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= PARAMETER_MAX else text[: PARAMETER_MAX - 1].rstrip() + "…"


def _notice(template: Template, topic: str, *values: object) -> Notice:
    assert len(values) == len(template.parameters), template.name
    return Notice(template=template, parameters=tuple(_one_line(v) for v in values), topic=topic)


def payment_confirmed(*, name: str, amount: str, course: str, reference: str, link: str) -> Notice:
    return _notice(PAYMENT_CONFIRMED, "enrolment.confirmed", name, amount, course, reference, link)


def registration_paid(*, name: str, amount: str, event: str, reference: str, link: str) -> Notice:
    """An event registration's payment confirmed (payment_confirmed's variant)."""
    return _notice(
        REGISTRATION_PAID, "registration.confirmed", name, amount, event, reference, link
    )


def registration_confirmed(*, name: str, event: str, reference: str, link: str) -> Notice:
    """A free event registration, confirmed at once."""
    return _notice(REGISTRATION_CONFIRMED, "registration.confirmed", name, event, reference, link)


def payment_details(*, name: str, course: str, amount: str, reference: str, link: str) -> Notice:
    return _notice(
        PAYMENT_DETAILS, "enrolment.payment_details", name, course, amount, reference, link
    )


def application_accepted(*, name: str, reference: str, internship: str, board_link: str) -> Notice:
    return _notice(
        APPLICATION_ACCEPTED,
        "internship.application_accepted",
        name,
        reference,
        internship,
        board_link,
    )


def task_opened(*, name: str, number: int, title: str, board_link: str) -> Notice:
    return _notice(TASK_OPENED, "internship.task_opened", name, number, title, board_link)


def changes_requested(*, name: str, number: int, feedback: str, board_link: str) -> Notice:
    return _notice(
        CHANGES_REQUESTED, "internship.changes_requested", name, number, feedback, board_link
    )


def certificate_issued(
    *, name: str, internship: str, certificate_id: str, verify_link: str
) -> Notice:
    return _notice(
        CERTIFICATE_ISSUED, "certificate.issued", name, internship, certificate_id, verify_link
    )


def payout_paid(*, name: str, amount: str, upi_id: str, reference: str) -> Notice:
    return _notice(PAYOUT_PAID, "referral.payout", name, amount, upi_id, reference)


def reminder_task_open(*, name: str, number: int, title: str, board_link: str) -> Notice:
    return _notice(REMINDER_TASK_OPEN, "reminder.task_open", name, number, title, board_link)


def reminder_payment(*, name: str, reference: str, course: str, amount: str, link: str) -> Notice:
    return _notice(REMINDER_PAYMENT, "reminder.payment", name, reference, course, amount, link)


def course_certificate_issued(
    *, name: str, course: str, certificate_id: str, verify_link: str
) -> Notice:
    return _notice(
        COURSE_CERTIFICATE_ISSUED,
        "certificate.course_issued",
        name,
        course,
        certificate_id,
        verify_link,
    )


def batch_starts_tomorrow(*, name: str, course: str, first_class: str, link: str) -> Notice:
    return _notice(BATCH_STARTS_TOMORROW, "classes.batch_tomorrow", name, course, first_class, link)


def class_starts_soon(*, name: str, course: str, starts: str, link: str) -> Notice:
    return _notice(CLASS_STARTS_SOON, "classes.class_soon", name, course, starts, link)


def waitlist_seat_free(*, name: str, course: str, starts_on: str, link: str) -> Notice:
    return _notice(WAITLIST_SEAT_FREE, "classes.waitlist_seat", name, course, starts_on, link)
