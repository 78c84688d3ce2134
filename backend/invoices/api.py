"""The PDF of an invoice, receipt or credit note, for the enrolment's own account. (Its
QR code's public check page, /invoice/<token>, reads the document from web/.)"""

from __future__ import annotations

import io

from django.http import FileResponse, HttpRequest, HttpResponseBase
from ninja import Router

from accounts.models import User
from core.api import logged_in
from core.schemas import ErrorOut, Text
from invoices import selectors

router = Router(tags=["invoices"])
PDF = "application/pdf"


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
