from __future__ import annotations

import re
import uuid
from pathlib import PurePath
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Upper

CERTIFICATE_ID_MAX_LENGTH = 64
NAME_MAX_LENGTH = 200
COURSE_MAX_LENGTH = 200
DURATION_MAX_LENGTH = 100

# ASCII letters, digits, '-', '_' and '/': what the IDs printed on existing certificates
# use. Kept to ASCII so upper-casing is the same in Python, SQLite and PostgreSQL.
_CERTIFICATE_ID_RE = re.compile(r"[A-Z0-9_/\-]+")
_CERTIFICATE_ID_BAD_CHAR_RE = re.compile(r"[^A-Z0-9_/\-]")


def certificate_id_normalise(value: str) -> str:
    """The one spelling of an ID: trimmed and upper-case (lookups, imports, admin, URLs)."""
    return value.strip().upper()


def certificate_id_problem(value: str) -> str | None:
    """Why a normalised ID is not acceptable, or None when it is."""
    if not value:
        return "CertificateID is empty."
    if len(value) > CERTIFICATE_ID_MAX_LENGTH:
        return f"CertificateID is longer than {CERTIFICATE_ID_MAX_LENGTH} characters."
    if not _CERTIFICATE_ID_RE.fullmatch(value):
        bad = _CERTIFICATE_ID_BAD_CHAR_RE.search(value)
        shown = "a space" if bad and bad.group() == " " else repr(bad.group() if bad else value)
        return (
            "CertificateID may contain only letters, digits, '-', '_' and '/' "
            f"(it contains {shown})."
        )
    return None


def validate_certificate_id(value: str) -> None:
    problem = certificate_id_problem(value)
    if problem:
        raise ValidationError(problem, code="invalid")


def certificate_upload_to(instance: Any, filename: str) -> str:
    # A random name: /media/ is public, and a guessable name ("ABC123.png") would let
    # anyone fetch an uploaded certificate without the download view's status check.
    suffix = PurePath(filename).suffix.lower()[:10]
    return f"certificates/{uuid.uuid4().hex}{suffix}"


class Certificate(models.Model):
    """A certificate record. Its primary key is also its index in the credentials' status
    list: allocated once when the record is created and never reused (SQLite's
    AUTOINCREMENT and PostgreSQL's identity columns never hand a number out twice)."""

    class Status(models.TextChoices):
        VALID = "valid", "Valid"
        REVOKED = "revoked", "Revoked"

    # unique=True gives the index every lookup uses (verify page, downloads, import).
    certificate_id = models.CharField(
        "CertificateID",
        max_length=CERTIFICATE_ID_MAX_LENGTH,
        unique=True,
        validators=[validate_certificate_id],
        help_text="Letters, digits, '-', '_' and '/'; small letters become capitals.",
    )
    name = models.CharField(max_length=NAME_MAX_LENGTH, blank=True)
    course = models.CharField(
        "Domain",
        max_length=COURSE_MAX_LENGTH,
        blank=True,
        help_text="Shown as Domain. 'Eliminated' marks a participant who did not complete.",
    )
    duration = models.CharField(
        max_length=DURATION_MAX_LENGTH,
        blank=True,
        help_text="'30 Days' also offers a letter of recommendation.",
    )
    issue_date = models.DateField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.VALID)
    revoked_reason = models.CharField(max_length=500, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    certificate_image = models.ImageField(
        upload_to=certificate_upload_to,
        blank=True,
        help_text="Optional. Served instead of the generated certificate.",
    )
    letter_image = models.ImageField(
        upload_to=certificate_upload_to,
        blank=True,
        help_text="Optional. Served instead of the generated letter of recommendation.",
    )
    # Where the holder is sent the links once the certificate is issued (the CSV's optional
    # Email column). Never shown publicly.
    email = models.EmailField(blank=True)
    emailed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the holder was emailed the links (once)."
    )
    # Lookups by ID (the verify page's included) and credential checks, counted in the
    # cache and written by the queue worker (verifications.certificate_verifications_flush);
    # the last one's time to the minute.
    verification_count = models.PositiveIntegerField("Verifications", default=0)
    last_verified_at = models.DateTimeField("Last verified", null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["certificate_id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(certificate_id=Upper("certificate_id")),
                name="certificate_id_upper_case",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.certificate_id} ({self.name or '-'})"


class VerificationCountsWritten(models.Model):
    """How far the queue worker has written the verification counts kept in the cache:
    every bucket (a minute, certificates.verifications) up to `bucket` is in the
    certificates' counts. One row, moved in the same transaction as the counts."""

    bucket = models.BigIntegerField()

    class Meta:
        verbose_name = "verification counts written"
        verbose_name_plural = "verification counts written"

    def __str__(self) -> str:
        return f"Verification counts written up to bucket {self.bucket}"


class VerificationDay(models.Model):
    """How many verifications there were on one India day, for the back office's Reports
    (certificate verifications per week). Written by the queue worker with the
    certificates' counts, in the same transaction, so a bucket adds to both or to neither."""

    day = models.DateField(unique=True, help_text="India date.")
    count = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ("-day",)
        verbose_name = "verifications on a day"
        verbose_name_plural = "verifications by day"

    def __str__(self) -> str:
        return f"{self.day}: {self.count} verification(s)"
