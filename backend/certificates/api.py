from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja import File, Form, Router, Status
from ninja.files import UploadedFile

from accounts.selectors import CERTIFICATE_IMPORT_PERMISSIONS
from certificates import selectors, services
from certificates.schemas import CertificateOut, ImportReportOut
from core.api import StaffWithPermissions
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
    response={200: CertificateOut, 404: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Verify a certificate by its ID",
    description="The ID is trimmed and upper-cased. Rate-limited per client IP.",
)
def certificate_get(request: HttpRequest, certificate_id: Text) -> dict[str, Any]:
    services.certificate_lookup_count(client=client_key(request))
    certificate = selectors.certificate_get(certificate_id=certificate_id)
    return selectors.certificate_public(certificate=certificate)
