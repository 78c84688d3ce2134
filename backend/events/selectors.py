"""Reads of an event's registrations (docs/product.md section 21): who gets which
certificate when results are published, the published results an event page shows, and
the captain's registrations for the dashboard."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q, QuerySet
from django.utils import timezone

from catalog.models import Event, Tournament
from core.money import format_rupees
from enrolments.models import Enrolment
from enrolments.selectors import holds_place
from events.models import Member, Registration

PARTICIPATION = "Participation"
WINNER = {1: "Winner - 1st place", 2: "Winner - 2nd place", 3: "Winner - 3rd place"}


def registration_course(*, registration: Registration) -> str:
    """The certificate's Course: the event's title, or for a tournament's registration the
    event's title with the tournament's name (its title on the event's page)."""
    return registration.enrolment.offering.name


def registration_duration(*, registration: Registration) -> str:
    """The certificate's Duration: "Winner - 1st place" (2nd, 3rd) or "Participation"."""
    return WINNER.get(registration.rank or 0, PARTICIPATION)


def event_registrations(*, event: Event) -> QuerySet[Registration]:
    """The event's registrations and its tournaments' ones."""
    return (
        Registration.objects.filter(enrolment__event=event)
        .select_related("enrolment", "enrolment__event", "enrolment__tournament", "checked_in_by")
        .order_by("rank", "team_name", "enrolment__name", "pk")
    )


@dataclass(frozen=True)
class ResultLine:
    member: Member
    registration: Registration
    course: str
    duration: str
    certificate_id: str  # already issued: nothing happens to this member again

    @property
    def team(self) -> str:
        return self.registration.team_name


def event_result_lines(*, event: Event) -> list[ResultLine]:
    """Every member of a checked-in (and confirmed) registration of the event, with the
    certificate "Publish results" gives them, or the one they already hold."""
    rows = event_registrations(event=event).filter(
        checked_in_at__isnull=False, enrolment__status=Enrolment.Status.CONFIRMED
    )
    members = Member.objects.filter(registration__in=rows).select_related(
        "certificate", "registration", "registration__enrolment"
    )
    by_registration: dict[int, list[Member]] = {}
    for member in members.order_by("position"):
        by_registration.setdefault(member.registration_id, []).append(member)
    lines: list[ResultLine] = []
    for registration in rows:
        for member in by_registration.get(registration.pk, []):
            lines.append(
                ResultLine(
                    member=member,
                    registration=registration,
                    course=registration_course(registration=registration),
                    duration=registration_duration(registration=registration),
                    certificate_id=member.certificate.certificate_id if member.certificate else "",
                )
            )
    return lines


def event_not_checked_in(*, event: Event) -> QuerySet[Registration]:
    """Registrations that hold a place (confirmed or waiting) but were not checked in:
    no certificate for them."""
    return event_registrations(event=event).filter(
        checked_in_at__isnull=True,
        enrolment__status__in=(*Enrolment.OPEN_STATUSES, Enrolment.Status.CONFIRMED),
    )


@dataclass(frozen=True)
class PublishedResult:
    place: str  # "1st"
    rank: int
    name: str  # the team's name, or the solo entrant's
    tournament: str  # the tournament's name, or ""


def event_published_results(*, event: Event) -> list[PublishedResult]:
    """The ranked registrations of an event whose results are published, best first."""
    if event.results_published_at is None:
        return []
    rows = event_registrations(event=event).filter(
        rank__isnull=False, enrolment__status=Enrolment.Status.CONFIRMED
    )
    return [
        PublishedResult(
            place=registration.get_rank_display(),
            rank=registration.rank or 0,
            name=registration.team_name or registration.enrolment.name,
            tournament=(
                registration.enrolment.tournament.name if registration.enrolment.tournament else ""
            ),
        )
        for registration in rows.order_by("enrolment__tournament__starts_on", "rank", "pk")
    ]


def registrations_of_user(*, user_id: int) -> QuerySet[Registration]:
    """The registrations an account made (as the solo entrant or the team's captain)."""
    return (
        Registration.objects.filter(Q(enrolment__user_id=user_id))
        .select_related("enrolment", "enrolment__event", "enrolment__tournament")
        .prefetch_related("members__certificate")
        .order_by("-enrolment__created_at", "-pk")
    )


@dataclass(frozen=True)
class RegistrationTarget:
    """What takes registrations on an event's page: the event itself, or each of its
    tournaments that has a slug (POST /api/events/<slug>/registrations)."""

    slug: str
    title: str
    fee: int  # rupees; 0: free
    closed_reason: str | None  # "Registration is closed." / "This event is full."

    @property
    def fee_display(self) -> str:
        return format_rupees(self.fee) if self.fee else "Free"


@dataclass(frozen=True)
class EventRegistration:
    """The event page's Register form: who registers (solo or a team of team_min to
    team_max, in-game IDs for a gaming event), for what, and the published results."""

    team_event: bool
    team_min: int
    team_max: int
    gaming: bool
    fee_per: str  # "person" or "team"
    targets: list[RegistrationTarget]
    results: list[PublishedResult]


def _closed_reason(*, event: Event, tournament: Tournament | None, now: datetime) -> str | None:
    closes = event.registration_closes_at
    if closes is not None and now >= closes:
        return Event.CLOSED
    capacity = tournament.capacity if tournament is not None else event.capacity
    if capacity is None:
        return None
    held = Enrolment.objects.filter(holds_place(now=now))
    held = (
        held.filter(tournament=tournament)
        if tournament is not None
        else held.filter(event=event, tournament=None)
    )
    return Event.FULL if held.count() >= capacity else None


def event_registration_get(*, event: Event, now: datetime | None = None) -> EventRegistration:
    """The same refusals the server gives (enrolments.services.registration_order_create),
    read for the page: the form says them before anyone types."""
    now = now or timezone.now()
    tournaments = [t for t in event.tournaments.all() if t.slug]
    targets = [
        RegistrationTarget(
            slug=t.slug or "",
            title=t.name,
            fee=t.entry_fee or 0,
            closed_reason=_closed_reason(event=event, tournament=t, now=now),
        )
        for t in tournaments
    ] or [
        RegistrationTarget(
            slug=event.slug,
            title=event.title,
            fee=event.fee or 0,
            closed_reason=_closed_reason(event=event, tournament=None, now=now),
        )
    ]
    return EventRegistration(
        team_event=event.team_event,
        team_min=event.team_min if event.team_event else 1,
        team_max=event.team_max if event.team_event else 1,
        gaming=event.kind == Event.KIND_GAMING,
        fee_per=event.fee_per,
        targets=targets,
        results=event_published_results(event=event),
    )
