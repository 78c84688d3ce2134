from __future__ import annotations

import functools
from datetime import date
from urllib.parse import quote

from django.conf import settings
from django.db import connections, router

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


# What the verify answer shows. The other columns (images, timestamps) stay deferred and
# load on first access, as with QuerySet.only().
VERIFY_FIELDS = (
    "id",
    "certificate_id",
    "name",
    "course",
    "duration",
    "issue_date",
    "status",
    "revoked_reason",
)

_ISSUE_DATE = VERIFY_FIELDS.index("issue_date")


@functools.cache
def _certificate_verify_sql(alias: str) -> str:
    quote = connections[alias].ops.quote_name
    fields = {field.name: str(field.column) for field in Certificate._meta.concrete_fields}
    columns = ", ".join(quote(fields[name]) for name in VERIFY_FIELDS)
    key = quote(fields["certificate_id"])
    return f"SELECT {columns} FROM {quote(Certificate._meta.db_table)} WHERE {key} = %s"  # noqa: S608 (names from the model, the ID as a parameter)


def certificate_get(*, certificate_id: str) -> Certificate:
    """The record for the public verify endpoint, or NotFound.

    Every lookup is a cold read of one random row, so building the ORM query costs more
    than running it (about 140 µs against 20 µs on the benchmark machine): this is the one
    place that writes its SELECT by hand, from the model's own table and column names.
    """
    normalised = certificate_id_normalise(certificate_id)
    if certificate_id_problem(normalised):
        raise NotFound(NOT_FOUND_MESSAGE)
    connection = connections[router.db_for_read(Certificate)]
    with connection.cursor() as cursor:
        cursor.execute(_certificate_verify_sql(connection.alias), [normalised])
        row = cursor.fetchone()
    if row is None:
        raise NotFound(NOT_FOUND_MESSAGE)
    values = list(row)
    issued = values[_ISSUE_DATE]
    if isinstance(issued, str):  # PostgreSQL answers a date; SQLite may answer ISO text
        values[_ISSUE_DATE] = date.fromisoformat(issued)
    return Certificate.from_db(connection.alias, VERIFY_FIELDS, values)


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


def certificate_download_urls(*, certificate: Certificate) -> dict[str, str | None]:
    """Download links (site-relative, so they work whatever host serves the page); None
    for what this record does not offer."""
    segment = certificate_path_segment(certificate_id=certificate.certificate_id)
    has_certificate = certificate_has_certificate_download(certificate=certificate)
    has_letter = certificate_has_letter_download(certificate=certificate)
    return {
        "certificate_png": f"/Certificate/{segment}.png" if has_certificate else None,
        "certificate_pdf": f"/Certificate/{segment}.pdf" if has_certificate else None,
        "letter_png": f"/LOR/{segment}.png" if has_letter else None,
        "letter_pdf": f"/LOR/{segment}.pdf" if has_letter else None,
    }
