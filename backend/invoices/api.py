"""The public check page of an invoice or credit note (its QR code's /invoice/<token>) and
the PDF for the enrolment's own account."""

from __future__ import annotations

import io

from django.http import FileResponse, HttpRequest, HttpResponseBase
from ninja import Router

from accounts.models import User
from core.api import logged_in
from core.schemas import ErrorOut, Text
from invoices import selectors
from invoices.schemas import InvoiceCheckOut

router = Router(tags=["invoices"])
PDF = "application/pdf"


@router.get(
    "/{token}",
    response={200: InvoiceCheckOut, 404: ErrorOut, 422: ErrorOut},
    auth=None,
    summary="Check an invoice, receipt or credit note (its QR code's page)",
    description=(
        "The seller, number, date and total, and the buyer's name: nothing else personal. "
        "404 for an unknown token."
    ),
)
def invoice_check(request: HttpRequest, token: Text) -> selectors.Document:
    return selectors.document_by_token(token)


@router.get(
    "/{token}/pdf",
    response={401: ErrorOut, 404: ErrorOut, 422: ErrorOut},
    auth=logged_in,
    summary="The PDF of an invoice, receipt or credit note of the account's enrolment",
    description="404 unless the document's enrolment is the logged-in account's.",
    openapi_extra={"responses": {200: {"content": {PDF: {}}, "description": "PDF"}}},
)
def invoice_pdf(request: HttpRequest, token: Text) -> HttpResponseBase:
    user: User = request.user  # type: ignore[assignment]
    document = selectors.document_for_owner(token=token, user=user)
    response = FileResponse(
        io.BytesIO(selectors.document_pdf(document)),
        content_type=PDF,
        as_attachment=True,
        filename=selectors.document_file_name(document),
    )
    response["Cache-Control"] = "private, no-store"
    return response
