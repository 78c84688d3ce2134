from __future__ import annotations

from typing import Annotated, Literal

from ninja import Field, Schema

from core.schemas import Text as CoreText
from events.models import Registration

Short = Annotated[CoreText, Field(max_length=200)]


class MemberIn(Schema):
    name: Short
    game_id: Short = ""


class RegistrationIn(Schema):
    """A solo entrant's name, phone and email; for a team the captain's, with the team's
    name and the other members (and each player's in-game ID for a gaming tournament)."""

    name: Short
    phone: Short
    email: Short
    team_name: Short = ""
    game_id: Short = Field("", description="The captain's in-game ID (gaming tournaments).")
    coupon: Short = Field("", description="A discount code (optional).")
    members: list[MemberIn] = Field(
        default_factory=list, max_length=20, description="The members other than the captain."
    )


class RegistrationOut(Schema):
    reference: str
    status: str
    status_display: str
    amount: int
    message: str = Field(description="What the page says: 'Registration confirmed' when free.")


# From an events.selectors.PublishedResult.
class EventResultOut(Schema):
    place: str = Field(description="“1st”, “2nd”, “3rd”.")
    rank: int
    name: str = Field(description="The team's name, or the solo entrant's.")
    tournament: str = Field(description="The tournament's name; empty for the event itself.")


# From an events.selectors.RegistrationTarget.
class RegistrationTargetOut(Schema):
    slug: str = Field(description="Registrations go to POST /api/events/<slug>/registrations.")
    title: str
    fee: int = Field(description="Rupees, per person or per team (fee_per); 0: free.")
    fee_display: str = Field(description="“₹50”, or “Free”.")
    closed_reason: str | None = Field(
        description="“Registration is closed.” or “This event is full.”; null while open."
    )


# From an events.selectors.EventRegistration.
class EventRegistrationOut(Schema):
    team_event: bool
    team_min: int = Field(description="The smallest team, the captain included (1: solo).")
    team_max: int
    gaming: bool = Field(description="Each player gives an in-game ID.")
    fee_per: str = Field(description="“person” or “team”.")
    targets: list[RegistrationTargetOut] = Field(
        description="The event, or each of its tournaments that takes registrations."
    )
    results: list[EventResultOut] = Field(description="The published results, best first.")


# From an events.models.Registration (its enrolment, event and tournament loaded).
class MyEventOut(Schema):
    reference: str = Field(alias="enrolment.reference")
    event: str = Field(description="The event's title (with the tournament's name).")
    team: str = Field(alias="team_name", description="The team's name; empty for a solo entrant.")
    status: Literal["pending", "paid_claimed", "confirmed", "rejected", "expired"] = Field(
        alias="enrolment.status"
    )
    status_display: str = Field(
        description="As an enrolment's: “Confirmed”, “Waiting for payment”…"
    )
    route: str = Field(description="The event's page.")
    checked_in: bool
    certificate_id: str = Field(
        description="The account holder's certificate, once issued; else empty."
    )

    @staticmethod
    def resolve_event(obj: Registration) -> str:
        return obj.enrolment.offering.name

    @staticmethod
    def resolve_status_display(obj: Registration) -> str:
        return obj.enrolment.get_status_display()

    @staticmethod
    def resolve_route(obj: Registration) -> str:
        return obj.enrolment.offering.route

    @staticmethod
    def resolve_checked_in(obj: Registration) -> bool:
        return obj.checked_in_at is not None

    @staticmethod
    def resolve_certificate_id(obj: Registration) -> str:
        captain = next((m for m in obj.members.all() if m.position == 1), None)
        certificate = captain.certificate if captain is not None else None
        return certificate.certificate_id if certificate is not None else ""
