from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from core.schemas import OptionalOut


class SocialLinkOut(Schema):
    label: str
    url: str
    icon: str


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


class TeamMemberOut(Schema):
    name: str
    role: str
    bio: str
    photo_url: str | None


class ProjectPackageOut(Schema):
    slug: str
    name: str
    price_usd: int
    price_usd_display: str = Field(description='The price as shown: "$1,500".')
    summary: str
    features: list[str]


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
    list_fee_display: str
    offer_fee_display: str | None
    payable_fee_display: str
    duration_text: str
    timing: str
    days: str
    doubt_session: str
    mode: str
    certificate: bool
    referral_reward: int
    referral_reward_display: str | None
    highlights: list[str]
    syllabus: list[str]
    is_bootcamp: bool
    updated_at: datetime


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


class ProgrammeRowOut(Schema):
    title: str
    detail: str
    duration_text: str


class TournamentOut(Schema):
    name: str
    starts_on: date
    entry_fee: int | None
    fee_note: str
    entry_fee_display: str
    prize_pool: str
    status: Literal["upcoming", "past"]


class EventOut(Schema):
    slug: str
    kind: str
    kind_label: str
    title: str
    summary: str
    details_html: str
    starts_on: date
    ends_on: date | None
    location: str
    is_online: bool
    fee: int | None
    fee_note: str
    fee_display: str
    prize_pool: str
    registration_open: bool
    registration_url: str | None
    route: str | None
    status: Literal["upcoming", "past"]
    register_disabled_reason: str | None
    tournaments: list[TournamentOut]


class EventListOut(Schema):
    today: date
    upcoming: list[EventOut]
    past: list[EventOut]


class PortfolioItemOut(Schema):
    slug: str
    title: str
    category: str
    category_label: str
    summary: str
    description: str
    tech_stack: list[str]
    link_url: str | None
    image_url: str | None


class SectionOut(Schema):
    id: str
    title: str


class PolicyPageOut(Schema):
    slug: str
    title: str
    route: str
    last_updated: date
    body_html: str
    sections: list[SectionOut]


class AboutOut(Schema):
    title: str
    summary: str
    body_html: str
    sections: list[SectionOut]
    updated_at: datetime


class PageHeadOut(Schema):
    """A page's <head> from the catalogue: a null title or description keeps the page's own."""

    title: str | None
    description: str | None
    json_ld: list[dict]
