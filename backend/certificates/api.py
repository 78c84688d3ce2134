from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from ninja import File, Form, Router
from ninja.files import UploadedFile

from accounts.selectors import CERTIFICATE_IMPORT_PERMISSIONS
from certificates import imports, openbadges, openbadges_check, selectors, verifications
from certificates.models import Certificate
from certificates.schemas import CertificateOut, CredentialCheckOut, ImportReportOut
from core.api import StaffWithPermissions
from core.http import client_key
from core.ratelimit import rate_limited
from core.schemas import ErrorOut, Text

router = Router(tags=["certificates"])
# Open Badges credentials' status lists and the check of an uploaded credential.
credentials_router = Router(tags=["credentials"])

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
@rate_limited(
    scope="certificate-import",
    rate="RATE_LIMIT_CERTIFICATE_IMPORT",
    message="You have uploaded many files in a short time.",
    per="account",
)
def certificate_import(
    request: HttpRequest, file: File[UploadedFile], dry_run: Form[bool] = False
) -> imports.ImportReport:
    try:
        report = imports.certificate_import(source=file, dry_run=dry_run)
    finally:
        file.close()
    return report


def _json_ld_answer(description: str) -> dict[str, Any]:
    """The OpenAPI description of a 200 answered as JSON-LD (application/ld+json), which
    the endpoint returns itself."""
    return {
        "responses": {
            200: {
                "description": description,
                "content": {
                    "application/ld+json": {
                        "schema": {"type": "object", "additionalProperties": True}
                    }
                },
            }
        }
    }


def _json_ld(document: dict[str, Any], *, cache_control: str) -> JsonResponse:
    response = JsonResponse(
        document,
        content_type="application/ld+json",
        json_dumps_params={"ensure_ascii": False},
    )
    response["Cache-Control"] = cache_control
    # Public documents that verifiers running in a browser (on their own site) fetch.
    response["Access-Control-Allow-Origin"] = "*"
    return response


# Registered before the lookup, whose path pattern also matches "<ID>/credential".
@router.get(
    "/{path:certificate_id}/credential",
    response={404: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    openapi_extra=_json_ld_answer("The signed OpenBadgeCredential"),
    summary="The certificate as a signed Open Badges 3.0 credential (JSON-LD)",
    description=(
        "An OpenBadgeCredential signed with a DataIntegrityProof (eddsa-rdfc-2022) by the "
        "issuer's did:key, with a revocation entry in the issuer's status list. 404 for an "
        "unknown ID and for a Course of Eliminated. Counts as a lookup (rate-limited per "
        "client IP)."
    ),
)
def certificate_credential(request: HttpRequest, certificate_id: Text) -> HttpResponse:
    verifications.certificate_lookup_count(client=client_key(request))
    certificate = selectors.certificate_get_for_credential(certificate_id=certificate_id)
    credential = openbadges.certificate_credential(certificate=certificate)
    response = _json_ld(credential, cache_control=verifications.VERIFY_CACHE_CONTROL)
    response["X-Robots-Tag"] = "noindex"
    return response


@router.get(
    "/{path:certificate_id}",
    response={200: CertificateOut, 404: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Verify a certificate by its ID",
    description="The ID is trimmed and upper-cased. Rate-limited per client IP.",
)
def certificate_get(
    request: HttpRequest, response: HttpResponse, certificate_id: Text
) -> Certificate:
    certificate = verifications.certificate_verify(
        certificate_id=certificate_id, client=client_key(request)
    )
    # ninja's temporal response: its headers go out with the answer (not with an error).
    response["Cache-Control"] = verifications.VERIFY_CACHE_CONTROL
    return certificate


@credentials_router.get(
    "/status/{fingerprint}",
    response={404: ErrorOut, 422: ErrorOut},
    openapi_extra=_json_ld_answer("The signed BitstringStatusListCredential"),
    summary="A signed BitstringStatusListCredential (revocation) of one of our keys",
    description=(
        "The list each credential's credentialStatus.statusListCredential names; bit n set "
        "means the credential with statusListIndex n is revoked. Cacheable for 60 seconds."
    ),
)
def credential_status_list(request: HttpRequest, fingerprint: Text) -> HttpResponse:
    status_list = openbadges.status_list_credential(fingerprint=fingerprint)
    max_age = openbadges.STATUS_LIST_MAX_AGE
    return _json_ld(status_list, cache_control=f"public, max-age={max_age}, s-maxage={max_age}")


@credentials_router.post(
    "/check",
    response={
        200: CredentialCheckOut,
        403: ErrorOut,
        413: ErrorOut,
        422: ErrorOut,
        429: ErrorOut,
    },
    summary="Check an uploaded credential file (signature, issuer key, revocation)",
    description=(
        "A credential JSON of at most 256 KB. Only what we issue is checked: 200 with "
        "verdict valid (the file is, term for term, the credential we sign for a "
        "certificate we hold, and its record still says so), not_valid (with the reason; "
        "'It is not a credential we issued: ...' for anything else, answered without "
        "canonicalising the file) or revoked, and the issuer, holder and achievement it "
        "names; 422 (with "
        "extra.reason not_json, not_credential, proof or unknown_key) for a file that is "
        "not one of our signed credentials; 413 when it is too large. Counts as a lookup."
    ),
)
def credential_check(
    request: HttpRequest, file: File[UploadedFile]
) -> openbadges_check.CredentialCheck:
    verifications.certificate_lookup_count(client=client_key(request))
    try:
        data = file.read(openbadges_check.CREDENTIAL_CHECK_MAX_BYTES + 1)
    finally:
        file.close()
    check = openbadges_check.credential_check(data=data)
    return check
