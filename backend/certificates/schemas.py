from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from ninja import Schema
from pydantic import Field

from certificates import selectors
from certificates.models import Certificate

if TYPE_CHECKING:
    from certificates.imports import ImportReport


def _no_default(schema: dict[str, Any]) -> None:
    # Without "default", the TypeScript generator makes the field optional.
    schema.pop("default", None)


class CertificateDownloadsOut(Schema):
    """Site-relative links; null when the record offers no such download."""

    certificate_png: str | None
    certificate_pdf: str | None
    letter_png: str | None
    letter_pdf: str | None
    # The signed Open Badges 3.0 credential. Always sent; optional in the schema so that
    # clients written before it still type-check.
    credential: str | None = Field(None, json_schema_extra=_no_default)


# The verify answer, from a Certificate. A revoked record says why; nothing else does.
class CertificateOut(Schema):
    certificate_id: str
    name: str
    domain: str
    duration: str
    issue_date: date | None
    status: str  # "valid" or "revoked"
    revoked_reason: str
    # False for revoked records and for Course "Eliminated".
    verified: bool
    downloads: CertificateDownloadsOut
    verify_url: str

    @staticmethod
    def resolve_domain(obj: Certificate) -> str:
        return obj.course

    @staticmethod
    def resolve_revoked_reason(obj: Certificate) -> str:
        return obj.revoked_reason if obj.status == Certificate.Status.REVOKED else ""

    @staticmethod
    def resolve_verified(obj: Certificate) -> bool:
        return selectors.certificate_is_verified(certificate=obj)

    @staticmethod
    def resolve_downloads(obj: Certificate) -> dict[str, str | None]:
        return selectors.certificate_download_urls(certificate=obj)

    @staticmethod
    def resolve_verify_url(obj: Certificate) -> str:
        return selectors.certificate_verify_url(certificate_id=obj.certificate_id)


class ImportRowErrorOut(Schema):
    line: int
    certificate_id: str
    message: str


class ImportReportOut(Schema):
    dry_run: bool
    rows: int
    created: int
    updated: int
    unchanged: int
    created_ids: list[str] = Field(
        description="The first 50 CertificateIDs counted in created (on a dry run: to be "
        "created), in file order; created minus their number are left unlisted."
    )
    updated_ids: list[str] = Field(description="The same for updated.")
    unchanged_ids: list[str] = Field(description="The same for unchanged.")
    # Holders emailed their links (verify page, downloads, credential) by this import; on
    # a dry run, how many would be. Always sent, but optional in the schema (no default
    # shown, which the TypeScript generator would read as required) so that clients
    # written before it still type-check.
    emails: int = Field(0, json_schema_extra=_no_default)
    error_count: int
    errors: list[ImportRowErrorOut]
    errors_truncated: bool
    warnings: list[str]
    imported: bool

    @staticmethod
    def resolve_errors_truncated(obj: ImportReport) -> bool:
        return obj.error_count > len(obj.errors)


class CredentialCheckOut(Schema):
    """The verdict on an uploaded credential and what it says. verdict is "valid",
    "not_valid" (reason says why) or "revoked"."""

    verdict: str
    reason: str
    issuer_id: str
    issuer_name: str
    issuer_url: str
    holder: str
    achievement: str
    achievement_description: str
    valid_from: str
    credential_id: str
