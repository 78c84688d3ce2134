"""Certificates' records: revocation, the holder's email, and certificates the site issues
itself (internship completion). Open Badges credentials are in openbadges.py, the files in
rendering.py, the CSV import in imports.py, the counts in verifications.py.
"""

from __future__ import annotations

import secrets
from datetime import date

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from catalog.selectors import site_settings_cached
from certificates import openbadges, selectors
from certificates.models import (
    COURSE_MAX_LENGTH,
    DURATION_MAX_LENGTH,
    NAME_MAX_LENGTH,
    Certificate,
    certificate_id_normalise,
    certificate_id_problem,
)
from certificates.selectors import certificate_verify_url
from core.email import email_queue
from core.errors import ApplicationError
from core.messages import render_message

# --- Revocation -------------------------------------------------------------------------


@transaction.atomic
def certificate_revoke(*, certificate_ids: list[int], reason: str) -> int:
    """Revoke certificates (by primary key); returns how many changed. The reason is shown
    on the verify page, so it is required."""
    reason = " ".join(reason.split())
    if not reason:
        raise ApplicationError("Give a reason for the revocation.", status_code=422)
    now = timezone.now()
    openbadges.status_list_invalidate()
    return Certificate.objects.filter(pk__in=certificate_ids).update(
        status=Certificate.Status.REVOKED, revoked_reason=reason, revoked_at=now, updated_at=now
    )


@transaction.atomic
def certificate_reinstate(*, certificate_ids: list[int]) -> int:
    openbadges.status_list_invalidate()
    return Certificate.objects.filter(
        pk__in=certificate_ids, status=Certificate.Status.REVOKED
    ).update(
        status=Certificate.Status.VALID,
        revoked_reason="",
        revoked_at=None,
        updated_at=timezone.now(),
    )


# --- Telling the holder -----------------------------------------------------------------

HOLDER_EMAIL_TOPIC = "certificate.issued"


def _holder_email(certificate: Certificate, brand: str) -> tuple[str, str]:
    links = selectors.certificate_download_urls(certificate=certificate)
    labels = {
        "certificate_png": "Certificate (image)",
        "certificate_pdf": "Certificate (PDF)",
        "letter_png": "Letter of recommendation (image)",
        "letter_pdf": "Letter of recommendation (PDF)",
    }
    programme = " ".join(
        part for part in (certificate.duration.strip(), certificate.course.strip()) if part
    )
    return render_message(
        "certificates/messages/certificate_issued",
        {
            "name": certificate.name.strip(),
            "certificate_id": certificate.certificate_id,
            "programme": programme,
            "brand": brand,
            "verify_link": certificate_verify_url(certificate_id=certificate.certificate_id),
            "downloads": [
                {"label": labels[key], "link": f"{settings.SITE_URL}{url}"}
                for key, url in links.items()
                if url and key in labels
            ],
            "credential_link": openbadges.certificate_credential_url(
                certificate_id=certificate.certificate_id
            ),
        },
    )


@transaction.atomic
def certificate_holders_notify(*, certificates: list[Certificate]) -> int:
    """Email each holder their verify link, downloads and credential, once: records
    without an email, already emailed, revoked or Eliminated are skipped. The emails are
    queued in the caller's transaction, so they exist exactly when the records do.
    Returns how many were queued."""
    brand = site_settings_cached().brand_name.strip() or settings.SITE_URL
    now = timezone.now()
    sent: list[int] = []
    for certificate in certificates:
        if (
            not certificate.email
            or certificate.emailed_at is not None
            or not selectors.certificate_is_verified(certificate=certificate)
        ):
            continue
        subject, body = _holder_email(certificate, brand)
        email_queue(
            to=certificate.email,
            subject=subject,
            body=body,
            topic=HOLDER_EMAIL_TOPIC,
        )
        sent.append(certificate.pk)
    Certificate.objects.filter(pk__in=sent).update(emailed_at=now)
    return len(sent)


# --- Issued by the site itself (internship completion, docs/product.md section 14) ----------

ISSUED_ID_PREFIX = "INT"
# No 0/O, 1/I/L: IDs are read off paper and typed into the verify page.
ISSUED_ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
ISSUED_ID_LENGTH = 6
ISSUED_ID_ATTEMPTS = 10


def certificate_id_new(*, prefix: str, issued_on: date) -> str:
    """A fresh CertificateID such as INT-2026-7KQ2MX: the prefix, the year and six
    random characters (31**6, about 887 million per year), within the format rules of
    certificates.models (letters, digits and '-')."""
    tail = "".join(secrets.choice(ISSUED_ID_ALPHABET) for _ in range(ISSUED_ID_LENGTH))
    value = certificate_id_normalise(f"{prefix}-{issued_on:%Y}-{tail}")
    problem = certificate_id_problem(value)
    if problem:
        raise ValueError(problem)
    return value


@transaction.atomic
def certificate_issue(
    *,
    name: str,
    course: str,
    duration: str,
    email: str,
    issued_on: date,
    prefix: str = ISSUED_ID_PREFIX,
) -> Certificate:
    """Create a certificate under a new unique CertificateID and queue its holder email
    (verify link, downloads, credential) in the same transaction. Like an imported
    record it is verifiable, downloadable and a signed credential at once; a Duration of
    30 Days also offers the letter of recommendation. A clash with an existing ID (made
    by staff or an import) draws another."""
    for _attempt in range(ISSUED_ID_ATTEMPTS):
        certificate = Certificate(
            certificate_id=certificate_id_new(prefix=prefix, issued_on=issued_on),
            name=" ".join(name.split())[:NAME_MAX_LENGTH],
            course=course.strip()[:COURSE_MAX_LENGTH],
            duration=duration.strip()[:DURATION_MAX_LENGTH],
            issue_date=issued_on,
            email=email.strip(),
        )
        try:
            with transaction.atomic():
                certificate.save()
        except IntegrityError:
            continue
        certificate_holders_notify(certificates=[certificate])
        return certificate
    raise IntegrityError("Could not allocate a new CertificateID; please try again.")
