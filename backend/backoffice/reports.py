"""The owner's numbers (docs/product.md section 23): the figures of the back office's
Reports page. Read-only.

Each figure is one aggregate query (the money per month two), whatever the size of the
data: the database groups and sums (TruncMonth and TruncWeek in India time, Sum, Count),
and Python only lays the few grouped rows out. The whole report is cached for
REPORT_SECONDS, so its figures are at most a minute old.

How money counts (the page says it in the same words): a payment counts in the month it
was confirmed, India time; a refund is subtracted in the month it was made (so a month
can be below zero). A confirmation staff undo (a mistake, not a refund) counts nowhere:
no money came in then; confirmed again, it counts in the month of that confirmation.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.core.cache import cache
from django.db.models import Case, Count, Exists, OuterRef, Q, Sum, Value, When
from django.db.models.functions import TruncMonth, TruncWeek
from django.utils import timezone

from certificates.models import VerificationDay
from core.dates import INDIA, MONTHS, date_display, india_today
from enrolments.models import Enrolment
from enrolments.selectors import batches_taking_students
from teaching.models import Attendance, Completion

REPORT_CACHE_KEY = "backoffice:reports:v1"
REPORT_SECONDS = 60
MONTHS_SHOWN = 12
WEEKS_SHOWN = 12
FUNNEL_DAYS = 30
TOP_REFERRERS = 10

COURSES = "courses"
EVENTS = "events"
# What an enrolment paid for: a course, or (no course) an event's registration, a
# tournament's counted under its event (an Enrolment has exactly one of course and event).
SOLD = Case(When(course__isnull=False, then=Value(COURSES)), default=Value(EVENTS))


def _month_start(day: date) -> date:
    return day.replace(day=1)


def _months_back(month: date, count: int) -> date:
    index = month.year * 12 + month.month - 1 - count
    return date(index // 12, index % 12 + 1, 1)


def _india_midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=INDIA)


def _india_day(moment: datetime | date) -> date:
    """A truncated value back as an India date (SQLite and PostgreSQL alike)."""
    if isinstance(moment, datetime):
        return timezone.localtime(moment, INDIA).date()
    return moment


def day_month(day: date) -> str:
    """ "7 Dec", for a chart's axis."""
    return f"{day.day} {MONTHS[day.month - 1][:3]}"


def month_label(month: date) -> str:
    """ "Jul 2026", whatever the server's locale."""
    return f"{MONTHS[month.month - 1][:3]} {month.year}"


@dataclass(frozen=True)
class MonthMoney:
    """One month's money in rupees: confirmed in it less refunded in it."""

    month: date
    courses: int
    events: int

    @property
    def label(self) -> str:
        return month_label(self.month)


def report_money_by_month(*, now: datetime) -> list[MonthMoney]:
    """The last MONTHS_SHOWN India months, this one included, oldest first."""
    this_month = _month_start(india_today(now=now))
    first = _months_back(this_month, MONTHS_SHOWN - 1)
    since = _india_midnight(first)
    totals: dict[tuple[date, str], int] = {}
    for field, sign in (("confirmed_at", 1), ("refunded_at", -1)):
        rows = (
            Enrolment.objects.filter(**{f"{field}__gte": since})
            .annotate(month=TruncMonth(field, tzinfo=INDIA), sold=SOLD)
            .values("month", "sold")
            .annotate(total=Sum("amount"))
            .order_by()
        )
        for row in rows:
            key = (_india_day(row["month"]), row["sold"])
            totals[key] = totals.get(key, 0) + sign * int(row["total"] or 0)
    months = [_months_back(this_month, back) for back in range(MONTHS_SHOWN - 1, -1, -1)]
    return [
        MonthMoney(
            month=month,
            courses=totals.get((month, COURSES), 0),
            events=totals.get((month, EVENTS), 0),
        )
        for month in months
    ]


@dataclass(frozen=True)
class ItemMoney:
    """A course's (or an event's) money this month so far."""

    name: str
    confirmed: int
    refunded: int

    @property
    def money(self) -> int:
        return self.confirmed - self.refunded


def _money_this_month(*, since: datetime, field: str, name: str) -> list[ItemMoney]:
    rows = (
        Enrolment.objects.filter(Q(confirmed_at__gte=since) | Q(refunded_at__gte=since))
        .filter(**{f"{field}__isnull": False})
        .values(f"{field}_id", name)
        .annotate(
            confirmed=Sum("amount", filter=Q(confirmed_at__gte=since), default=0),
            refunded=Sum("amount", filter=Q(refunded_at__gte=since), default=0),
        )
        .order_by()
    )
    items = [
        ItemMoney(name=row[name], confirmed=int(row["confirmed"]), refunded=int(row["refunded"]))
        for row in rows
    ]
    return sorted(items, key=lambda item: (-item.money, item.name))


def report_this_month_by_course(*, now: datetime) -> list[ItemMoney]:
    since = _india_midnight(_month_start(india_today(now=now)))
    return _money_this_month(since=since, field="course", name="course__name")


def report_this_month_by_event(*, now: datetime) -> list[ItemMoney]:
    """Each event's registrations (its tournaments' included) this month so far."""
    since = _india_midnight(_month_start(india_today(now=now)))
    return _money_this_month(since=since, field="event", name="event__title")


@dataclass(frozen=True)
class FunnelStep:
    label: str
    count: int
    # Of those who enrolled, in whole percent (None when nobody enrolled).
    share: int | None


FUNNEL_LABELS = ("Enrolled", "Payment submitted", "Confirmed", "Attended a class", "Certified")


def funnel_since(*, now: datetime) -> date:
    """The first of the last FUNNEL_DAYS India days (today is the last)."""
    return india_today(now=now) - timedelta(days=FUNNEL_DAYS - 1)


def report_funnel(*, now: datetime) -> list[FunnelStep]:
    """The course enrolments made in the last FUNNEL_DAYS days (events' registrations have
    no classes to attend: they are left out), and how far each got: payment
    submitted (a UTR sent, or confirmed without one), confirmed (refunded later or not),
    attended a class (marked present once) and certified (a batch's completion). Each
    step counts only those that passed the one before it."""
    confirmed = Q(confirmed_at__isnull=False)
    figures = (
        Enrolment.objects.filter(
            course__isnull=False, created_at__gte=_india_midnight(funnel_since(now=now))
        )
        .annotate(
            came=Exists(Attendance.objects.filter(enrolment=OuterRef("pk"), present=True)),
            finished=Exists(Completion.objects.filter(enrolment=OuterRef("pk"))),
        )
        .aggregate(
            enrolled=Count("pk"),
            submitted=Count("pk", filter=Q(utr_submitted_at__isnull=False) | confirmed),
            confirmed=Count("pk", filter=confirmed),
            attended=Count("pk", filter=confirmed & Q(came=True)),
            certified=Count("pk", filter=confirmed & Q(came=True) & Q(finished=True)),
        )
    )
    counts = [
        int(figures[key] or 0)
        for key in ("enrolled", "submitted", "confirmed", "attended", "certified")
    ]
    enrolled = counts[0]
    return [
        FunnelStep(
            label=label,
            count=count,
            # Whole percent, halves rounded up (Python's round() would make 62.5 62).
            share=(200 * count + enrolled) // (2 * enrolled) if enrolled else None,
        )
        for label, count in zip(FUNNEL_LABELS, counts, strict=True)
    ]


@dataclass(frozen=True)
class BatchSeats:
    name: str
    # For a chart's axis: the course's short name and the start date without the year.
    short_name: str
    taken: int
    # None: no limit.
    seats: int | None

    @property
    def left(self) -> int | None:
        return None if self.seats is None else max(self.seats - self.taken, 0)


def report_batches(*, now: datetime) -> list[BatchSeats]:
    """Each batch still taking students (its enrolment not closed; full ones included)."""
    return [
        BatchSeats(
            name=f"{places.batch.course.name}, starts {date_display(places.batch.starts_on)}",
            short_name=f"{places.batch.course.short_name}, {day_month(places.batch.starts_on)}",
            taken=places.taken,
            seats=places.batch.seats,
        )
        for places in batches_taking_students(today=india_today(now=now), now=now)
    ]


@dataclass(frozen=True)
class ReferrerFigure:
    name: str
    code: str
    enrolments: int
    money: int


def report_referrers(*, now: datetime) -> list[ReferrerFigure]:
    """The TOP_REFERRERS accounts whose referrals were confirmed most in the months the
    money is shown for (still confirmed: refunded ones left out), with their money."""
    since = _india_midnight(_months_back(_month_start(india_today(now=now)), MONTHS_SHOWN - 1))
    rows = (
        Enrolment.objects.filter(
            referrer__isnull=False, status=Enrolment.Status.CONFIRMED, confirmed_at__gte=since
        )
        .values("referrer_id", "referrer__name", "referrer__referral_code")
        .annotate(enrolments=Count("pk"), money=Sum("amount"))
        .order_by("-enrolments", "-money", "referrer__name", "referrer_id")[:TOP_REFERRERS]
    )
    return [
        ReferrerFigure(
            name=row["referrer__name"],
            code=row["referrer__referral_code"],
            enrolments=int(row["enrolments"]),
            money=int(row["money"] or 0),
        )
        for row in rows
    ]


@dataclass(frozen=True)
class WeekCount:
    week: date  # its Monday (India)
    count: int

    @property
    def label(self) -> str:
        return f"Week of {date_display(self.week)}"

    @property
    def short_label(self) -> str:
        return day_month(self.week)


def report_verifications_by_week(*, now: datetime) -> list[WeekCount]:
    """Certificate verifications (lookups by ID and credential checks) in each of the last
    WEEKS_SHOWN weeks, Monday to Sunday in India, this one included, oldest first."""
    today = india_today(now=now)
    this_week = today - timedelta(days=today.weekday())
    first = this_week - timedelta(weeks=WEEKS_SHOWN - 1)
    rows = (
        VerificationDay.objects.filter(day__gte=first)
        .annotate(week=TruncWeek("day"))
        .values("week")
        .annotate(total=Sum("count"))
        .order_by()
    )
    totals = {_india_day(row["week"]): int(row["total"] or 0) for row in rows}
    weeks = [first + timedelta(weeks=n) for n in range(WEEKS_SHOWN)]
    return [WeekCount(week=week, count=totals.get(week, 0)) for week in weeks]


@dataclass(frozen=True)
class Report:
    made_at: datetime
    months: list[MonthMoney]
    this_month: date
    by_course: list[ItemMoney]
    by_event: list[ItemMoney]
    funnel_since: date
    funnel: list[FunnelStep]
    batches: list[BatchSeats]
    referrers: list[ReferrerFigure]
    weeks: list[WeekCount]


def report_make(*, now: datetime) -> Report:
    return Report(
        made_at=now,
        months=report_money_by_month(now=now),
        this_month=_month_start(india_today(now=now)),
        by_course=report_this_month_by_course(now=now),
        by_event=report_this_month_by_event(now=now),
        funnel_since=funnel_since(now=now),
        funnel=report_funnel(now=now),
        batches=report_batches(now=now),
        referrers=report_referrers(now=now),
        weeks=report_verifications_by_week(now=now),
    )


def report_cached() -> Report:
    """The report as made at most REPORT_SECONDS ago (made now when there is none)."""
    cached = cache.get(REPORT_CACHE_KEY)
    if isinstance(cached, Report):
        return cached
    report = report_make(now=timezone.now())
    cache.set(REPORT_CACHE_KEY, report, timeout=REPORT_SECONDS)
    return report
