from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Literal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from core.dates import date_display
from core.gst import STATES
from core.money import format_rupees


@dataclass(frozen=True)
class Offering:
    """What an enrolment bought: a course or an event (or one of its tournaments)."""

    kind: Literal["course", "event"]
    slug: str
    name: str
    short_name: str
    route: str


def enrolment_token_new() -> str:
    """The private link's secret (/e/<token>): 256 random bits, unguessable as an
    invoice's check page token, so holding the link is what lets someone pay."""
    return secrets.token_urlsafe(32)


class DiscountCode(models.Model):
    """A code that lowers the price (docs/product.md section 22): a percentage or an amount
    in rupees, for some courses and events (all when none are chosen), valid between two
    India dates (inclusive), at most `uses` times in all and once per phone. A use is an
    enrolment holding its place with the code; an expired or rejected one gives it back."""

    code = models.CharField(
        max_length=30, unique=True, help_text="What students type; matched ignoring case."
    )
    percentage = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text="Fill this or Amount, not both.",
    )
    amount = models.PositiveIntegerField(
        "amount (₹)", null=True, blank=True, validators=[MinValueValidator(1)]
    )
    courses = models.ManyToManyField(
        "catalog.Course", blank=True, related_name="+", help_text="None chosen: every course."
    )
    events = models.ManyToManyField(
        "catalog.Event", blank=True, related_name="+", help_text="None chosen: every event."
    )
    valid_from = models.DateField(help_text="India time, inclusive.")
    valid_until = models.DateField(help_text="India time, inclusive. A past date may be saved.")
    uses = models.PositiveIntegerField(
        null=True, blank=True, help_text="At most this many uses in all. Empty: no limit."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-valid_until", "code")
        constraints = [
            models.CheckConstraint(
                condition=(Q(percentage__isnull=False) & Q(amount__isnull=True))
                | (Q(percentage__isnull=True) & Q(amount__isnull=False)),
                name="discount_code_percentage_or_amount",
            )
        ]

    def __str__(self) -> str:
        return self.code

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.code = self.code.strip().upper()
        super().save(*args, **kwargs)

    def clean(self) -> None:
        errors: dict[str, str] = {}
        self.code = (self.code or "").strip().upper()
        if (self.percentage is None) == (self.amount is None):
            errors["percentage"] = "Fill one of Percentage and Amount (₹)."
        if self.valid_from and self.valid_until and self.valid_until < self.valid_from:
            errors["valid_until"] = "Valid until cannot be before Valid from."
        if errors:
            raise ValidationError(errors)

    def price_after(self, price: int) -> int:
        """The price after the discount, in whole rupees (half up), never below 0."""
        if self.percentage is not None:
            return (price * (100 - self.percentage) * 2 + 100) // 200
        return max(price - (self.amount or 0), 0)


class Enrolment(models.Model):
    """A person's enrolment in a course, and the state of its UPI payment.

    pending --(student submits the UTR)--> paid_claimed --(staff)--> confirmed | rejected.
    pending without a UTR --(ENROLMENT_PENDING_DAYS pass, or the phone's owner enrols
    while logged in)--> expired, so nobody can hold another person's place for ever.
    An enrolment made by someone who did not confirm the phone (phone_confirmed false)
    never keeps the phone's confirmed owner out either: the owner's own enrolment is made
    beside it, and staff decide the other on its payment.
    Staff may also confirm or reject a pending enrolment (a payment that arrived without a
    UTR), reject a confirmed one (a refund) and undo a confirmation (back to paid_claimed,
    or pending when no UTR was given). Rows are changed only through enrolments.services.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for payment"
        PAID_CLAIMED = "paid_claimed", "Payment submitted"
        CONFIRMED = "confirmed", "Confirmed"
        REJECTED = "rejected", "Rejected"
        EXPIRED = "expired", "Expired (not paid)"

    OPEN_STATUSES = (Status.PENDING, Status.PAID_CLAIMED)
    # What staff may decide on, in the back office's words: a payment confirmed or rejected
    # (an expired one too: the money may come late), for an enrolment and an event's
    # registration alike (enrolments/admin.py, events/admin.py).
    CONFIRMABLE_STATUSES = OPEN_STATUSES
    REJECTABLE_STATUSES = (Status.PENDING, Status.PAID_CLAIMED, Status.EXPIRED)

    reference = models.CharField(
        max_length=12,
        unique=True,
        help_text="Sent with the UPI payment; banks may show it in the narration.",
    )
    # What was bought: a course (in one of its batches, if it has batches) or an event's
    # registration (of one of its tournaments, if it has them). Exactly one of course and
    # event is set (enrolment_buys_one_thing); an event's team is in events.Registration.
    course = models.ForeignKey(
        "catalog.Course",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="enrolments",
    )
    event = models.ForeignKey(
        "catalog.Event",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="registrations",
    )
    tournament = models.ForeignKey(
        "catalog.Tournament",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="registrations",
    )
    batch = models.ForeignKey(
        "catalog.Batch",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="enrolments",
        help_text="The batch whose seat this enrolment takes (empty for a course without batches).",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="enrolments",
        help_text="The account that enrolled, when the enroller was logged in.",
    )
    token = models.CharField(
        max_length=64,
        unique=True,
        default=enrolment_token_new,
        editable=False,
        help_text="The private payment link's secret: /e/<token> reopens the payment step.",
    )
    name = models.CharField(max_length=120)
    phone = models.CharField(max_length=16, help_text="With the country code, e.g. +919876543210.")
    # Required by the public form (enrolment_create); blank is tolerated so a row recorded
    # another way (a phone enrolment, an import) need not invent an address. Every email
    # this app sends checks for one first.
    email = models.EmailField(blank=True)
    phone_confirmed = models.BooleanField(
        "phone confirmed by the enroller",
        default=False,
        help_text="Made signed in to the account that holds this phone number and confirmed "
        "it with a code. Otherwise anyone may have typed the number: the phone's owner can "
        "still enrol beside this enrolment, and its payment is to be judged on its own.",
    )
    referral_code_used = models.CharField(
        max_length=20, blank=True, help_text="The referral code the student entered."
    )
    referrer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="referred_enrolments",
    )
    # For the invoice (docs/product.md section 18), all optional: the buyer's state (the
    # place of supply; the seller's when empty) and a business buyer's GSTIN and name.
    state = models.CharField(
        max_length=2, choices=STATES, blank=True, help_text="The buyer's state or UT."
    )
    gstin = models.CharField(
        "GSTIN", max_length=15, blank=True, help_text="A business buyer's GSTIN."
    )
    business_name = models.CharField(
        max_length=200, blank=True, help_text="The business's name, as registered for GST."
    )
    amount = models.PositiveIntegerField(
        "amount (₹)", help_text="The course fee at enrolment, after any discount code."
    )
    discount_code = models.ForeignKey(
        DiscountCode,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="enrolments",
        help_text="The discount code used, if any.",
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    utr = models.CharField(
        "UTR", max_length=12, blank=True, help_text="The UPI transaction reference (12 digits)."
    )
    rejected_reason = models.TextField(blank=True)
    # Set when a confirmed payment is rejected (the money goes back, with a credit note):
    # the student is told "Refunded", not "not accepted".
    refunded_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    utr_submitted_at = models.DateTimeField("UTR submitted at", null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rejected_at = models.DateTimeField(null=True, blank=True)
    rejected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The last "Undo confirmation" (the ledger keeps every reversal with its reason).
    unconfirmed_at = models.DateTimeField(null=True, blank=True)
    unconfirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    unconfirmed_reason = models.TextField(blank=True)

    class Meta:
        ordering = ("-created_at",)
        constraints = [
            # One open enrolment per phone and course (a second attempt is sent back to
            # the first one's payment details instead of creating a duplicate), except
            # that the phone's confirmed owner has a place of their own beside one made
            # by someone who did not confirm the phone (enrolments.services.enrolment_create).
            models.UniqueConstraint(
                fields=["phone", "course", "phone_confirmed"],
                condition=Q(status__in=["pending", "paid_claimed"]),
                name="enrolment_one_open_per_phone_course_and_confirmation",
            ),
            # A UTR proves one payment: it may appear on one live enrolment only.
            models.UniqueConstraint(
                fields=["utr"],
                condition=~Q(utr="") & ~Q(status="rejected"),
                name="enrolment_utr_unique_unless_rejected",
            ),
            models.CheckConstraint(
                condition=Q(
                    status__in=["pending", "paid_claimed", "confirmed", "rejected", "expired"]
                ),
                name="enrolment_status_valid",
            ),
            models.CheckConstraint(
                condition=(
                    Q(course__isnull=False) & Q(event__isnull=True) & Q(tournament__isnull=True)
                )
                | (Q(course__isnull=True) & Q(event__isnull=False)),
                name="enrolment_buys_one_thing",
            ),
            # One phone registers once per event, or per tournament (section 21).
            models.UniqueConstraint(
                fields=["phone", "event"],
                condition=Q(
                    event__isnull=False,
                    tournament__isnull=True,
                    status__in=["pending", "paid_claimed", "confirmed"],
                ),
                name="registration_one_per_phone_and_event",
            ),
            models.UniqueConstraint(
                fields=["phone", "tournament"],
                condition=Q(
                    tournament__isnull=False, status__in=["pending", "paid_claimed", "confirmed"]
                ),
                name="registration_one_per_phone_and_tournament",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "-created_at"], name="enrolment_status_created"),
            models.Index(fields=["phone"], name="enrolment_phone"),
        ]

    def __str__(self) -> str:
        return f"{self.reference}: {self.name} ({self.phone})"

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN_STATUSES

    @property
    def offering(self) -> Offering:
        """What was bought, in the words every message, invoice and page uses."""
        if self.course is not None:
            course = self.course
            return Offering(
                kind="course",
                slug=course.slug,
                name=course.name,
                short_name=course.short_name or course.name,
                route=course.route,
            )
        event = self.event
        assert event is not None
        if self.tournament is not None:
            name = f"{event.title}: {self.tournament.name}"
            return Offering(
                kind="event",
                slug=self.tournament.slug or event.slug,
                name=name,
                short_name=self.tournament.name,
                route=event.get_absolute_url(),
            )
        return Offering(
            kind="event",
            slug=event.slug,
            name=event.title,
            short_name=event.title,
            route=event.get_absolute_url(),
        )

    @property
    def is_refunded(self) -> bool:
        return self.status == self.Status.REJECTED and self.refunded_at is not None

    @property
    def email_to(self) -> str:
        """Where every message about this enrolment is emailed: the account's address when
        it is linked to one that has an address (it may have changed since, section 4),
        else the address given when enrolling ('' for none)."""
        user = self.user
        return (user.email if user is not None and user.email else "") or self.email

    @property
    def private_url(self) -> str:
        """The private link that reopens this enrolment's payment step in any browser."""
        return f"{settings.SITE_URL}/e/{self.token}"


class UtrChange(models.Model):
    """Staff corrected a submitted UTR (students cannot change it once sent): the old and
    new values, who and why, kept for the payment's history."""

    enrolment = models.ForeignKey(Enrolment, on_delete=models.CASCADE, related_name="utr_changes")
    old_utr = models.CharField("old UTR", max_length=12, blank=True)
    new_utr = models.CharField("new UTR", max_length=12)
    reason = models.TextField()
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-changed_at",)
        verbose_name = "UTR correction"

    def __str__(self) -> str:
        return f"{self.enrolment.reference}: {self.old_utr or '-'} -> {self.new_utr}"


class StatementLine(models.Model):
    """A credit read from an uploaded bank statement that confirmed an enrolment's payment.

    The UTR is the line's key: a UPI transfer has one, so a statement uploaded again, or
    one overlapping an earlier period, finds its lines here and confirms nothing twice.
    Written only by enrolments.services.statement_confirm_matched.
    """

    utr = models.CharField("UTR", max_length=12, unique=True)
    date = models.DateField("date on the statement")
    amount = models.DecimalField("amount (₹)", max_digits=12, decimal_places=2)
    narration = models.CharField(max_length=500, blank=True)
    reference = models.CharField(max_length=100, blank=True)
    enrolment = models.ForeignKey(
        Enrolment, on_delete=models.PROTECT, related_name="statement_lines"
    )
    layout = models.CharField("statement layout", max_length=80)
    file_name = models.CharField(max_length=255, blank=True)
    used_at = models.DateTimeField("confirmed at", default=timezone.now)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name="confirmed by",
    )

    class Meta:
        ordering = ("-used_at", "-pk")
        verbose_name = "bank statement line"

    def __str__(self) -> str:
        return f"UTR {self.utr}: {format_rupees(self.amount)} on {date_display(self.date)}"


class RazorpayOrder(models.Model):
    """The Razorpay order of an enrolment's online payment (docs/product.md section 22):
    one per enrolment, made when the student first presses "Pay ₹N online" and reused on
    every try after; `receipt` is the enrolment's reference. Paid once a capture of its
    full amount is seen (the browser's signed return, the webhook or the reconciler);
    written only by enrolments.online."""

    class Status(models.TextChoices):
        CREATED = "created", "Waiting for payment"
        PAID = "paid", "Paid"

    enrolment = models.OneToOneField(
        Enrolment, on_delete=models.PROTECT, related_name="razorpay_order"
    )
    order_id = models.CharField("Razorpay order id", max_length=40, unique=True)
    amount_paise = models.PositiveIntegerField("amount (paise)")
    currency = models.CharField(max_length=3, default="INR")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.CREATED)
    payment_id = models.CharField("Razorpay payment id", max_length=40, blank=True)
    method = models.CharField(
        max_length=20, blank=True, help_text="How the student paid: upi, card, netbanking…"
    )
    fee_paise = models.PositiveIntegerField(
        "Razorpay fee (paise)", null=True, blank=True, help_text="With its GST."
    )
    created_at = models.DateTimeField(default=timezone.now)
    paid_at = models.DateTimeField(null=True, blank=True)
    checked_at = models.DateTimeField(
        "last asked Razorpay", null=True, blank=True, help_text="By the reconciler."
    )

    class Meta:
        verbose_name = "Razorpay order"
        indexes = [models.Index(fields=["status", "checked_at"], name="razorpay_order_open")]

    def __str__(self) -> str:
        return f"{self.order_id} ({self.enrolment.reference})"


class RazorpayEvent(models.Model):
    """A webhook event Razorpay sent, kept once by its X-Razorpay-Event-Id (a repeat
    changes nothing) and applied by the worker; what came of it stays for staff (an
    amount that did not match, a second capture refunded)."""

    class Outcome(models.TextChoices):
        WAITING = "waiting", "Waiting for the worker"
        CONFIRMED = "confirmed", "Payment confirmed"
        ALREADY = "already", "Already confirmed"
        MISMATCH = "mismatch", "Amount or currency does not match: nothing confirmed"
        SECOND_CAPTURE = "second_capture", "Second capture: refunded in full"
        UNKNOWN_ORDER = "unknown_order", "No order of ours"
        REFUSED = "refused", "Not confirmed (see the note)"
        IGNORED = "ignored", "Not an event we act on"

    event_id = models.CharField("X-Razorpay-Event-Id", max_length=64, unique=True)
    event = models.CharField(max_length=40)
    order_id = models.CharField(max_length=40, blank=True, db_index=True)
    payment_id = models.CharField(max_length=40, blank=True)
    amount_paise = models.PositiveBigIntegerField(null=True, blank=True)
    currency = models.CharField(max_length=8, blank=True)
    method = models.CharField(max_length=20, blank=True)
    fee_paise = models.PositiveBigIntegerField(null=True, blank=True)
    enrolment = models.ForeignKey(
        Enrolment,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="razorpay_events",
    )
    outcome = models.CharField(max_length=16, choices=Outcome.choices, default=Outcome.WAITING)
    note = models.CharField(max_length=300, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    received_at = models.DateTimeField(default=timezone.now, db_index=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-received_at",)
        verbose_name = "Razorpay webhook event"
        indexes = [models.Index(fields=["processed_at"], name="razorpay_event_waiting")]

    def __str__(self) -> str:
        return f"{self.event} {self.event_id}"


class RazorpayRefund(models.Model):
    """A refund asked of Razorpay for the full amount of one payment: a second capture of
    an order already paid (automatic), or staff's "Refund". Its idempotency key
    (X-Refund-Idempotency) is fixed when the row is made, so a retry after a lost answer
    never refunds twice."""

    class Reason(models.TextChoices):
        SECOND_CAPTURE = "second_capture", "Second capture of a paid order"
        STAFF = "staff", "Refund by staff"

    class Status(models.TextChoices):
        WAITING = "waiting", "Not sent yet"
        MADE = "made", "Refunded by Razorpay"
        FAILED = "failed", "Refused by Razorpay"

    enrolment = models.ForeignKey(
        Enrolment, on_delete=models.PROTECT, related_name="razorpay_refunds"
    )
    payment_id = models.CharField("Razorpay payment id", max_length=40, unique=True)
    amount_paise = models.PositiveIntegerField("amount (paise)")
    reason = models.CharField(max_length=16, choices=Reason.choices)
    idempotency_key = models.CharField(max_length=64, unique=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    refund_id = models.CharField("Razorpay refund id", max_length=40, blank=True)
    error = models.CharField(max_length=300, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    made_at = models.DateTimeField(null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("-created_at",)
        verbose_name = "Razorpay refund"

    def __str__(self) -> str:
        return f"Refund of {self.payment_id} ({self.get_status_display()})"
