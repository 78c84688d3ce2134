"""Registering for an event (docs/product.md section 21): a solo entrant, or a team with
its captain and members, on the payment road every sale takes (enrolments.services)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from catalog.models import Event, Tournament
from certificates.models import Certificate
from certificates.services import certificate_issue
from core.dates import datetime_display, india_today
from core.errors import ApplicationError
from enrolments.models import Enrolment
from enrolments.services import registration_confirmed_notify, registration_order_create
from events import selectors
from events.models import Member, Registration

logger = logging.getLogger(__name__)

EVENT_CERTIFICATE_PREFIX = "EVT"
NOT_CONFIRMED = "{reference} is not confirmed: confirm its payment before checking the team in."
ALREADY_CHECKED_IN = "{reference} was already checked in on {when} by {who}."

EVENT_UNKNOWN = "This event does not exist."
TEAM_NAME_REQUIRED = "Enter your team's name."
MEMBER_NAME_REQUIRED = "Enter this member's name."
GAME_ID_REQUIRED = "Enter this player's in-game ID."
TEAM_NAME_MAX = 80
GAME_ID_MAX = 40
MEMBERS_MAX = 20  # the largest team an event may set


@dataclass(frozen=True)
class MemberIn:
    name: str
    game_id: str = ""


def registration_target(*, slug: str) -> tuple[Event, Tournament | None]:
    """The event, or the tournament, whose registrations go to this slug."""
    slug = (slug or "").strip()
    event = Event.objects.filter(slug=slug).first()
    if event is not None:
        return event, None
    tournament = Tournament.objects.select_related("event").filter(slug=slug).first()
    if tournament is None or not slug:
        raise ApplicationError(EVENT_UNKNOWN, status_code=404)
    return tournament.event, tournament


def _fee(event: Event, tournament: Tournament | None, *, people: int) -> int:
    fee = tournament.entry_fee if tournament is not None else event.fee
    if not fee:
        return 0
    return fee if event.fee_per == Event.FEE_PER_TEAM else fee * people


def _team_errors(
    event: Event, *, team_name: str, captain_game_id: str, members: list[MemberIn]
) -> dict[str, str]:
    errors: dict[str, str] = {}
    gaming = event.kind == Event.KIND_GAMING
    if not event.team_event:
        return errors
    if not team_name:
        errors["team_name"] = TEAM_NAME_REQUIRED
    elif len(team_name) > TEAM_NAME_MAX:
        errors["team_name"] = f"Enter at most {TEAM_NAME_MAX} characters."
    size = 1 + len(members)
    if not event.team_min <= size <= event.team_max:
        sizes = (
            f"{event.team_min}"
            if event.team_min == event.team_max
            else f"{event.team_min} to {event.team_max}"
        )
        errors["members"] = f"A team has {sizes} players, the captain included."
    if gaming and not captain_game_id:
        errors["game_id"] = GAME_ID_REQUIRED
    for position, member in enumerate(members, start=2):
        if not member.name:
            errors[f"member_{position}_name"] = MEMBER_NAME_REQUIRED
        elif len(member.name) > 120:
            errors[f"member_{position}_name"] = "Enter at most 120 characters."
        if gaming and not member.game_id:
            errors[f"member_{position}_game_id"] = GAME_ID_REQUIRED
        elif len(member.game_id) > GAME_ID_MAX:
            errors[f"member_{position}_game_id"] = f"Enter at most {GAME_ID_MAX} characters."
    return errors


@transaction.atomic
def registration_create(
    *,
    slug: str,
    name: str,
    phone: str,
    email: str,
    user: User | None,
    team_name: str = "",
    game_id: str = "",
    members: list[MemberIn] | None = None,
    coupon: str = "",
) -> Enrolment:
    """Register for an event or tournament; for a team event `name`, `phone` and `email`
    are the captain's. Refusals: an unknown slug (404); the event's closing time, its
    capacity, or the phone already registered (409); team name, team size and in-game
    IDs as field errors (422), all reported together with the contact's."""
    event, tournament = registration_target(slug=slug)
    members = [
        MemberIn(name=" ".join(m.name.split()), game_id=m.game_id.strip())
        for m in (members or [])[: MEMBERS_MAX + 1]
    ]
    team_name = " ".join((team_name or "").split())
    game_id = (game_id or "").strip()
    if not event.team_event:
        members, team_name = [], ""
    enrolment = registration_order_create(
        event_id=event.pk,
        tournament_id=tournament.pk if tournament else None,
        name=name,
        phone=phone,
        email=email,
        amount=_fee(event, tournament, people=1 + len(members)),
        user=user,
        coupon=coupon,
        other_errors=_team_errors(
            event, team_name=team_name, captain_game_id=game_id, members=members
        ),
    )
    registration = Registration.objects.create(enrolment=enrolment, team_name=team_name)
    Member.objects.bulk_create(
        [
            Member(registration=registration, position=1, name=enrolment.name, game_id=game_id),
            *(
                Member(registration=registration, position=n, name=m.name, game_id=m.game_id)
                for n, m in enumerate(members, start=2)
            ),
        ]
    )
    if enrolment.status == Enrolment.Status.CONFIRMED:
        # Free: confirmed at once, and told so (a fee's confirmation tells it then).
        registration_confirmed_notify(enrolment=enrolment)
    return enrolment


@transaction.atomic
def registration_check_in(*, enrolment_id: int, by: User | None) -> Registration:
    """Check a confirmed registration in at the door, once: who and when are kept, and a
    second check-in (the same person twice, or two staff at the same moment: the row is
    locked) is refused with who did it first."""
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("enrolment", "checked_in_by")
        .get(pk=enrolment_id)
    )
    reference = registration.enrolment.reference
    if registration.checked_in_at is not None:
        who = registration.checked_in_by
        raise ApplicationError(
            ALREADY_CHECKED_IN.format(
                reference=reference,
                when=datetime_display(registration.checked_in_at),
                who=(who.get_full_name() or who.get_username()) if who else "someone",
            ),
            status_code=409,
        )
    if registration.enrolment.status != Enrolment.Status.CONFIRMED:
        raise ApplicationError(NOT_CONFIRMED.format(reference=reference), status_code=409)
    registration.checked_in_at = timezone.now()
    registration.checked_in_by = by if by is not None and by.pk is not None else None
    registration.save(update_fields=["checked_in_at", "checked_in_by"])
    return registration


@transaction.atomic
def event_results_publish(*, event: Event, by: User | None) -> list[Certificate]:
    """Publish the event's results (its page shows the ranked registrations) and issue a
    certificate by itself (section 14's road: record, signed credential, email when one is
    known) to every member of a checked-in registration: "Winner - 1st place" (2nd, 3rd)
    for a ranked one, "Participation" otherwise, Course = the event's (or tournament's)
    title. Under the event's row lock and the members' (Member.certificate is one-to-one):
    published again, or by two people at once, no member gets a second certificate;
    members checked in since get theirs. Returns the certificates issued now."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    now = timezone.now()
    today = india_today(now=now)
    lines = selectors.event_result_lines(event=event)
    locked = set(
        Member.objects.select_for_update()
        .filter(pk__in=[line.member.pk for line in lines], certificate__isnull=True)
        .values_list("pk", flat=True)
    )
    issued: list[Certificate] = []
    for line in lines:
        if line.member.pk not in locked:
            continue
        captain = line.member.position == 1
        certificate = certificate_issue(
            name=line.member.name,
            course=line.course,
            duration=line.duration,
            # The captain's (or solo entrant's) email is the only one a registration has.
            email=line.registration.enrolment.email_to if captain else "",
            issued_on=today,
            prefix=EVENT_CERTIFICATE_PREFIX,
        )
        Member.objects.filter(pk=line.member.pk).update(certificate=certificate)
        issued.append(certificate)
    if event.results_published_at is None:
        event.results_published_at = now
        event.save(update_fields=["results_published_at"])
    logger.info("Results of event %s published: %d certificates issued", event.pk, len(issued))
    return issued
