"""An offer fee with an end (docs/product.md section 22): "Offer ends <date>" beside the
price until its last day (India time, inclusive); after it the list fee everywhere — the
page, the JSON-LD and the enrolment's amount (so the UPI link and the invoice)."""

from __future__ import annotations

from datetime import date, datetime

import pytest
import time_machine

from catalog.jsonld import course_json_ld
from catalog.models import Course
from catalog.schemas import CourseOut
from catalog.selectors import site_settings_cached
from core.dates import INDIA
from enrolments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def course(db: None) -> Course:
    return Course.objects.create(
        slug="test-offer",
        name="Test Offer Course",
        short_name="Test Offer",
        route="/test-offer-registration",
        summary="A course on offer.",
        list_fee=2499,
        offer_fee=999,
        offer_label="Launch offer",
        offer_ends_on=date(2026, 12, 31),
    )


def test_the_offer_runs_to_the_end_of_its_last_day_in_india(course: Course) -> None:
    with time_machine.travel(datetime(2026, 12, 31, 23, 59, tzinfo=INDIA), tick=False):
        out = CourseOut.from_orm(course)
        assert (out.has_offer, out.payable_fee, out.offer_ends_text) == (
            True,
            999,
            "Offer ends 31 December 2026",
        )
        offer = course_json_ld(course, site_settings_cached())["offers"]
        assert (offer["price"], offer["priceValidUntil"]) == ("999", "2026-12-31")


def test_after_it_the_list_fee_applies_everywhere(course: Course) -> None:
    with time_machine.travel(datetime(2027, 1, 1, 0, 0, tzinfo=INDIA), tick=False):
        out = CourseOut.from_orm(course)
        assert (out.has_offer, out.payable_fee, out.offer_ends_text, out.offer_fee_display) == (
            False,
            2499,
            None,
            None,
        )
        offer = course_json_ld(course, site_settings_cached())["offers"]
        assert offer["price"] == "2499" and "priceValidUntil" not in offer
        enrolment = services.enrolment_create(
            course_slug=course.slug,
            name="Late Student",
            phone="98444 55566",
            email="late@example.org",
            referral_code="",
            user=None,
        )
        assert enrolment.amount == 2499


def test_an_offer_without_an_end_says_nothing_of_one(course: Course) -> None:
    course.offer_ends_on = None
    out = CourseOut.from_orm(course)
    assert (out.has_offer, out.offer_ends_text) == (True, None)
