from __future__ import annotations

from typing import Any

from django.core.cache import cache

from catalog.models import SITE_SETTINGS_CACHE_KEY, ProjectPackage, SiteSettings, TeamMember

_SOCIALS = (
    ("facebook_url", "Facebook", "facebook"),
    ("instagram_url", "Instagram", "instagram"),
    ("linkedin_url", "LinkedIn", "linkedin"),
    ("youtube_url", "YouTube", "youtube"),
    ("x_url", "X (Twitter)", "x"),
    ("github_url", "GitHub", "github"),
)


def site_settings_get() -> SiteSettings:
    settings_row, _ = SiteSettings.objects.get_or_create(pk=1)
    return settings_row


def site_settings_public() -> dict[str, Any]:
    """What the public site shows of the settings, cached until staff save them."""
    cached = cache.get(SITE_SETTINGS_CACHE_KEY)
    if cached is not None:
        return dict(cached)
    from accounts.phones import phone_display

    row = site_settings_get()
    socials = [
        {"label": label, "url": getattr(row, field), "icon": icon}
        for field, label, icon in _SOCIALS
        if getattr(row, field)
    ]
    if row.whatsapp_number:
        digits = "".join(ch for ch in row.whatsapp_number if ch.isdigit())
        socials.append({"label": "WhatsApp", "url": f"https://wa.me/{digits}", "icon": "whatsapp"})
    data = {
        "brand_name": row.brand_name,
        "tagline": row.tagline,
        "email": row.email,
        "phone": row.phone,
        "phone_display": phone_display(row.phone) if row.phone.startswith("+") else row.phone,
        "address": row.address,
        "socials": socials,
        "typed_phrases": [p.strip() for p in row.typed_phrases.splitlines() if p.strip()],
        "upi_payee_id": row.upi_payee_id,
        "upi_payee_name": row.upi_payee_name,
    }
    cache.set(SITE_SETTINGS_CACHE_KEY, data, timeout=60 * 60)
    return data


def team_member_list() -> list[TeamMember]:
    return list(TeamMember.objects.filter(is_active=True))


def project_package_list() -> list[ProjectPackage]:
    return list(ProjectPackage.objects.filter(is_active=True))
