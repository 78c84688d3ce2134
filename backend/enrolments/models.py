from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from core.dates import date_display
from core.gst import STATES
from core.money import format_rupees


def enrolment_token_new() -> str:
    """The private link's secret (/e/<token>): 256 random bits, unguessable as an
    invoice's check page token, so holding the link is what lets someone pay."""
    return secrets.token_urlsafe(32)


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

    reference = models.CharField(
        max_length=12,
        unique=True,
        help_text="Sent with the UPI payment; banks may show it in the narration.",
    )
    course = models.ForeignKey(
        "catalog.Course", on_delete=models.PROTECT, related_name="enrolments"
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
    amount = models.PositiveIntegerField("amount (₹)", help_text="The course fee at enrolment.")
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
