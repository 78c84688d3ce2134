"""schema.org data for the server-rendered <head> of catalogue pages.

Built from the same cached rows the API's answers are rendered from, so the page and its
structured data always show the same fees and dates. Used through
`catalog_meta_for_path` below. The JSON-LD objects themselves are free-form dictionaries
(PageHeadOut.json_ld), built here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.conf import settings

from catalog import selectors
from catalog.caching import catalog_cached
from catalog.models import Course, SiteSettings
from core.dates import india_today
from core.money import format_rupees

CONTEXT = "https://schema.org"
ONLINE = "https://schema.org/OnlineEventAttendanceMode"
OFFLINE = "https://schema.org/OfflineEventAttendanceMode"
IN_STOCK = "https://schema.org/InStock"
OUT_OF_STOCK = "https://schema.org/OutOfStock"

_DAY_NAMES = {
    "mon": "Monday",
    "tue": "Tuesday",
    "wed": "Wednesday",
    "thu": "Thursday",
    "fri": "Friday",
    "sat": "Saturday",
    "sun": "Sunday",
}
_TIME = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?[Mm]\.?")


def _absolute(path: str) -> str:
    return settings.SITE_URL + path


def _organisation(site: SiteSettings) -> dict[str, Any]:
    return {"@type": "Organization", "name": site.brand_name, "url": _absolute("/")}


def iso_duration(text: str) -> str | None:
    """ "3 Months" -> "P3M", "1 Month" -> "P1M", "4 Weeks" -> "P4W", "30 Days" -> "P30D"."""
    match = re.match(r"\s*(\d+)\s*(month|week|day)", text, re.IGNORECASE)
    if not match:
        return None
    unit = {"month": "M", "week": "W", "day": "D"}[match.group(2).lower()]
    return f"P{int(match.group(1))}{unit}"


def _clock(text: str) -> str | None:
    match = _TIME.search(text)
    if not match:
        return None
    hour = int(match.group(1)) % 12 + (12 if match.group(3).lower() == "p" else 0)
    return f"{hour:02d}:{int(match.group(2) or 0):02d}"


def course_schedule(*, timing: str, days: str, duration_text: str) -> dict[str, Any] | None:
    """A schema.org Schedule from "9:00 PM - 11:00 PM" and "Mon/Wed/Fri", if both parse."""
    parts = [p for p in re.split(r"\s*[-\u2013]\s*", timing) if p]
    start = _clock(parts[0]) if parts else None
    end = _clock(parts[1]) if len(parts) > 1 else None
    by_day = [
        f"https://schema.org/{_DAY_NAMES[d.strip().lower()[:3]]}"
        for d in re.split(r"[/,]", days)
        if d.strip().lower()[:3] in _DAY_NAMES
    ]
    if not (start and end and by_day):
        return None
    start_minutes = int(start[:2]) * 60 + int(start[3:])
    end_minutes = int(end[:2]) * 60 + int(end[3:])
    length = (end_minutes - start_minutes) % (24 * 60)
    session = f"PT{length // 60}H" + (f"{length % 60}M" if length % 60 else "")
    schedule: dict[str, Any] = {
        "@type": "Schedule",
        "duration": session,
        "repeatFrequency": "P1W",
        "byDay": by_day,
        "startTime": start,
        "endTime": end,
        "scheduleTimezone": "Asia/Kolkata",
    }
    total = iso_duration(duration_text)
    if total and total.endswith("M"):
        # Whole weeks in the course's months, so repeatCount says how many weeks it runs.
        schedule["repeatCount"] = round(int(total[1:-1]) * 52 / 12)
    return schedule


def course_json_ld(course: Course, site: SiteSettings) -> dict[str, Any]:
    instance: dict[str, Any] = {"@type": "CourseInstance", "courseMode": "Online"}
    if course.mode.strip().lower() != "online":
        instance["courseMode"] = course.mode
    schedule = course_schedule(
        timing=course.timing, days=course.days, duration_text=course.duration_text
    )
    total = iso_duration(course.duration_text)
    if schedule:
        instance["courseSchedule"] = schedule
    elif total:
        instance["courseWorkload"] = total
    data: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "Course",
        "name": course.name,
        "description": course.summary,
        "url": _absolute(course.route),
        "provider": _organisation(site),
        "offers": {
            "@type": "Offer",
            "category": "Paid",
            "price": str(course.payable_fee),
            "priceCurrency": "INR",
            "availability": IN_STOCK,
            "url": _absolute(course.route),
            **(
                {"priceValidUntil": course.offer_ends_on.isoformat()}
                if course.has_offer and course.offer_ends_on
                else {}
            ),
        },
        "hasCourseInstance": [instance],
        "inLanguage": "en-IN",
    }
    if total:
        data["timeRequired"] = total
    if course.syllabus_list:
        data["syllabusSections"] = [
            {"@type": "Syllabus", "name": topic} for topic in course.syllabus_list
        ]
    return data


def _event_offer(fee: int | None, *, available: bool, url: str) -> dict[str, Any]:
    return {
        "@type": "Offer",
        "price": str(fee or 0),
        "priceCurrency": "INR",
        "availability": IN_STOCK if available else OUT_OF_STOCK,
        "url": url,
    }


def event_json_ld(on_day: selectors.EventOnDay, site: SiteSettings) -> dict[str, Any]:
    event = on_day.event
    url = _absolute(event.route or "/events")
    available = on_day.register_disabled_reason is None
    if selectors.event_is_online(event):
        mode, location = ONLINE, {"@type": "VirtualLocation", "url": url}
    else:
        mode, location = OFFLINE, {"@type": "Place", "name": event.location}
    data: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "Event",
        "name": event.title,
        "description": event.summary,
        "url": url,
        "startDate": event.starts_on.isoformat(),
        "endDate": (event.ends_on or event.starts_on).isoformat(),
        "eventStatus": "https://schema.org/EventScheduled",
        "eventAttendanceMode": mode,
        "location": location,
        "organizer": _organisation(site),
        "offers": _event_offer(event.fee, available=available, url=url),
    }
    tournaments = list(event.tournaments.all())
    if tournaments:
        data["subEvent"] = [
            {
                "@type": "Event",
                "name": t.name,
                "startDate": t.starts_on.isoformat(),
                "endDate": t.starts_on.isoformat(),
                "eventAttendanceMode": mode,
                "location": location,
                "offers": _event_offer(t.entry_fee, available=available, url=url),
            }
            for t in tournaments
        ]
    return data


def organisation_json_ld(site: SiteSettings) -> dict[str, Any]:
    data: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "EducationalOrganization",
        "name": site.brand_name,
        "url": _absolute("/"),
        "email": site.email,
        "telephone": site.phone,
        "sameAs": [
            s.url for s in selectors.site_social_links(settings_row=site) if s.icon != "whatsapp"
        ],
    }
    if site.tagline:
        data["description"] = site.tagline
    if site.address:
        data["address"] = {
            "@type": "PostalAddress",
            "streetAddress": site.address,
            "addressCountry": "IN",
        }
    return data


def _course_description(course: Course) -> str:
    fee = format_rupees(course.payable_fee)
    if course.has_offer:
        fee += f" (list price {format_rupees(course.list_fee)})"
    when = f", {course.timing} {course.days}".rstrip() if course.timing else ""
    return f"{course.summary} {course.duration_text}, {course.mode.lower()}{when}. Fee {fee}."


@dataclass(frozen=True)
class PageHead:
    """A page's <head> from the catalogue (PageHeadOut): the title has no brand suffix (the
    caller adds it), a None title or description means "keep the route table's", and each
    JSON-LD object is complete (with "@context"), to be embedded as its own
    <script type="application/ld+json">."""

    title: str | None
    description: str | None
    json_ld: list[dict[str, Any]]


def meta_table(*, today: date) -> dict[str, PageHead]:
    """Every catalogue path's head, keyed by path (built once per content version)."""
    site = selectors.site_settings_cached()
    table: dict[str, PageHead] = {
        "/": PageHead(title=None, description=None, json_ld=[organisation_json_ld(site)])
    }
    for course in selectors.course_active_list():
        table[course.route] = PageHead(
            title=course.name if course.is_bootcamp else f"{course.name} course",
            description=_course_description(course),
            json_ld=[course_json_ld(course, site)],
        )
    events = selectors.event_list(today=today)
    every = [*events.upcoming, *events.past]
    table["/events"] = PageHead(
        title=None, description=None, json_ld=[event_json_ld(e, site) for e in every]
    )
    for on_day in every:
        if on_day.event.route:
            table[on_day.event.route] = PageHead(
                title=on_day.event.title,
                description=on_day.event.summary,
                json_ld=[event_json_ld(on_day, site)],
            )
    for slug, _label in selectors.PolicyPage.SLUGS:
        try:
            page = selectors.policy_page_get(slug=slug).page
        except selectors.NotFound:
            continue
        table[page.route] = PageHead(title=page.title, description=None, json_ld=[])
    try:
        about = selectors.about_page_get().block
    except selectors.NotFound:
        pass
    else:
        table["/about"] = PageHead(title=about.title, description=about.summary or None, json_ld=[])
    return table


def catalog_meta_for_path(*, path: str, today: date | None = None) -> PageHead | None:
    """Page-specific <head> data for `path`, or None when the catalogue has none."""
    today = today or india_today()
    table = catalog_cached(f"meta:{today.isoformat()}", lambda: meta_table(today=today))
    return table.get(selectors.normalise_site_path(path))
