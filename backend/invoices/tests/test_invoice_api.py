"""The public check page (/api/pages/invoice/<token>), the owner's PDF download, and the
enrolment form's new fields through the API."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from catalog.models import Course
from core.tests.pages import page_json
from enrolments.models import Enrolment
from enrolments.tests.conftest import API, enrol_payload, post
from invoices.models import Invoice
from invoices.tests.conftest import BUYER_GSTIN, confirmed

pytestmark = pytest.mark.django_db


def test_it_shows_the_check_page_with_no_personal_data_beyond_the_name(
    seller: None, course: Course, client: Client
) -> None:
    enrolment = confirmed(course, gstin=BUYER_GSTIN, business_name="Acme Learning LLP")
    invoice = Invoice.objects.get(enrolment=enrolment)

    response = client.get(f"/api/pages/invoice/{invoice.token}")

    assert response.status_code == 200
    body = response.json()["check"]
    assert body == {
        "kind": "tax_invoice",
        "title": "Tax invoice",
        "number": invoice.number,
        "date": invoice.date.isoformat(),
        "seller_legal_name": "Test Brand Private Limited",
        "seller_gstin": "29AAGCB7383J1Z4",
        "seller_state": "29-Karnataka",
        "total_paise": 99900,
        "total_display": "₹999.00",
        "buyer_name": enrolment.name,
        "related": None,
    }
    for private in (enrolment.phone, enrolment.email, BUYER_GSTIN, enrolment.reference):
        assert private not in json.dumps(body, ensure_ascii=False)


def test_the_check_page_of_a_refunded_invoice_names_its_credit_note(
    seller: None, course: Course, client: Client, staff: User
) -> None:
    from enrolments import services

    enrolment = confirmed(course)
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="Refund")
    invoice = Invoice.objects.get(enrolment=enrolment)
    note = invoice.credit_note
    assert page_json(client, f"invoice/{invoice.token}")["check"]["related"]["number"] == (
        note.number
    )
    body = page_json(client, f"invoice/{note.token}")["check"]
    assert body["kind"] == "credit_note" and body["related"]["number"] == invoice.number


@pytest.mark.parametrize("token", ["nope", "x" * 200, "%00"])
def test_it_answers_404_for_an_unknown_token(client: Client, token: str, db: None) -> None:
    response = client.get(f"/api/pages/invoice/{token}")
    assert response.status_code in (404, 422)
    assert set(response.json()) == {"message", "extra"}


def test_the_owner_downloads_the_pdf_from_the_dashboard(
    seller: None, course: Course, learner: User, learner_client: Client
) -> None:
    enrolment = confirmed(course, user=learner, phone=learner.phone)

    [mine] = page_json(learner_client, "dashboard")["enrolments"]
    assert mine["invoice"]["number"] == Invoice.objects.get(enrolment=enrolment).number
    assert mine["invoice"]["title"] == "Tax invoice"
    response = learner_client.get(mine["invoice"]["download_url"])

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]
    assert b"".join(response.streaming_content).startswith(b"%PDF")


def test_nobody_else_downloads_the_pdf(
    seller: None,
    course: Course,
    learner: User,
    other_learner: User,
    client: Client,
) -> None:
    enrolment = confirmed(course, user=learner, phone=learner.phone)
    url = f"/api/invoices/{Invoice.objects.get(enrolment=enrolment).token}/pdf"

    assert client.get(url).status_code == 401
    other = Client()
    other.force_login(other_learner)
    assert other.get(url).status_code == 404


def test_a_refunded_enrolment_offers_no_invoice_on_the_dashboard(
    seller: None, course: Course, learner: User, learner_client: Client, staff: User
) -> None:
    from enrolments import services

    enrolment = confirmed(course, user=learner, phone=learner.phone)
    services.enrolment_reject(enrolment_id=enrolment.pk, by=staff, reason="Refund")
    [mine] = page_json(learner_client, "dashboard")["enrolments"]
    assert mine["invoice"] is None


def test_the_enrolment_form_keeps_the_state_and_the_business(
    seller: None, course: Course, client: Client
) -> None:
    response = post(
        client,
        API,
        enrol_payload(
            course, state="27", gstin=" 27aapfu0939f1zv ", business_name="Acme  Learning LLP"
        ),
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["state"], body["gstin"], body["business_name"]) == (
        "27",
        BUYER_GSTIN,
        "Acme Learning LLP",
    )
    assert body["invoice"] is None


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"gstin": "27AAPFU0939F1ZW", "business_name": "Acme"}, "gstin", "check digit"),
        ({"gstin": "27AAPFU0939F1Z", "business_name": "Acme"}, "gstin", "15 characters"),
        ({"gstin": "27AAPFU0939F1ZV", "state": "29", "business_name": "A"}, "gstin", "Maharashtra"),
        ({"gstin": "27AAPFU0939F1ZV"}, "business_name", "business's name"),
        ({"business_name": "Acme"}, "gstin", "GSTIN"),
        ({"state": "KA"}, "state", "Choose a state"),
    ],
)
def test_it_refuses_bad_business_details_at_their_field(
    seller: None, course: Course, client: Client, fields: dict, field: str, words: str
) -> None:
    response = post(client, API, enrol_payload(course, **fields))
    assert response.status_code == 422
    assert words in response.json()["extra"]["fields"][field]
    assert not Enrolment.objects.exists()


def test_it_lists_the_states_and_union_territories(course: Course, client: Client) -> None:
    states = page_json(client, "path", path=course.route)["states"]
    assert len(states) == 36
    assert {"code": "29", "name": "Karnataka"} in states
    assert {"code": "38", "name": "Ladakh"} in states
