"""The Reports' figures (docs/product.md section 23), each from rows made for it: money per
India month (a payment at 23:30 IST on 30 November is November's, one at 00:30 IST on 1
December December's; a refund is subtracted in the month it is made), this month by
course, the last 30 days' funnel, batches' seats, top referrers and verifications per
India week."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client

from backoffice import reports
from backoffice.tests.reports_data import (
    completed,
    confirmed,
    enrolment,
    held_class,
    india,
    make_batch,
    make_course,
    make_event,
    make_tournament,
    present,
    referrer,
    refunded,
    verified_on,
)
from certificates import verifications
from certificates.models import Certificate, VerificationDay
from enrolments import services
from enrolments.models import Enrolment

pytestmark = pytest.mark.django_db

NOW = india("2026-12-15 12:00")


def money(now: object = NOW) -> dict[str, tuple[int, int]]:
    return {m.label: (m.courses, m.events) for m in reports.report_money_by_month(now=now)}  # type: ignore[arg-type]


def test_it_shows_the_last_twelve_months_oldest_first_this_one_included() -> None:
    months = reports.report_money_by_month(now=NOW)
    assert [m.label for m in months] == [
        "Jan 2026",
        "Feb 2026",
        "Mar 2026",
        "Apr 2026",
        "May 2026",
        "Jun 2026",
        "Jul 2026",
        "Aug 2026",
        "Sep 2026",
        "Oct 2026",
        "Nov 2026",
        "Dec 2026",
    ]
    assert {(m.courses, m.events) for m in months} == {(0, 0)}


def test_a_payment_counts_in_the_india_month_it_was_confirmed() -> None:
    course = make_course(fee=999)
    other = make_course(fee=4499)
    # 23:30 IST on 30 November is 18:00 UTC; 00:30 IST on 1 December is 19:00 UTC on the
    # same UTC day, 30 November.
    confirmed(course, at=india("2026-11-30 23:30"))
    confirmed(other, at=india("2026-12-01 00:30"))
    figures = money()
    assert figures["Nov 2026"] == (999, 0)
    assert figures["Dec 2026"] == (4499, 0)


def test_money_older_than_the_twelve_months_is_left_out() -> None:
    course = make_course(fee=999)
    confirmed(course, at=india("2025-12-31 23:59"))
    confirmed(course, at=india("2026-01-01 00:00"))
    figures = money()
    assert "Dec 2025" not in figures
    assert figures["Jan 2026"] == (999, 0)
    assert sum(c for c, _ in figures.values()) == 999


def test_a_refund_in_a_later_month_is_subtracted_in_the_month_it_is_made() -> None:
    course = make_course(fee=4999)
    refunded(course, confirmed_at=india("2026-11-10 10:00"), refunded_at=india("2026-12-05 10:00"))
    confirmed(course, at=india("2026-12-06 10:00"), amount=1000)
    figures = money()
    assert figures["Nov 2026"] == (4999, 0)
    assert figures["Dec 2026"] == (1000 - 4999, 0)
    [row] = reports.report_this_month_by_course(now=NOW)
    assert (row.name, row.confirmed, row.refunded, row.money) == (course.name, 1000, 4999, -3999)


def test_a_refund_made_through_the_service_counts_as_the_page_says(settings: object) -> None:
    """The same rule over the real road: confirmed by staff in November, refunded in
    December (enrolment_reject of a confirmed enrolment: the credit note, refunded_at)."""
    course = make_course(fee=2499)
    with time_machine.travel(india("2026-11-29 18:00"), tick=False):
        row = enrolment(course, created_at=india("2026-11-29 17:00"), email="")
        services.enrolment_confirm_payment(enrolment_id=row.pk, by=None)
    with time_machine.travel(india("2026-12-02 09:00"), tick=False):
        services.enrolment_reject(enrolment_id=row.pk, by=None, reason="Asked for a refund.")
    row.refresh_from_db()
    assert row.is_refunded
    figures = money()
    assert figures["Nov 2026"] == (2499, 0)
    assert figures["Dec 2026"] == (-2499, 0)


def test_an_undone_confirmation_counts_nowhere_and_its_new_one_in_its_own_month() -> None:
    course = make_course(fee=999)
    with time_machine.travel(india("2026-11-20 10:00"), tick=False):
        row = enrolment(course, created_at=india("2026-11-20 09:00"), email="")
        services.enrolment_confirm_payment(enrolment_id=row.pk, by=None)
    with time_machine.travel(india("2026-11-21 10:00"), tick=False):
        services.enrolment_unconfirm(enrolment_id=row.pk, by=None, reason="Wrong UTR.")
    assert money()["Nov 2026"] == (0, 0)
    with time_machine.travel(india("2026-12-03 10:00"), tick=False):
        services.enrolment_confirm_payment(enrolment_id=row.pk, by=None)
    figures = money()
    assert (figures["Nov 2026"], figures["Dec 2026"]) == ((0, 0), (999, 0))


def test_events_registrations_are_counted_apart_from_courses() -> None:
    course = make_course(fee=999)
    hackathon = make_event("Hackathon", fee=299)
    confirmed(course, at=india("2026-12-01 10:00"))
    confirmed(None, at=india("2026-12-01 10:00"), event=hackathon, amount=299)
    confirmed(None, at=india("2026-11-30 23:30"), event=hackathon, amount=299)
    refunded(
        None,
        confirmed_at=india("2026-10-01 10:00"),
        refunded_at=india("2026-12-02 10:00"),
        event=hackathon,
        amount=299,
    )
    figures = money()
    assert figures["Oct 2026"] == (0, 299)
    assert figures["Nov 2026"] == (0, 299)
    assert figures["Dec 2026"] == (999, 0)


def test_this_month_lists_each_event_its_tournaments_included() -> None:
    gaming = make_event("BGMI Cup", fee=200)
    match = make_tournament(gaming, "Squad match")
    coding = make_event("Code Sprint", fee=100)
    confirmed(None, at=india("2026-12-03 10:00"), event=gaming, amount=200)
    confirmed(None, at=india("2026-12-04 10:00"), event=gaming, tournament=match, amount=500)
    confirmed(None, at=india("2026-12-05 10:00"), event=coding, amount=100)
    confirmed(make_course(fee=999), at=india("2026-12-05 10:00"))
    rows = reports.report_this_month_by_event(now=NOW)
    assert [(r.name, r.confirmed, r.refunded, r.money) for r in rows] == [
        ("BGMI Cup", 700, 0, 700),
        ("Code Sprint", 100, 0, 100),
    ]


def test_this_month_lists_each_course_with_its_money_most_first() -> None:
    small = make_course("Small Course", fee=500)
    big = make_course("Big Course", fee=5000)
    quiet = make_course("Quiet Course", fee=700)
    confirmed(small, at=india("2026-12-01 00:05"))
    confirmed(big, at=india("2026-12-10 10:00"))
    confirmed(big, at=india("2026-12-11 10:00"))
    confirmed(quiet, at=india("2026-11-30 23:55"))  # November's
    rows = reports.report_this_month_by_course(now=NOW)
    assert [(r.name, r.money) for r in rows] == [("Big Course", 10000), ("Small Course", 500)]


def test_the_funnel_counts_the_last_thirty_india_days_enrolments_at_each_step() -> None:
    course = make_course(fee=999)
    batch = make_batch(course, starts_on=date(2026, 12, 1))
    live = held_class(batch, starts_at=india("2026-12-02 21:00"))
    since = india("2026-11-16 00:00")  # 30 India days to 15 December
    assert reports.funnel_since(now=NOW) == date(2026, 11, 16)
    enrolment(course, created_at=since - timedelta(minutes=1))  # before: not counted
    enrolment(course, created_at=since)  # enrolled only
    enrolment(course, created_at=since, utr="412345678901", utr_submitted_at=since)
    expired = enrolment(course, created_at=since, status=Enrolment.Status.EXPIRED)
    assert expired.confirmed_at is None
    came = [confirmed(course, at=india("2026-12-01 10:00"), batch=batch) for _ in range(3)]
    absent = confirmed(course, at=india("2026-12-01 11:00"), batch=batch)
    present(live, absent, came=False)
    for row in came:
        present(live, row)
    completed(came[0])
    refunded(course, confirmed_at=india("2026-12-01 12:00"), refunded_at=india("2026-12-03 12:00"))
    confirmed(None, at=india("2026-12-01 12:00"), event=make_event(), amount=299)  # not a course's
    steps = reports.report_funnel(now=NOW)
    assert [(s.label, s.count, s.share) for s in steps] == [
        ("Enrolled", 8, 100),
        ("Payment submitted", 6, 75),
        ("Confirmed", 5, 63),  # 62.5 %, a half rounded up
        ("Attended a class", 3, 38),
        ("Certified", 1, 13),
    ]


def test_the_funnel_with_nobody_enrolled_has_no_shares() -> None:
    steps = reports.report_funnel(now=NOW)
    assert [(s.count, s.share) for s in steps] == [(0, None)] * 5


def test_batches_taking_students_show_their_seats_taken_of_their_total() -> None:
    course = make_course("Java", fee=999)
    open_batch = make_batch(course, starts_on=date(2027, 1, 4), seats=10)
    make_batch(course, starts_on=date(2027, 2, 1), seats=None)
    full = make_batch(course, starts_on=date(2027, 1, 11), seats=1)
    make_batch(course, starts_on=date(2026, 12, 1), seats=10)  # enrolment closed on its start
    make_batch(course, starts_on=date(2027, 1, 18), seats=10, finished_at=NOW)
    started = make_batch(
        course, starts_on=date(2026, 12, 7), seats=5, enrolment_closes_on=date(2026, 12, 20)
    )
    enrolment(course, created_at=NOW - timedelta(days=1), batch=open_batch)  # waiting: holds a seat
    enrolment(course, created_at=NOW - timedelta(days=30), batch=open_batch)  # gone stale: frees it
    enrolment(
        course,
        created_at=NOW,
        batch=open_batch,
        status=Enrolment.Status.PAID_CLAIMED,
        utr="412345678902",
    )
    confirmed(course, at=NOW - timedelta(days=2), batch=open_batch)
    enrolment(course, created_at=NOW, batch=open_batch, status=Enrolment.Status.REJECTED)
    confirmed(course, at=NOW - timedelta(days=2), batch=full)
    confirmed(course, at=NOW - timedelta(days=2), batch=started)
    rows = reports.report_batches(now=NOW)
    assert [(r.name, r.taken, r.seats, r.left) for r in rows] == [
        ("Java, starts 7 Dec 2026", 1, 5, 4),
        ("Java, starts 4 Jan 2027", 3, 10, 7),
        ("Java, starts 11 Jan 2027", 1, 1, 0),
        ("Java, starts 1 Feb 2027", 0, None, None),
    ]


def test_top_referrers_are_those_with_most_confirmed_referrals_in_the_twelve_months() -> None:
    course = make_course(fee=1000)
    asha, ravi, old = referrer("Asha Referrer"), referrer("Ravi Referrer"), referrer("Old Referrer")
    for _ in range(3):
        confirmed(course, at=india("2026-10-01 10:00"), referrer=ravi)
    for _ in range(2):
        confirmed(course, at=india("2026-12-01 10:00"), referrer=asha, amount=3000)
    refunded(
        course,
        confirmed_at=india("2026-12-01 10:00"),
        refunded_at=india("2026-12-02 10:00"),
        referrer=asha,
    )
    refunded(
        course,
        confirmed_at=india("2026-12-01 10:00"),
        refunded_at=india("2026-12-02 10:00"),
        referrer=asha,
    )
    confirmed(course, at=india("2025-12-31 10:00"), referrer=old)  # before the twelve months
    for n in range(12):
        confirmed(course, at=india("2026-11-01 10:00"), referrer=referrer(f"One-off {n:02d}"))
    rows = reports.report_referrers(now=NOW)
    assert len(rows) == reports.TOP_REFERRERS
    assert [(r.name, r.enrolments, r.money) for r in rows[:3]] == [
        ("Ravi Referrer", 3, 3000),
        ("Asha Referrer", 2, 6000),
        ("One-off 00", 1, 1000),
    ]
    assert rows[0].code == ravi.referral_code
    assert "Old Referrer" not in {r.name for r in rows}


def test_verifications_are_counted_per_india_week_monday_first() -> None:
    verified_on(date(2026, 12, 14), 5)  # Monday of this week
    verified_on(date(2026, 12, 15), 2)
    verified_on(date(2026, 12, 13), 7)  # the Sunday before: last week
    verified_on(date(2026, 9, 20), 100)  # before the twelve weeks
    weeks = reports.report_verifications_by_week(now=NOW)
    assert len(weeks) == reports.WEEKS_SHOWN
    assert weeks[0].week == date(2026, 9, 28)
    assert (weeks[-1].label, weeks[-1].count) == ("Week of 14 Dec 2026", 7)
    assert (weeks[-2].week, weeks[-2].count) == (date(2026, 12, 7), 7)
    assert sum(w.count for w in weeks) == 14


def test_the_queue_worker_counts_verifications_on_their_india_day(client: Client) -> None:
    """A lookup at 23:59 IST goes to that India day, one at 00:00 IST to the next (the
    UTC date is the same for both); the counts are the certificates' counts."""
    Certificate.objects.create(certificate_id="WD-900", name="Priya Sharma", course="Web")
    with time_machine.travel(india("2026-12-13 23:59"), tick=False) as clock:
        client.get("/api/certificates/WD-900")
        clock.move_to(india("2026-12-14 00:00"))
        client.get("/api/certificates/WD-900")
        client.get("/api/certificates/WD-900")
        clock.move_to(india("2026-12-14 00:02"))
        assert verifications.certificate_verifications_flush() == 1
        assert verifications.certificate_verifications_flush() == 0
    days = dict(VerificationDay.objects.values_list("day", "count"))
    assert days == {date(2026, 12, 13): 1, date(2026, 12, 14): 2}
    assert Certificate.objects.get().verification_count == 3
    weeks = reports.report_verifications_by_week(now=NOW)
    assert (weeks[-2].count, weeks[-1].count) == (1, 2)


def test_the_report_is_cached_for_a_minute() -> None:
    course = make_course(fee=999)
    with time_machine.travel(NOW, tick=False) as clock:
        first = reports.report_cached()
        confirmed(course, at=NOW)
        clock.shift(timedelta(seconds=59))
        assert reports.report_cached() == first
        clock.shift(timedelta(seconds=2))
        again = reports.report_cached()
    assert again.months[-1].courses == 999
    assert first.months[-1].courses == 0
    assert cache.get(reports.REPORT_CACHE_KEY) == again
