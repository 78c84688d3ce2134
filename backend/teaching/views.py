"""What Django serves to a course's students outside the API (docs/product.md section 20):
"Join class" (/classes/<id>/join), which sends a confirmed student on to the meeting link
inside the class's window, and the private calendar feed (/calendar/<token>.ics).

The meeting link leaves the server only here, in a redirect to the one student allowed to
follow it, never cached: it is in no page's data, no public HTML and no shared cache.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET
from icalendar import Calendar, Event

from accounts.models import User
from catalog.selectors import site_settings_cached
from core.dates import format_india_clock, format_india_day
from teaching import selectors
from teaching.models import CalendarFeed

PRIVATE = "private, no-store"
# Calendar apps poll a subscription; a private cache (the app's own) may keep it an hour.
FEED_CACHE_CONTROL = "private, max-age=3600"
TOKEN_MAX = 64
ID_MAX = 2**31 - 1


def _refused(request: HttpRequest, *, title: str, message: str, status: int) -> HttpResponse:
    response = render(
        request,
        "teaching/class_join_refused.html",
        {"title": title, "message": message, "brand": site_settings_cached().brand_name},
        status=status,
    )
    response["Cache-Control"] = PRIVATE
    return response


@require_GET
def class_join(request: HttpRequest, class_id: int) -> HttpResponse:
    """ "Join class": a confirmed student of the class's batch, from 15 minutes before it
    starts until it ends, goes on to its meeting link (302). Anyone else gets a page that
    says why, and never the link: not logged in (to the login page, then the dashboard),
    not a confirmed student of the batch (404, as for a class that does not exist), a
    cancelled class, before the window (when it opens) or after the class."""
    if not request.user.is_authenticated:
        response = HttpResponseRedirect(f"{settings.LOGIN_URL}?next=/dashboard")
        response["Cache-Control"] = PRIVATE
        return response
    user: User = request.user  # type: ignore[assignment]
    # An id past the database's integers is no class either (and no 500).
    live_class = (
        selectors.class_for_student(class_id=class_id, user=user) if class_id <= ID_MAX else None
    )
    if live_class is None:
        return _refused(
            request,
            title="This class is not one of yours",
            message=(
                "Only the confirmed students of a batch can join its classes. If you have "
                "paid, your place is confirmed once our team has checked the payment."
            ),
            status=404,
        )
    now = timezone.now()
    if live_class.cancelled:
        return _refused(
            request,
            title="This class is cancelled",
            message=f"The class of {format_india_day(live_class.starts_at)} is cancelled. "
            "Your dashboard shows the next one.",
            status=409,
        )
    if now >= live_class.ends_at:
        return _refused(
            request,
            title="This class has ended",
            message="Your dashboard shows the next class, and this one's recording once it is added.",
            status=409,
        )
    if not selectors.join_window_open(live_class, now=now):
        opens = live_class.starts_at - selectors.JOIN_OPENS_BEFORE
        return _refused(
            request,
            title="This class has not opened yet",
            message=(
                f"Join class opens at {format_india_clock(opens)} on {format_india_day(opens)} (India time), "
                "15 minutes before the class starts."
            ),
            status=409,
        )
    link = live_class.link
    if not link:
        return _refused(
            request,
            title="The class link is not ready",
            message="Our team has not added this class's meeting link yet. Please write to us.",
            status=409,
        )
    response = HttpResponseRedirect(link)
    response["Cache-Control"] = PRIVATE
    return response


@require_GET
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The student's classes as iCalendar, at the private address calendar apps subscribe
    to: one event per class (its UID stays when staff move it, so the calendar moves it
    too; a cancelled class is STATUS:CANCELLED). Its links are the site's "Join class",
    never the meeting link. 404 for a token we never gave."""
    feed = (
        CalendarFeed.objects.select_related("user").filter(token=token).first()
        if len(token) <= TOKEN_MAX
        else None
    )
    if feed is None or not feed.user.is_active:
        response = HttpResponse("No such calendar.", status=404, content_type="text/plain")
        response["Cache-Control"] = PRIVATE
        return response
    brand = site_settings_cached().brand_name
    host = settings.SITE_URL.split("://")[-1].split("/")[0]
    calendar = Calendar()
    calendar.add("prodid", f"-//{brand}//Classes//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", f"{brand} classes")
    calendar.add("x-wr-timezone", "Asia/Kolkata")
    for live_class in selectors.student_classes(user=feed.user):
        course = live_class.batch.course
        join = f"{settings.SITE_URL}/classes/{live_class.pk}/join"
        event = Event()
        event.add("uid", f"class-{live_class.pk}@{host}")
        event.add("summary", f"{course.short_name or course.name}: {live_class.get_kind_display()}")
        event.add("dtstart", live_class.starts_at)
        event.add("dtend", live_class.ends_at)
        event.add("dtstamp", live_class.updated_at)
        event.add("last-modified", live_class.updated_at)
        # Later changes (a move, a cancellation) carry a higher sequence.
        event.add("sequence", int(live_class.updated_at.timestamp()) // 60)
        event.add("status", "CANCELLED" if live_class.cancelled else "CONFIRMED")
        event.add("url", join)
        event.add("description", f"Join class: {join}")
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = FEED_CACHE_CONTROL
    response["Content-Disposition"] = 'inline; filename="classes.ics"'
    return response
