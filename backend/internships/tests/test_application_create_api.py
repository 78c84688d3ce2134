"""POST /api/internships/applications, and the application page's domain
(/api/pages/internship/<slug>)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from catalog.models import InternshipDomain
from core.tests.mail import queued_about
from internships.models import InternshipApplication
from internships.tests.conftest import API, STATEMENT, application_payload, apply

pytestmark = pytest.mark.django_db


def post(client: Client, data: dict[str, Any], **extra: Any) -> Any:
    return client.post(f"{API}/applications", data=data, content_type="application/json", **extra)


def test_it_creates_a_waiting_application(
    learner_client: Client, learner: User, web: InternshipDomain
) -> None:
    response = post(learner_client, application_payload(web, batch=10))

    assert response.status_code == 201
    body = response.json()
    application = InternshipApplication.objects.get(user=learner)
    assert body == {
        "id": application.pk,
        "reference": f"APP-{application.pk:04d}",
        "domain_slug": "web-development",
        "domain_title": "Web Development",
        "batch": 10,
        "batch_label": "10th of the month",
        "status": "submitted",
        "status_label": "Submitted, waiting for review",
        "rejection_reason": "",
        "board_slug": None,
        "created_at": body["created_at"],
    }
    assert application.college == "Government Engineering College"
    assert application.statement == STATEMENT
    [email] = queued_about("internship.application_received")
    assert email.to == [learner.email]
    assert application.reference in email.subject


def test_it_refuses_an_anonymous_visitor(web: InternshipDomain) -> None:
    response = post(Client(), application_payload(web))

    assert response.status_code == 401
    assert response.json()["message"] == "Please log in to continue."
    assert not InternshipApplication.objects.exists()


def test_it_refuses_a_post_without_the_csrf_token(learner: User, web: InternshipDomain) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(learner)

    response = post(client, application_payload(web))

    assert response.status_code == 403
    assert response.json()["extra"] == {"reason": "csrf"}
    assert not InternshipApplication.objects.exists()


def test_it_answers_404_for_an_unknown_domain(
    learner_client: Client, web: InternshipDomain
) -> None:
    data = {**application_payload(web), "domain": "underwater-basket-weaving"}

    response = post(learner_client, data)

    assert response.status_code == 404
    assert response.json()["message"] == "This internship domain does not exist."


def test_it_refuses_a_closed_domain(
    learner_client: Client, closed_domain: InternshipDomain
) -> None:
    response = post(learner_client, application_payload(closed_domain))

    assert response.status_code == 409
    assert response.json()["message"] == "Applications for Python are closed."
    assert not InternshipApplication.objects.exists()


def test_it_refuses_a_second_application_for_the_same_domain(
    learner_client: Client, learner: User, web: InternshipDomain
) -> None:
    apply(learner, web)

    response = post(learner_client, application_payload(web, batch=20))

    assert response.status_code == 409
    assert response.json()["message"] == "You have already applied for Web Development."
    assert InternshipApplication.objects.count() == 1


def test_it_lets_a_rejected_applicant_apply_again(
    learner_client: Client, learner: User, staff: User, web: InternshipDomain
) -> None:
    from internships import services

    first = apply(learner, web)
    services.application_reject(application_id=first.pk, by=staff, reason="Batch is full.")

    response = post(learner_client, application_payload(web))

    assert response.status_code == 201
    assert InternshipApplication.objects.filter(user=learner).count() == 2


def test_the_database_holds_one_open_application_per_person_and_domain(
    learner: User, web: InternshipDomain
) -> None:
    from django.db import IntegrityError, transaction

    apply(learner, web)
    with pytest.raises(IntegrityError), transaction.atomic():
        InternshipApplication.objects.create(
            user=learner, domain=web, college="x", year="y", statement=STATEMENT, batch=1
        )


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"college": "  "}, "college", "Enter your college or organisation."),
        ({"college": "c" * 201}, "college", "Ensure this value has at most 200 characters."),
        ({"year": ""}, "year", "Enter your year of study or graduation."),
        ({"year": "y" * 41}, "year", "Ensure this value has at most 40 characters."),
        (
            {"profile_url": "ftp://github.com/asha"},
            "profile_url",
            "Enter a link that starts with https://",
        ),
        ({"profile_url": "https://"}, "profile_url", "Enter a link that starts with https://"),
        (
            {"profile_url": "javascript:alert(1)"},
            "profile_url",
            "Enter a link that starts with https://",
        ),
        (
            {"statement": "   "},
            "statement",
            "Tell us why you want this internship, in 50 to 2,000 characters.",
        ),
        (
            {"statement": "Too short."},
            "statement",
            "Write between 50 and 2,000 characters (you wrote 10).",
        ),
        (
            {"statement": "s" * 2001},
            "statement",
            "Write between 50 and 2,000 characters (you wrote 2,001).",
        ),
        ({"batch": 5}, "batch", "Choose a batch."),
        ({"batch": "abc"}, "batch", "Choose a batch."),
        ({"batch": None}, "batch", "Choose a batch."),
    ],
)
def test_it_explains_a_bad_field_and_changes_nothing(
    learner_client: Client,
    web: InternshipDomain,
    overrides: dict[str, Any],
    field: str,
    message: str,
) -> None:
    response = post(learner_client, application_payload(web, **overrides))

    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {field: message}
    assert not InternshipApplication.objects.exists()
    assert not queued_about("internship.application_received")


def test_it_accepts_an_empty_profile_link(learner_client: Client, web: InternshipDomain) -> None:
    response = post(learner_client, application_payload(web, profile_url=""))

    assert response.status_code == 201


@pytest.mark.parametrize(
    "typed", ["github.com/asha", "http://github.com/asha", "  github.com/asha "]
)
def test_a_profile_link_typed_without_https_is_taken_as_https(
    learner_client: Client, web: InternshipDomain, typed: str
) -> None:
    """Issue 41.7: `github.com/…` and `http://…` were refused instead of taken as https."""
    response = post(learner_client, application_payload(web, profile_url=typed))

    assert response.status_code == 201
    assert InternshipApplication.objects.get().profile_url == "https://github.com/asha"


def test_it_gathers_every_bad_field(learner_client: Client, web: InternshipDomain) -> None:
    response = post(
        learner_client,
        application_payload(web, college="", year="", statement="short", batch=2),
    )

    assert response.status_code == 422
    assert set(response.json()["extra"]["fields"]) == {"college", "year", "statement", "batch"}


def test_it_refuses_nul_characters(learner_client: Client, web: InternshipDomain) -> None:
    response = post(learner_client, application_payload(web, college="A\x00B"))

    assert response.status_code == 422
    assert "college" in response.json()["extra"]["fields"]


def test_it_limits_applications_per_client(
    settings: Any, learner_client: Client, web: InternshipDomain
) -> None:
    settings.RATE_LIMIT_APPLICATION = "2/h"
    for _ in range(2):
        post(learner_client, application_payload(web, college=""))

    response = post(learner_client, application_payload(web))

    assert response.status_code == 429
    assert response["Retry-After"]
    assert not InternshipApplication.objects.exists()


# --- The application page's domain -------------------------------------------------------

DOMAIN_PAGE = "/api/pages/internship"


def test_it_describes_an_open_domain_to_a_student_who_has_not_applied(
    learner_client: Client, web: InternshipDomain
) -> None:
    response = learner_client.get(f"{DOMAIN_PAGE}/web-development")

    assert response.status_code == 200
    assert response.json()["domain"] == {
        "slug": "web-development",
        "title": "Web Development",
        "summary": web.summary,
        "duration": "30 Days",
        "is_open": True,
        "closed_reason": "",
        "batches": [
            {"day": 1, "label": "1st of the month"},
            {"day": 10, "label": "10th of the month"},
            {"day": 20, "label": "20th of the month"},
        ],
        "my_application": None,
    }


def test_it_says_why_a_domain_is_closed(
    learner_client: Client, closed_domain: InternshipDomain
) -> None:
    body = learner_client.get(f"{DOMAIN_PAGE}/python").json()["domain"]

    assert body["is_open"] is False
    assert body["closed_reason"] == "Applications are not open yet."


def test_it_answers_404_for_an_unknown_domain_page(learner_client: Client) -> None:
    for client in (Client(), learner_client):
        response = client.get(f"{DOMAIN_PAGE}/nothing-here")

        assert response.status_code == 404
        assert response.json()["message"] == "This internship domain does not exist."


def test_it_shows_the_callers_own_application_only(
    learner_client: Client, learner: User, other_learner: User, web: InternshipDomain
) -> None:
    application = apply(learner, web)
    other = Client()
    other.force_login(other_learner)

    mine = learner_client.get(f"{DOMAIN_PAGE}/web-development").json()["domain"]
    theirs = other.get(f"{DOMAIN_PAGE}/web-development").json()["domain"]
    mine, theirs = mine["my_application"], theirs["my_application"]

    assert mine["reference"] == application.reference
    assert theirs is None
