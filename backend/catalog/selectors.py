from __future__ import annotations

from datetime import date
from typing import Any

from django.core.cache import cache

from catalog.caching import catalog_cached
from catalog.models import (
    SITE_SETTINGS_CACHE_KEY,
    ContentBlock,
    Course,
    Event,
    InternshipDomain,
    PolicyPage,
    PortfolioItem,
    ProgrammeRow,
    ProjectPackage,
    SiteSettings,
    TeamMember,
)
from catalog.rendering import markdown_render
from core.dates import india_today
from core.errors import NotFound
from core.money import format_rupees, format_usd

_SOCIALS = (
    ("facebook_url", "Facebook", "facebook"),
    ("instagram_url", "Instagram", "instagram"),
    ("linkedin_url", "LinkedIn", "linkedin"),
    ("youtube_url", "YouTube", "youtube"),
    ("x_url", "X (Twitter)", "x"),
    ("github_url", "GitHub", "github"),
)


def site_settings_row() -> SiteSettings:
    """The one SiteSettings row (made on first use), for code that edits or renders it."""
    settings_row, _ = SiteSettings.objects.get_or_create(pk=1)
    return settings_row


def site_settings_public() -> dict[str, Any]:
    """What the public site shows of the settings, cached until staff save them."""
    cached = cache.get(SITE_SETTINGS_CACHE_KEY)
    if cached is not None:
        return dict(cached)
    from accounts.phones import phone_display

    row = site_settings_row()
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
        "grievance_officer": row.grievance_officer,
    }
    cache.set(SITE_SETTINGS_CACHE_KEY, data, timeout=60 * 60)
    return data


def team_member_list() -> list[TeamMember]:
    return list(TeamMember.objects.filter(is_active=True))


def project_package_list() -> list[ProjectPackage]:
    return list(ProjectPackage.objects.filter(is_active=True))


def team_member_public_list() -> list[dict[str, Any]]:
    def build() -> list[dict[str, Any]]:
        return [
            {
                "name": m.name,
                "role": m.role,
                "bio": m.bio,
                "photo_url": m.photo.url if m.photo else None,
            }
            for m in team_member_list()
        ]

    return catalog_cached("team", build)


def project_package_public_list() -> list[dict[str, Any]]:
    def build() -> list[dict[str, Any]]:
        return [
            {
                "slug": p.slug,
                "name": p.name,
                "price_usd": p.price_usd,
                "price_usd_display": format_usd(p.price_usd),
                "summary": p.summary,
                "features": p.feature_list,
            }
            for p in project_package_list()
        ]

    return catalog_cached("projects", build)


# --- Courses ---------------------------------------------------------------------------


def normalise_site_path(path: str) -> str:
    """The site path as routes are stored.

    A query string decodes "+" to a space, so `?path=/java+android_bootcamp` sent without
    encoding arrives as "/java android_bootcamp"; no route holds a space, so put it back.
    """
    path = path.strip().replace(" ", "+")
    if len(path) > 1:
        path = path.rstrip("/")
    return path


def _course_public(course: Course) -> dict[str, Any]:
    offer_fee = course.offer_fee
    has_offer = offer_fee is not None
    return {
        "slug": course.slug,
        "name": course.name,
        "short_name": course.short_name,
        "route": course.route,
        "summary": course.summary,
        "description": course.description,
        "list_fee": course.list_fee,
        "offer_fee": course.offer_fee,
        "payable_fee": course.payable_fee,
        "has_offer": has_offer,
        "offer_label": course.offer_label,
        "list_fee_display": format_rupees(course.list_fee),
        "offer_fee_display": format_rupees(offer_fee) if offer_fee is not None else None,
        "payable_fee_display": format_rupees(course.payable_fee),
        "duration_text": course.duration_text,
        "timing": course.timing,
        "days": course.days,
        "doubt_session": course.doubt_session,
        "mode": course.mode,
        "certificate": course.certificate,
        "referral_reward": course.referral_reward,
        "referral_reward_display": format_rupees(course.referral_reward)
        if course.referral_reward
        else None,
        "highlights": course.highlight_list,
        "syllabus": course.syllabus_list,
        "is_bootcamp": course.is_bootcamp,
        "updated_at": course.updated_at,
    }


def _active_courses() -> list[dict[str, Any]]:
    return catalog_cached(
        "courses",
        lambda: [_course_public(c) for c in Course.objects.filter(is_active=True)],
    )


def course_list() -> list[dict[str, Any]]:
    """The course cards: active courses in staff order, without bootcamps."""
    return [c for c in _active_courses() if not c["is_bootcamp"]]


def course_get(*, slug: str) -> dict[str, Any]:
    for course in _active_courses():
        if course["slug"] == slug:
            return course
    raise NotFound("No such course.")


def course_get_by_route(*, path: str) -> dict[str, Any]:
    wanted = normalise_site_path(path)
    for course in _active_courses():
        if course["route"] == wanted:
            return course
    raise NotFound("No course has this page.")


# --- Internships and programme ---------------------------------------------------------


def internship_apply_path(*, slug: str) -> str:
    """The site's application form for a domain (docs/product.md section 14)."""
    return f"/internship/apply/{slug}"


def internship_domain_list() -> list[dict[str, Any]]:
    def build() -> list[dict[str, Any]]:
        return [
            {
                "slug": d.slug,
                "title": d.title,
                "summary": d.summary,
                "icon": d.icon,
                "duration": d.duration,
                "is_open": d.is_open,
                "apply_url": internship_apply_path(slug=d.slug) if d.is_open else None,
                "disabled_reason": None if d.is_open else d.closed_reason,
            }
            for d in InternshipDomain.objects.all()
        ]

    return catalog_cached("internships", build)


def programme_row_list() -> list[dict[str, Any]]:
    return catalog_cached(
        "programme",
        lambda: [
            {"title": r.title, "detail": r.detail, "duration_text": r.duration_text}
            for r in ProgrammeRow.objects.all()
        ],
    )


# --- Events ----------------------------------------------------------------------------


def _event_fee_display(fee: int | None, note: str) -> str:
    if fee is None:
        return note or "Free"
    return f"{format_rupees(fee)} {note}".strip() if note else format_rupees(fee)


def _event_public(event: Event) -> dict[str, Any]:
    rendered = markdown_render(source=event.details)
    return {
        "slug": event.slug,
        "kind": event.kind,
        "kind_label": event.get_kind_display(),
        "title": event.title,
        "summary": event.summary,
        "details_html": rendered.html,
        "starts_on": event.starts_on,
        "ends_on": event.ends_on,
        "location": event.location,
        "is_online": event.location.strip().lower() == "online",
        "fee": event.fee,
        "fee_note": event.fee_note,
        "fee_display": _event_fee_display(event.fee, event.fee_note),
        "prize_pool": event.prize_pool,
        "registration_open": event.registration_open,
        "registration_url": event.registration_url or None,
        "route": event.route or None,
        "tournaments": [
            {
                "name": t.name,
                "starts_on": t.starts_on,
                "entry_fee": t.entry_fee,
                "fee_note": t.fee_note,
                "entry_fee_display": _event_fee_display(t.entry_fee, t.fee_note),
                "prize_pool": t.prize_pool,
            }
            for t in event.tournaments.all()
        ],
    }


def _events_raw() -> list[dict[str, Any]]:
    # Cached without the status: that depends on the day and is computed per request.
    return catalog_cached(
        "events",
        lambda: [_event_public(e) for e in Event.objects.prefetch_related("tournaments")],
    )


def _with_status(event: dict[str, Any], today: date) -> dict[str, Any]:
    last_day = event["ends_on"] or event["starts_on"]
    status = "past" if last_day < today else "upcoming"
    if status == "past":
        reason: str | None = Event.ENDED
    elif not event["registration_open"]:
        reason = Event.NOT_OPEN
    else:
        reason = None
    return {
        **event,
        "status": status,
        "register_disabled_reason": reason,
        "tournaments": [
            {**t, "status": "past" if t["starts_on"] < today else "upcoming"}
            for t in event["tournaments"]
        ],
    }


def event_list(*, today: date | None = None) -> dict[str, Any]:
    """Events split by India date: upcoming soonest first, past most recent first.

    An event is past once its last day (ends_on, else starts_on) is before `today`, which
    defaults to today in Asia/Kolkata. Register is disabled for past events ("This event
    has ended.") and for events whose registration is closed.
    """
    today = today or india_today()
    events = [_with_status(e, today) for e in _events_raw()]
    upcoming = [e for e in events if e["status"] == "upcoming"]
    past = [e for e in events if e["status"] == "past"]
    past.sort(key=lambda e: e["ends_on"] or e["starts_on"], reverse=True)
    return {"today": today, "upcoming": upcoming, "past": past}


def event_get(*, slug: str, today: date | None = None) -> dict[str, Any]:
    today = today or india_today()
    for event in _events_raw():
        if event["slug"] == slug:
            return _with_status(event, today)
    raise NotFound("No such event.")


# --- Portfolio, policies, about --------------------------------------------------------


def portfolio_item_list() -> list[dict[str, Any]]:
    def build() -> list[dict[str, Any]]:
        return [
            {
                "slug": p.slug,
                "title": p.title,
                "category": p.category,
                "category_label": p.get_category_display(),
                "summary": p.summary,
                "description": p.description,
                "tech_stack": p.tech_list,
                "link_url": p.link_url or None,
                "image_url": p.image.url if p.image else None,
            }
            for p in PortfolioItem.objects.filter(is_active=True)
        ]

    return catalog_cached("portfolio", build)


def policy_page_get(*, slug: str) -> dict[str, Any]:
    def build() -> dict[str, Any] | None:
        page = PolicyPage.objects.filter(slug=slug).first()
        if page is None:
            return None
        rendered = markdown_render(source=page.body)
        return {
            "slug": page.slug,
            "title": page.title,
            "route": page.route,
            "last_updated": page.last_updated,
            "body_html": rendered.html,
            "sections": rendered.sections,
        }

    if slug not in {choice for choice, _label in PolicyPage.SLUGS}:
        raise NotFound("No such policy page.")
    found = catalog_cached(f"policy:{slug}", build)
    if found is None:
        raise NotFound("No such policy page.")
    return found


def about_page_get() -> dict[str, Any]:
    def build() -> dict[str, Any] | None:
        block = ContentBlock.objects.filter(key="about").first()
        if block is None:
            return None
        rendered = markdown_render(source=block.body)
        return {
            "title": block.title,
            "summary": block.summary,
            "body_html": rendered.html,
            "sections": rendered.sections,
            "updated_at": block.updated_at,
        }

    found = catalog_cached("about", build)
    if found is None:
        raise NotFound("The about page has not been written yet.")
    return found
