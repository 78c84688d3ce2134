from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Status

from core.http import client_ip
from core.ratelimit import rate_limited
from core.schemas import ErrorOut
from enquiries import services
from enquiries.schemas import EnquiryCreatedOut, EnquiryCreateIn

router = Router(tags=["enquiries"])

THANK_YOU = (
    "Thank you! Your message has been received. We will reply by email within one working day."
)


@router.post(
    "",
    response={201: EnquiryCreatedOut, 403: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Send a contact message or a quote request",
)
# Every submission that reaches this view counts, before anything else runs: bots
# (honeypot filled) and invalid forms too, so the limit caps what one address can make us
# do and the honeypot's fake success cannot be used to probe the limit. Payloads that fail
# the schema (wrong types, absurd sizes) are refused before this.
@rate_limited(
    scope="enquiry",
    rate="RATE_LIMIT_ENQUIRY",
    message="You have sent several messages in a short time.",
)
def enquiry_create(request: HttpRequest, payload: EnquiryCreateIn) -> Status[EnquiryCreatedOut]:
    ip = client_ip(request)
    services.enquiry_create(
        kind=payload.kind,
        name=payload.name,
        email=payload.email,
        phone=payload.phone,
        subject=payload.subject,
        message=payload.message,
        package_slug=payload.package,
        honeypot=payload.website,
        ip=ip,
        user_agent=request.headers.get("User-Agent", ""),
    )
    return Status(201, EnquiryCreatedOut(message=THANK_YOU))
