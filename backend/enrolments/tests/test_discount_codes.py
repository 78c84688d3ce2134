"""Discount codes (docs/product.md section 22): the price after the discount (half up,
never below 0) as the enrolment's amount; the refusals at the field, word for word; uses
counted from enrolling and given back on rejection or expiry; once per phone."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import connection

from catalog.models import Course
from core.dates import INDIA
from core.errors import FieldErrors
from core.tests.concurrency import run_at_once
from enrolments import services
from enrolments.models import DiscountCode, Enrolment
from enrolments.tests.conftest import enrol, enrol_payload, post, with_csrf

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=INDIA)


@pytest.fixture(autouse=True)
def _now() -> Any:
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


def make_code(**overrides: Any) -> DiscountCode:
    values: dict[str, Any] = {
        "code": "launch50",
        "percentage": 50,
        "valid_from": date(2026, 12, 1),
        "valid_until": date(2026, 12, 31),
    }
    values.update(overrides)
    code = DiscountCode(**values)
    code.full_clean()
    code.save()
    return code


def refusal(course: Course, coupon: str, **overrides: Any) -> str:
    with pytest.raises(FieldErrors) as refused:
        enrol(course, coupon=coupon, **overrides)
    return str(refused.value.extra["fields"]["coupon"])


@pytest.mark.django_db
def test_the_price_after_a_percentage_rounds_half_up(course: Course) -> None:
    make_code()  # 50 % of ₹999 is ₹499.50: the student pays ₹500
    enrolment = enrol(course, coupon=" Launch50 ")
    assert (enrolment.amount, enrolment.discount_code.code) == (500, "LAUNCH50")


@pytest.mark.django_db
def test_an_amount_never_takes_the_price_below_zero(course: Course) -> None:
    make_code(code="FREEBIE", percentage=None, amount=5000)
    assert enrol(course, coupon="freebie").amount == 0


@pytest.mark.django_db
def test_the_refusals_at_the_field_word_for_word(course: Course, other_course: Course) -> None:
    make_code(code="OLD", valid_until=date(2026, 12, 2))
    make_code(code="SOON", valid_from=date(2026, 12, 4))
    make_code(code="ONCE", uses=1)
    make_code(code="PYTHON").courses.add(other_course)
    enrol(course, coupon="ONCE", phone="98111 70001")

    assert refusal(course, "NOPE") == "This code does not exist."
    assert refusal(course, "OLD") == "This code has expired."
    assert refusal(course, "SOON") == "This code has expired."
    assert refusal(course, "ONCE") == "This code has been used up."
    assert refusal(course, "PYTHON") == "This code is not valid for this course."
    assert Enrolment.objects.count() == 1


@pytest.mark.django_db
def test_a_use_is_given_back_when_the_enrolment_is_rejected_or_expires(
    course: Course, _now: Any
) -> None:
    make_code(code="ONCE", uses=1)
    first = enrol(course, coupon="ONCE", phone="98111 70001")
    services.enrolment_reject(enrolment_id=first.pk, by=None, reason="Not paid")
    second = enrol(course, coupon="ONCE", phone="98111 70002")
    assert second.amount == 500
    _now.shift(timedelta(days=3, minutes=1))  # unpaid past ENROLMENT_PENDING_DAYS
    assert enrol(course, coupon="ONCE", phone="98111 70003").discount_code is not None


@pytest.mark.django_db
def test_once_per_phone(course: Course, other_course: Course) -> None:
    make_code()
    enrol(course, coupon="LAUNCH50")
    assert refusal(other_course, "LAUNCH50") == "You have already used this code."


@pytest.mark.django_db
def test_the_api_takes_the_coupon_and_answers_the_amount(course: Course) -> None:
    from django.test import Client

    make_code()
    client = Client()
    headers = with_csrf(client)
    good = post(client, "/api/enrolments", enrol_payload(course, coupon="launch50"), **headers)
    bad = post(
        client,
        "/api/enrolments",
        enrol_payload(course, coupon="nope", phone="98111 70009"),
        **headers,
    )
    assert (good.status_code, good.json()["amount"], good.json()["payment"]["amount"]) == (
        201,
        500,
        500,
    )
    assert bad.status_code == 422
    assert bad.json()["extra"]["fields"] == {"coupon": "This code does not exist."}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks")
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_last_use_goes_to_one_of_two_at_once(course: Course) -> None:
    for round_number in range(5):
        code = make_code(code=f"RACE{round_number}", uses=1)
        outcomes = run_at_once(
            lambda c=code: enrol(course, coupon=c.code, phone=f"98111 8{round_number}001"),
            lambda c=code: enrol(course, coupon=c.code, phone=f"98111 8{round_number}002"),
        )
        assert len(outcomes.results) == 1
        assert [e.extra["fields"] for e in outcomes.errors] == [  # type: ignore[attr-defined]
            {"coupon": "This code has been used up."}
        ]
