from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from catalog.models import Course
from core.upi import upi_link
from enrolments import selectors
from enrolments.schemas import PaymentPartsOut
from enrolments.tests.conftest import PAYEE_ID, PAYEE_NAME, enrol

pytestmark = pytest.mark.django_db


def params(link: str) -> dict[str, str]:
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc) == ("upi", "pay")
    parsed = parse_qs(parts.query, keep_blank_values=True, strict_parsing=True)
    assert all(len(values) == 1 for values in parsed.values())
    return {key: values[0] for key, values in parsed.items()}


def test_it_builds_the_exact_link_for_a_known_case() -> None:
    link = upi_link(
        payee_id="payee.test@okbank",
        payee_name="Test Brand & Co",
        amount=999,
        note="Test Web enrolment ENR-ABC234",
        reference="ENR-ABC234",
    )

    assert link == (
        "upi://pay?pa=payee.test@okbank&pn=Test%20Brand%20%26%20Co&am=999.00&cu=INR"
        "&tr=ENR-ABC234&tn=Test%20Web%20enrolment%20ENR-ABC234"
    )


def test_it_encodes_reserved_characters_so_every_value_round_trips() -> None:
    link = upi_link(
        payee_id="a+b@bank",
        payee_name="A=B & C/D?#%",
        amount=5,
        note="x&tn=evil",
        reference="R1",
    )

    assert params(link) == {
        "pa": "a+b@bank",
        "pn": "A=B & C/D?#%",
        "am": "5.00",
        "cu": "INR",
        "tr": "R1",
        "tn": "x&tn=evil",
    }
    assert "pa=a%2Bb@bank&" in link and " " not in link


def test_it_gives_an_enrolments_payment_instructions(course: Course) -> None:
    enrolment = enrol(course)

    instructions = PaymentPartsOut.model_validate(
        selectors.enrolment_payment_instructions(enrolment=enrolment)
    ).model_dump()

    note = f"Test Web enrolment {enrolment.reference}"
    assert instructions == {
        "amount": 999,
        "amount_display": "₹999",
        "upi_link": instructions["upi_link"],
        "payee_id": PAYEE_ID,
        "payee_name": PAYEE_NAME,
        "reference": enrolment.reference,
        "note": note,
    }
    assert params(instructions["upi_link"]) == {
        "pa": PAYEE_ID,
        "pn": PAYEE_NAME,
        "am": "999.00",
        "cu": "INR",
        "tr": enrolment.reference,
        "tn": note,
    }
    assert list(params(instructions["upi_link"])) == ["pa", "pn", "am", "cu", "tr", "tn"]


def test_it_keeps_the_note_short_with_the_reference_whole(course: Course) -> None:
    course.short_name = "A very long course name that goes on and on and on"
    course.save()
    enrolment = enrol(course)

    note = selectors.enrolment_payment_instructions(enrolment=enrolment).note

    assert len(note) <= 50
    assert note.endswith(f" enrolment {enrolment.reference}")


def test_it_groups_large_amounts_the_indian_way(course: Course) -> None:
    enrolment = enrol(course)
    enrolment.amount = 100000

    instructions = PaymentPartsOut.model_validate(
        selectors.enrolment_payment_instructions(enrolment=enrolment)
    ).model_dump()

    assert instructions["amount_display"] == "₹1,00,000"
    assert params(instructions["upi_link"])["am"] == "100000.00"
