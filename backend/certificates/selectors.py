from __future__ import annotations

from urllib.parse import quote

from django.conf import settings
from django.urls import reverse

from certificates.models import Certificate, certificate_id_normalise, certificate_id_problem
from core.errors import NotFound

NOT_FOUND_MESSAGE = "Verification failed. This certification ID is invalid."

ELIMINATED = "eliminated"
LETTER_DURATION = "30days"


def certificate_find(*, certificate_id: str) -> Certificate | None:
    """The record for an ID as a visitor typed it (any case, stray spaces), or None."""
    normalised = certificate_id_normalise(certificate_id)
    if certificate_id_problem(normalised):
        return None
    try:
        # get(), not first(): no ORDER BY to build and run for a unique lookup.
        return Certificate.objects.get(certificate_id=normalised)
    except Certificate.DoesNotExist:
        return None


# What the verify answer shows: the other columns (images, timestamps) are not read.
VERIFY_FIELDS = (
    "certificate_id",
    "name",
    "course",
    "duration",
    "issue_date",
    "status",
    "revoked_reason",
)


def certificate_get(*, certificate_id: str) -> Certificate:
    """The record for the public verify endpoint (its shown fields only), or NotFound.
    certificate_id is unique, so the lookup is one read of its index."""
    normalised = certificate_id_normalise(certificate_id)
    if certificate_id_problem(normalised):
        raise NotFound(NOT_FOUND_MESSAGE)
    try:
        return Certificate.objects.only(*VERIFY_FIELDS).get(certificate_id=normalised)
    except Certificate.DoesNotExist:
        raise NotFound(NOT_FOUND_MESSAGE) from None


def certificate_get_for_credential(*, certificate_id: str) -> Certificate:
    """certificate_get, with the import time (a credential's validFrom without an issue
    date)."""
    normalised = certificate_id_normalise(certificate_id)
    if certificate_id_problem(normalised):
        raise NotFound(NOT_FOUND_MESSAGE)
    try:
        return Certificate.objects.only(*VERIFY_FIELDS, "created_at").get(certificate_id=normalised)
    except Certificate.DoesNotExist:
        raise NotFound(NOT_FOUND_MESSAGE) from None


def certificate_is_eliminated(*, certificate: Certificate) -> bool:
    return certificate.course.strip().lower() == ELIMINATED


def certificate_is_verified(*, certificate: Certificate) -> bool:
    """Verified means the record stands for a completed programme: not revoked and not
    'Eliminated' (the old site's marker for a participant who did not complete)."""
    return certificate.status == Certificate.Status.VALID and not certificate_is_eliminated(
        certificate=certificate
    )


def certificate_has_certificate_download(*, certificate: Certificate) -> bool:
    return certificate_is_verified(certificate=certificate)


def certificate_has_letter_download(*, certificate: Certificate) -> bool:
    """The letter of recommendation exists for 30-day programmes only ('30 days',
    '30Days' and ' 30 DAYS ' all count)."""
    duration = "".join(certificate.duration.split()).lower()
    return certificate_is_verified(certificate=certificate) and duration == LETTER_DURATION


def certificate_path_segment(*, certificate_id: str) -> str:
    # IDs may contain '/', which must stay inside one path segment of a link.
    return quote(certificate_id, safe="")


def certificate_verify_url(*, certificate_id: str) -> str:
    return f"{settings.SITE_URL}/verify/{certificate_path_segment(certificate_id=certificate_id)}"


def _reversed_with_segment(name: str, *, certificate_id: str, kwarg: str) -> str:
    # reverse() keeps a '/' of a path converter as it is, while links keep the ID in one
    # segment ('/' as %2F): reverse with the quoted segment, whose only '%' are its own
    # escapes (IDs hold letters, digits, '-', '_' and '/'), and undo reverse()'s quoting
    # of those.
    segment = certificate_path_segment(certificate_id=certificate_id)
    return reverse(name, kwargs={kwarg: segment}).replace("%25", "%")


def certificate_download_urls(*, certificate: Certificate) -> dict[str, str | None]:
    """Download links (site-relative, so they work whatever host serves the page); None
    for what this record does not offer."""

    def link(name: str, kwarg: str = "cert_id") -> str:
        return _reversed_with_segment(name, certificate_id=certificate.certificate_id, kwarg=kwarg)

    has_certificate = certificate_has_certificate_download(certificate=certificate)
    has_letter = certificate_has_letter_download(certificate=certificate)
    return {
        "certificate_png": link("certificate-png") if has_certificate else None,
        "certificate_pdf": link("certificate-pdf") if has_certificate else None,
        "letter_png": link("letter-png") if has_letter else None,
        "letter_pdf": link("letter-pdf") if has_letter else None,
        # The signed Open Badges credential (JSON-LD).
        "credential": (
            link("api:certificate_credential", "certificate_id") if has_certificate else None
        ),
    }
