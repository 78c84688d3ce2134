"""POST /api/events/<slug>/registrations (docs/product.md section 21)."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Status

from core.ratelimit import rate_limited
from core.schemas import ErrorOut, Text
from enrolments.browser import remember
from enrolments.models import Enrolment
from events import services
from events.schemas import RegistrationIn, RegistrationOut

router = Router(tags=["events"])

CONFIRMED = "Registration confirmed"
WAITING = "Registered: pay to confirm your place."


@router.post(
    "/{slug}/registrations",
    response={201: RegistrationOut, 404: ErrorOut, 409: ErrorOut, 422: ErrorOut, 429: ErrorOut},
    summary="Register for an event or tournament",
    description=(
        "`slug`: the event's, or a tournament's that takes its own registrations. Solo: "
        "name, phone, email. Team: team_name, the captain's name, phone, email (and game_id), "
        "and members [{name, game_id}]. 201 with the reference (a free registration is "
        "confirmed at once; a fee's payment goes as an enrolment's, its reference remembered "
        "in this browser). 409: 'Registration is closed.', 'This event is full.', the phone "
        "already registered. 422: field errors (name, phone, email, team_name, members, "
        "game_id, member_<n>_name, member_<n>_game_id)."
    ),
)
@rate_limited(
    scope="event-registration",
    rate="RATE_LIMIT_EVENT_REGISTRATION",
    message="You have registered several times in a short time.",
)
def registration_create(
    request: HttpRequest, slug: Text, payload: RegistrationIn
) -> Status[RegistrationOut]:
    user = request.user if request.user.is_authenticated else None
    enrolment = services.registration_create(
        slug=slug,
        name=payload.name,
        phone=payload.phone,
        email=payload.email,
        team_name=payload.team_name,
        game_id=payload.game_id,
        coupon=payload.coupon,
        members=[services.MemberIn(name=m.name, game_id=m.game_id) for m in payload.members],
        user=user,  # type: ignore[arg-type]
    )
    remember(request, enrolment.reference)
    confirmed = enrolment.status == Enrolment.Status.CONFIRMED
    return Status(
        201,
        RegistrationOut(
            reference=enrolment.reference,
            status=enrolment.status,
            status_display=enrolment.get_status_display(),
            amount=enrolment.amount,
            message=CONFIRMED if confirmed else WAITING,
        ),
    )
