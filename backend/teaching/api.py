"""The student's writes about a course's batches: joining its waitlist."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Status

from accounts.models import User
from core.ratelimit import rate_limited
from core.schemas import ErrorOut, Text
from teaching import services
from teaching.schemas import WaitlistEntryOut, WaitlistJoinIn

router = Router(tags=["teaching"])


def _user(request: HttpRequest) -> User | None:
    user = request.user
    return user if user.is_authenticated else None  # type: ignore[return-value]


@router.post(
    "/{slug}/waitlist",
    response={201: WaitlistEntryOut, 409: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Join the waitlist of a course",
    description=(
        "For a full batch (`batch`) or a course with no batch open: name, phone, email. "
        "Those waiting are told in turn when a seat frees or a batch opens. 409 when the "
        "course (or the batch asked for) has a seat free, or the phone is already waiting "
        "for the course. 422 field errors: course, batch, name, phone, email (as at "
        "enrolment). 429 past RATE_LIMIT_WAITLIST for this client address."
    ),
)
@rate_limited(
    scope="waitlist",
    rate="RATE_LIMIT_WAITLIST",
    message="You have joined waitlists several times in a short time.",
)
def waitlist_join(
    request: HttpRequest, slug: Text, payload: WaitlistJoinIn
) -> Status[WaitlistEntryOut]:
    entry = services.waitlist_join(
        course_slug=slug,
        batch_id=payload.batch,
        name=payload.name,
        phone=payload.phone,
        email=payload.email,
        user=_user(request),
    )
    return Status(201, WaitlistEntryOut.from_orm(entry))
