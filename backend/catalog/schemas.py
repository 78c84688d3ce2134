"""The catalogue's answers, rendered from the (cached) rows the selectors return."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from accounts.phones import phone_display
from catalog.models import Course, InternshipDomain, PortfolioItem, ProjectPackage, SiteSettings
from catalog.selectors import (
    EventOnDay,
    SocialLink,
    TournamentOnDay,
    event_fee_display,
    event_is_online,
    internship_apply_path,
    site_social_links,
)
from core.dates import format_india_date
from core.money import format_rupees, format_usd
from core.schemas import OptionalOut, Rupees, RupeesText


class SocialLinkOut(Schema):
    label: str
    url: str
    icon: str


# From the SiteSettings row.
class SiteOut(Schema):
    brand_name: str
    tagline: str
    email: str
    phone: str
    phone_display: str
    address: str
    socials: list[SocialLinkOut]
    typed_phrases: list[str]
    upi_payee_id: str
    upi_payee_name: str
    grievance_officer: str = OptionalOut(
        "", "Named in the privacy policy's rights section (DPDP Act 2023)."
    )

    @staticmethod
    def resolve_phone_display(obj: SiteSettings) -> str:
        # An international number as written for India; anything else as staff typed it.
        return phone_display(obj.phone) if obj.phone.startswith("+") else obj.phone

    @staticmethod
    def resolve_socials(obj: SiteSettings) -> list[SocialLink]:
        return site_social_links(settings_row=obj)

    @staticmethod
    def resolve_typed_phrases(obj: SiteSettings) -> list[str]:
        return [p.strip() for p in obj.typed_phrases.splitlines() if p.strip()]


# From a TeamMember.
class TeamMemberOut(Schema):
    name: str
    role: str
    bio: str
    photo_url: str | None = Field(alias="photo")


# From a ProjectPackage.
class ProjectPackageOut(Schema):
    slug: str
    name: str
    price_usd: int
    price_usd_display: str = Field(description='The price as shown: "$1,500".')
    summary: str
    features: list[str] = Field(alias="feature_list")

    @staticmethod
    def resolve_price_usd_display(obj: ProjectPackage) -> str:
        return format_usd(obj.price_usd)


# From a Course.
class CourseOut(Schema):
    slug: str
    name: str
    short_name: str
    route: str
    summary: str
    description: str
    list_fee: int
    offer_fee: int | None
    payable_fee: int
    has_offer: bool
    offer_label: str
    offer_ends_on: date | None = Field(description="The offer's last day (India); null: no end.")
    offer_ends_text: str | None = Field(
        description="'Offer ends 31 December 2026' while the offer runs with an end; else null."
    )
    list_fee_display: Rupees = RupeesText("list_fee")
    offer_fee_display: str | None
    payable_fee_display: Rupees = RupeesText("payable_fee")
    duration_text: str
    timing: str
    days: str
    doubt_session: str
    mode: str
    certificate: bool
    referral_reward: int
    referral_reward_display: str | None
    highlights: list[str] = Field(alias="highlight_list")
    syllabus: list[str] = Field(alias="syllabus_list")
    is_bootcamp: bool
    updated_at: datetime

    @staticmethod
    def resolve_has_offer(obj: Course) -> bool:
        return obj.has_offer

    @staticmethod
    def resolve_offer_ends_text(obj: Course) -> str | None:
        if not obj.has_offer or obj.offer_ends_on is None:
            return None
        return f"Offer ends {format_india_date(obj.offer_ends_on)}"

    @staticmethod
    def resolve_offer_fee_display(obj: Course) -> str | None:
        return format_rupees(obj.offer_fee) if obj.has_offer and obj.offer_fee else None

    @staticmethod
    def resolve_referral_reward_display(obj: Course) -> str | None:
        return format_rupees(obj.referral_reward) if obj.referral_reward else None


# From an InternshipDomain.
class InternshipDomainOut(Schema):
    slug: str
    title: str
    summary: str
    icon: str
    duration: str = Field(description='How long the internship lasts, e.g. "30 Days".')
    is_open: bool
    apply_url: str | None = Field(
        description="The application form's path (/internship/apply/<slug>); null while closed."
    )
    disabled_reason: str | None

    @staticmethod
    def resolve_apply_url(obj: InternshipDomain) -> str | None:
        return internship_apply_path(slug=obj.slug) if obj.is_open else None

    @staticmethod
    def resolve_disabled_reason(obj: InternshipDomain) -> str | None:
        return None if obj.is_open else obj.closed_reason


# From a ProgrammeRow.
class ProgrammeRowOut(Schema):
    title: str
    detail: str
    duration_text: str


# From a TournamentOnDay.
class TournamentOut(Schema):
    name: str = Field(alias="tournament.name")
    starts_on: date = Field(alias="tournament.starts_on")
    entry_fee: int | None = Field(alias="tournament.entry_fee")
    fee_note: str = Field(alias="tournament.fee_note")
    entry_fee_display: str
    prize_pool: str = Field(alias="tournament.prize_pool")
    status: Literal["upcoming", "past"]

    @staticmethod
    def resolve_entry_fee_display(obj: TournamentOnDay) -> str:
        return event_fee_display(obj.tournament.entry_fee, obj.tournament.fee_note)


# From an EventOnDay.
class EventOut(Schema):
    slug: str = Field(alias="event.slug")
    kind: str = Field(alias="event.kind")
    kind_label: str
    title: str = Field(alias="event.title")
    summary: str = Field(alias="event.summary")
    details_html: str
    starts_on: date = Field(alias="event.starts_on")
    ends_on: date | None = Field(alias="event.ends_on")
    location: str = Field(alias="event.location")
    is_online: bool
    fee: int | None = Field(alias="event.fee")
    fee_note: str = Field(alias="event.fee_note")
    fee_display: str
    prize_pool: str = Field(alias="event.prize_pool")
    registration_open: bool = Field(alias="event.registration_open")
    registration_url: str | None
    route: str | None
    status: Literal["upcoming", "past"]
    register_disabled_reason: str | None
    tournaments: list[TournamentOut]

    @staticmethod
    def resolve_kind_label(obj: EventOnDay) -> str:
        return obj.event.get_kind_display()

    @staticmethod
    def resolve_is_online(obj: EventOnDay) -> bool:
        return event_is_online(obj.event)

    @staticmethod
    def resolve_fee_display(obj: EventOnDay) -> str:
        return event_fee_display(obj.event.fee, obj.event.fee_note)

    @staticmethod
    def resolve_registration_url(obj: EventOnDay) -> str | None:
        return obj.event.registration_url or None

    @staticmethod
    def resolve_route(obj: EventOnDay) -> str | None:
        return obj.event.route or None


# From an EventList.
class EventListOut(Schema):
    today: date
    upcoming: list[EventOut]
    past: list[EventOut]


# From a PortfolioItem.
class PortfolioItemOut(Schema):
    slug: str
    title: str
    category: str
    category_label: str
    summary: str
    description: str
    tech_stack: list[str] = Field(alias="tech_list")
    link_url: str | None
    image_url: str | None = Field(alias="image")

    @staticmethod
    def resolve_category_label(obj: PortfolioItem) -> str:
        return obj.get_category_display()

    @staticmethod
    def resolve_link_url(obj: PortfolioItem) -> str | None:
        return obj.link_url or None


class SectionOut(Schema):
    id: str
    title: str


# From a RenderedPolicyPage.
class PolicyPageOut(Schema):
    slug: str = Field(alias="page.slug")
    title: str = Field(alias="page.title")
    route: str = Field(alias="page.route")
    last_updated: date = Field(alias="page.last_updated")
    body_html: str = Field(alias="body.html")
    sections: list[SectionOut] = Field(alias="body.sections")


# From a RenderedAboutPage.
class AboutOut(Schema):
    title: str = Field(alias="block.title")
    summary: str = Field(alias="block.summary")
    body_html: str = Field(alias="body.html")
    sections: list[SectionOut] = Field(alias="body.sections")
    updated_at: datetime = Field(alias="block.updated_at")


# From a catalog.jsonld.PageHead.
class PageHeadOut(Schema):
    """A page's <head> from the catalogue: a null title or description keeps the page's own."""

    title: str | None
    description: str | None
    json_ld: list[dict]
