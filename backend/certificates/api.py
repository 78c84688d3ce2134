from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from ninja import File, Form, Router, Status
from ninja.files import UploadedFile

from accounts.selectors import CERTIFICATE_IMPORT_PERMISSIONS
from certificates import selectors, services
from certificates.models import Certificate
from certificates.schemas import CertificateOut, ImportReportOut
from core.api import StaffWithPermissions, json_bytes_response
from core.http import client_key
from core.ratelimit import rate_limit_hit
from core.schemas import ErrorOut, Text

router = Router(tags=["certificates"])

# The import creates and overwrites certificates: the same permissions as doing it in the admin.
certificate_importers = StaffWithPermissions(*CERTIFICATE_IMPORT_PERMISSIONS)


# Registered before the lookup, whose path pattern also matches "import".
@router.post(
    "/import",
    response={
        200: ImportReportOut,
        401: ErrorOut,
        403: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
    },
    auth=certificate_importers,
    summary="Import certificate records from a CSV file (staff)",
    description=(
        "All or nothing. With dry_run the file is checked and counted without writing. "
        "On any error the answer is 422 with the report in extra.report and extra.reason "
        "(not_csv, encoding, empty, headers, too_large, rows)."
    ),
)
def certificate_import(
    request: HttpRequest, file: File[UploadedFile], dry_run: Form[bool] = False
) -> Status[ImportReportOut]:
    rate_limit_hit(
        scope="certificate-import",
        ident=str(request.user.pk),
        rate=settings.RATE_LIMIT_CERTIFICATE_IMPORT,
        message="You have uploaded many files in a short time.",
    )
    try:
        report = services.certificate_import(source=file, dry_run=dry_run)
    finally:
        file.close()
    return Status(200, ImportReportOut(**report.as_dict()))


@router.get(
    "/{path:certificate_id}",
    response={200: CertificateOut, 404: ErrorOut, 429: ErrorOut},
    summary="Verify a certificate by its ID",
    description="The ID is trimmed and upper-cased. Rate-limited per client IP.",
)
def certificate_get(request: HttpRequest, certificate_id: Text) -> HttpResponse:
    services.certificate_lookup_count(client=client_key(request))
    certificate = selectors.certificate_get(certificate_id=certificate_id)
    return json_bytes_response(_certificate_json(certificate))


def _certificate_json(certificate: Certificate) -> bytes:
    """The CertificateOut answer, rendered as ninja renders it (json.dumps, dates in ISO
    form, fields in the schema's order) without building the schema objects on every
    lookup: the busiest endpoint. tests/test_certificate_get_api.py checks it against
    ninja's own rendering through the schema, byte for byte."""
    issued = certificate.issue_date
    return json.dumps(
        {
            "certificate_id": certificate.certificate_id,
            "name": certificate.name,
            "domain": certificate.course,
            "duration": certificate.duration,
            "issue_date": None if issued is None else issued.isoformat(),
            "status": certificate.status,
            "revoked_reason": (
                certificate.revoked_reason
                if certificate.status == Certificate.Status.REVOKED
                else ""
            ),
            "verified": selectors.certificate_is_verified(certificate=certificate),
            "downloads": selectors.certificate_download_urls(certificate=certificate),
            "verify_url": selectors.certificate_verify_url(
                certificate_id=certificate.certificate_id
            ),
        }
    ).encode()
