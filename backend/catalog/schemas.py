from __future__ import annotations

from ninja import Schema


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


class TeamMemberOut(Schema):
    name: str
    role: str
    bio: str
    photo_url: str | None


class ProjectPackageOut(Schema):
    slug: str
    name: str
    price_usd: int
    summary: str
    features: list[str]
