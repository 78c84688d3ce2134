"""/api/pages/<page>: one answer per server-rendered page. Each answer is compared, field
by field, with what the endpoints the page used to call answer (so the shapes are the
same), for a visitor not logged in and for a logged-in one; and the refusals, the
certificate lookup's counting and rate limit, the caching headers and the number of
queries."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.test import Client

from accounts.models import User
from catalog.models import Course
from certificates import verifications
from certificates.api import VERIFY_CACHE_CONTROL
from certificates.models import Certificate
from certificates.tests.conftest import make
from enrolments.api import SESSION_KEY
from enrolments.tests.conftest import enrol
from invoices.models import Invoice
from invoices.tests.conftest import confirmed

pytestmark = pytest.mark.django_db

PAGES = "/api/pages"
# Inside one minute (the rate limits' and the verification counts' window) and one India day.
NOON = datetime(2026, 11, 24, 12, 0, 5, tzinfo=UTC)
# Two minutes on: the counts of NOON's minute are due to be written.
COUNTS_DUE = datetime(2026, 11, 24, 12, 2, 5, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _clock() -> Iterator[time_machine.Coordinates]:
    with time_machine.travel(NOON, tick=False) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def _verify_settings(settings: Any) -> None:
    settings.RATE_LIMIT_ENABLED = True
    settings.RATE_LIMIT_VERIFY = "1000/m"
    settings.SITE_URL = "https://site.example"


def answer(client: Client, url: str) -> tuple[int, Any]:
    response = client.get(url)
    return response.status_code, response.json()


def found_or_none(client: Client, url: str) -> Any:
    """What a page field holds for an endpoint: its answer, or None where it answers 404."""
    status, body = answer(client, url)
    assert status in (200, 404), (url, status, body)
    return body if status == 200 else None


def assert_page(client: Client, page: str, mirrors: dict[str, str]) -> dict[str, Any]:
    """The page answers 200 with the visitor, the site and each field as its endpoint."""
    response = client.get(page)
    assert response.status_code == 200, response.content
    body = response.json()
    me_status, me = answer(client, "/api/auth/me")
    assert body["visitor"] == (me if me_status == 200 else None)
    assert body["site"] == answer(client, "/api/site")[1]
    for field, url in mirrors.items():
        assert body[field] == found_or_none(client, url), field
    assert set(body) == {"visitor", "site", *mirrors}
    return body


@pytest.fixture(params=["anonymous", "logged_in"])
def visitor_client(request: pytest.FixtureRequest) -> Client:
    if request.param == "anonymous":
        return Client()
    return request.getfixturevalue("learner_client")


PUBLIC_PAGES: list[tuple[str, dict[str, str]]] = [
    ("/basic", {}),
    (
        "/home",
        {
            "head": "/api/pages/head?path=/",
            "courses": "/api/courses",
            "packages": "/api/projects",
            "domains": "/api/internships",
            "team": "/api/team",
        },
    ),
    ("/about", {"head": "/api/pages/head?path=/about", "about": "/api/about"}),
    ("/portfolio", {"portfolio": "/api/portfolio"}),
    ("/internship", {"domains": "/api/internships"}),
    (
        "/courses",
        {
            "courses": "/api/courses",
            "bootcamp": "/api/courses/by-route?path=/java%2Bandroid_bootcamp",
        },
    ),
    ("/training", {"programme": "/api/programme"}),
    ("/projects", {"packages": "/api/projects"}),
    ("/events", {"head": "/api/pages/head?path=/events", "events": "/api/events"}),
    ("/referearn", {"courses": "/api/courses"}),
    (
        "/policies/privacy?path=/privacy-policy",
        {"head": "/api/pages/head?path=/privacy-policy", "policy": "/api/policies/privacy"},
    ),
    (
        "/policies/cookies?path=/cookies",
        {"head": "/api/pages/head?path=/cookies", "policy": "/api/policies/cookies"},
    ),
    (
        "/events/no-such-event?path=/no-such-event",
        {"head": "/api/pages/head?path=/no-such-event", "event": "/api/events/no-such-event"},
    ),
]


@pytest.mark.parametrize(("page", "mirrors"), PUBLIC_PAGES, ids=[p for p, _ in PUBLIC_PAGES])
def test_a_public_page_answers_as_its_endpoints(
    visitor_client: Client, page: str, mirrors: dict[str, str]
) -> None:
    response = visitor_client.get(PAGES + page)

    assert_page(visitor_client, PAGES + page, mirrors)
    assert "Cache-Control" not in response  # as its endpoints: no caching header


def test_the_visitor_is_null_when_not_logged_in_and_the_account_when_logged_in(
    client: Client, learner_client: Client, learner: User
) -> None:
    assert client.get(f"{PAGES}/basic").json()["visitor"] is None
    visitor = learner_client.get(f"{PAGES}/basic").json()["visitor"]
    assert visitor == learner_client.get("/api/auth/me").json()
    assert visitor["phone"] == learner.phone


def test_a_visitor_without_a_cookie_or_csrf_token_gets_the_pages(csrf_client: Client) -> None:
    assert csrf_client.get(f"{PAGES}/home").status_code == 200
    assert csrf_client.get(f"{PAGES}/basic").status_code == 200


def test_the_home_page_has_every_part(client: Client) -> None:
    body = client.get(f"{PAGES}/home").json()

    assert body["head"]["json_ld"]
    assert body["courses"] and body["packages"] and body["domains"] and body["team"]


def test_the_courses_page_has_the_bootcamp(client: Client) -> None:
    bootcamp = client.get(f"{PAGES}/courses").json()["bootcamp"]

    assert bootcamp["route"] == "/java+android_bootcamp"
    assert bootcamp["is_bootcamp"] is True


def test_the_courses_page_answers_a_null_bootcamp_when_it_is_gone(client: Client) -> None:
    Course.objects.filter(route="/java+android_bootcamp").update(is_active=False)

    body = client.get(f"{PAGES}/courses").json()

    assert body["bootcamp"] is None
    assert body["courses"] == client.get("/api/courses").json()


def test_an_event_page_answers_as_its_endpoints(visitor_client: Client) -> None:
    event = visitor_client.get("/api/events/bgmi-tournaments").json()
    path = event["route"] or "/events/bgmi-tournaments"

    body = assert_page(
        visitor_client,
        f"{PAGES}/events/bgmi-tournaments?path={path}",
        {"head": f"/api/pages/head?path={path}", "event": "/api/events/bgmi-tournaments"},
    )

    assert body["event"]["slug"] == "bgmi-tournaments"


def test_the_about_page_answers_a_null_about_while_it_is_not_written(client: Client) -> None:
    from catalog.models import ContentBlock

    ContentBlock.objects.filter(key="about").delete()

    body = assert_page(
        client, f"{PAGES}/about", {"head": "/api/pages/head?path=/about", "about": "/api/about"}
    )

    assert body["about"] is None


# --- A course's page ---------------------------------------------------------------------


def course_mirrors(path: str, enrolments: str) -> dict[str, str]:
    return {
        "head": f"/api/pages/head?path={path}",
        "course": f"/api/courses/by-route?path={path}",
        "states": "/api/enrolments/states",
        "enrolments": enrolments,
    }


@pytest.mark.parametrize("path", ["/Web-Development-registration", "/java%2Bandroid_bootcamp"])
def test_a_course_page_answers_as_its_endpoints(client: Client, path: str) -> None:
    body = assert_page(
        client, f"{PAGES}/course?path={path}", course_mirrors(path, "/api/enrolments/session")
    )

    assert body["course"]["route"] == path.replace("%2B", "+")
    assert body["head"]["title"]
    assert body["enrolments"] == []


def test_a_course_page_shows_the_enrolments_of_this_browser_session(
    client: Client, course: Course
) -> None:
    mine = enrol(course)
    enrol(course, phone="98111 00000")  # someone else's
    session = client.session
    session[SESSION_KEY] = [mine.reference]
    session.save()
    path = course.route

    body = assert_page(
        client, f"{PAGES}/course?path={path}", course_mirrors(path, "/api/enrolments/session")
    )

    assert [e["reference"] for e in body["enrolments"]] == [mine.reference]


def test_a_course_page_shows_the_accounts_enrolments_when_logged_in(
    learner_client: Client, learner: User, course: Course
) -> None:
    mine = enrol(course, user=learner)
    other = enrol(course, phone="98111 00000")
    session = learner_client.session
    session[SESSION_KEY] = [other.reference]  # made in this browser, not the account's
    session.save()
    path = course.route

    body = assert_page(
        learner_client,
        f"{PAGES}/course?path={path}",
        course_mirrors(path, "/api/enrolments/mine"),
    )

    assert [e["reference"] for e in body["enrolments"]] == [mine.reference]


def test_a_course_page_answers_a_null_course_for_a_path_no_course_has(client: Client) -> None:
    body = assert_page(
        client,
        f"{PAGES}/course?path=/no-such-course",
        course_mirrors("/no-such-course", "/api/enrolments/session"),
    )

    assert body["course"] is None
    assert body["head"] is None


@pytest.mark.parametrize(
    "url",
    [
        "/course?path=/x%00",
        "/course",
        "/events/x%00?path=/x",
        "/policies/terms?path=/x%00",
        "/tasks/x%00",
        "/internship/x%00",
    ],
)
def test_a_bad_or_missing_text_parameter_answers_422(client: Client, url: str) -> None:
    response = client.get(PAGES + url)

    assert response.status_code == 422
    assert set(response.json()) == {"message", "extra"}
    assert response.json()["extra"]["fields"]


# --- Number of queries -------------------------------------------------------------------


def test_the_home_page_reads_a_bounded_number_of_rows(
    client: Client, learner_client: Client, django_assert_max_num_queries: Any
) -> None:
    # Measured: 11 reads of the (database) cache, and the session and user when logged in.
    client.get(f"{PAGES}/home")  # the catalogue's caches filled
    with django_assert_max_num_queries(12):
        assert client.get(f"{PAGES}/home").status_code == 200
    with django_assert_max_num_queries(14):
        assert learner_client.get(f"{PAGES}/home").status_code == 200


def test_a_course_page_reads_a_bounded_number_of_rows(
    client: Client,
    learner_client: Client,
    learner: User,
    course: Course,
    django_assert_max_num_queries: Any,
) -> None:
    for n in range(3):
        enrol(course, user=learner, phone=f"98111 0000{n}")
    url = f"{PAGES}/course?path={course.route}"
    # Measured: 5 cache reads; logged in, the session, the user, the enrolments with their
    # invoices, and a read of the site settings for each enrolment's payment instructions
    # (as /api/enrolments/mine does).
    client.get(url)
    with django_assert_max_num_queries(6):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(13):
        response = learner_client.get(url)
    assert response.status_code == 200
    assert len(response.json()["enrolments"]) == 3


# --- A certificate's verify page --------------------------------------------------------


def test_the_verify_page_answers_the_certificate_as_its_endpoint(
    visitor_client: Client,
) -> None:
    make("WD-001")

    response = visitor_client.get(f"{PAGES}/verify/wd-001")

    assert response.status_code == 200
    body = response.json()
    assert body["certificate"] == visitor_client.get("/api/certificates/wd-001").json()
    assert body["refusal"] is None
    assert body["site"] == visitor_client.get("/api/site").json()


def test_the_verify_page_is_shared_as_the_certificates_answer(client: Client) -> None:
    make("WD-001")

    response = client.get(f"{PAGES}/verify/WD-001")

    assert response["Cache-Control"] == VERIFY_CACHE_CONTROL
    assert client.get("/api/certificates/WD-001")["Cache-Control"] == VERIFY_CACHE_CONTROL


def test_the_verify_page_of_a_logged_in_visitor_is_kept_by_no_cache(
    learner_client: Client,
) -> None:
    # The answer names the visitor: never shared (docs/product.md section 17).
    make("WD-001")

    response = learner_client.get(f"{PAGES}/verify/WD-001")

    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"


def test_an_ids_id_with_a_slash_is_looked_up_whole(client: Client) -> None:
    make("AB/2026/7")

    body = client.get(f"{PAGES}/verify/AB%2F2026%2F7").json()

    assert body["certificate"]["certificate_id"] == "AB/2026/7"


@pytest.mark.parametrize("typed", ["NOPE-1", "bad.id", "x" * 80])
def test_the_verify_page_answers_the_refusal_of_an_unknown_id(
    visitor_client: Client, typed: str
) -> None:
    make("WD-001")
    refused = visitor_client.get(f"/api/certificates/{typed}")

    response = visitor_client.get(f"{PAGES}/verify/{typed}")

    assert refused.status_code == 404
    assert response.status_code == 200
    body = response.json()
    assert body["certificate"] is None
    assert body["refusal"] == refused.json()
    assert "Cache-Control" not in response  # as the refusal: no caching header


def test_a_verify_page_with_a_nul_in_the_id_answers_422_as_the_lookup(client: Client) -> None:
    response = client.get(f"{PAGES}/verify/WD%00")

    assert response.status_code == 422
    assert client.get("/api/certificates/WD%00").status_code == 422


def test_the_verify_page_counts_each_lookup(
    client: Client, _clock: time_machine.Coordinates
) -> None:
    make("WD-001")

    for _ in range(3):
        assert client.get(f"{PAGES}/verify/WD-001").status_code == 200
    client.get("/api/certificates/WD-001")
    client.get(f"{PAGES}/verify/NOPE-1")  # not found: nothing to count

    _clock.move_to(COUNTS_DUE)
    assert verifications.certificate_verifications_flush() == 1
    assert Certificate.objects.get(certificate_id="WD-001").verification_count == 4


def test_the_verify_page_is_rate_limited_with_the_lookups(client: Client, settings: Any) -> None:
    settings.RATE_LIMIT_VERIFY = "3/m"
    make("WD-001")

    statuses = [
        client.get(f"{PAGES}/verify/WD-001").status_code,
        client.get("/api/certificates/WD-001").status_code,
        client.get(f"{PAGES}/verify/NOPE-1").status_code,  # a refused lookup counts too
    ]
    refused = client.get(f"{PAGES}/verify/WD-001")

    assert statuses == [200, 200, 200]
    assert refused.status_code == 429
    assert refused.json() == client.get("/api/certificates/WD-001").json()
    assert "try again in" in refused.json()["message"]
    assert int(refused["Retry-After"]) >= 1
    assert "Cache-Control" not in refused


# --- A task board's page -----------------------------------------------------------------


def test_the_task_board_page_answers_the_board_as_its_endpoint(visitor_client: Client) -> None:
    response = visitor_client.get(f"{PAGES}/tasks/tasks-1")
    board = visitor_client.get("/api/internships/boards/tasks-1")

    assert response.status_code == 200
    body = response.json()
    assert body["board"] == board.json()
    assert body["refusal"] is None
    assert response["Cache-Control"] == board["Cache-Control"] == "no-store"


def test_the_task_board_page_answers_the_refusal_of_an_unknown_board(client: Client) -> None:
    refused = client.get("/api/internships/boards/no-such-board")

    response = client.get(f"{PAGES}/tasks/no-such-board")

    assert refused.status_code == 404
    assert response.status_code == 200
    assert response.json()["board"] is None
    assert response.json()["refusal"] == refused.json()
    assert response["Cache-Control"] == "no-store"


# --- The dashboard and the account page (logged in) ---------------------------------------


@pytest.mark.parametrize("page", ["/dashboard", "/account"])
def test_a_logged_in_page_answers_401_when_not_logged_in(client: Client, page: str) -> None:
    response = client.get(PAGES + page)

    assert response.status_code == 401
    assert response.json() == client.get("/api/auth/me").json()


def test_the_dashboard_answers_as_its_endpoints(
    learner_client: Client, learner: User, course: Course
) -> None:
    enrol(course, user=learner)

    response = learner_client.get(f"{PAGES}/dashboard")
    body = assert_page(
        learner_client,
        f"{PAGES}/dashboard",
        {
            "courses": "/api/courses",
            "enrolments": "/api/enrolments/mine",
            "referral_summary": "/api/referrals/summary",
            "reward_entries": "/api/referrals/entries",
            "internship": "/api/internships/me",
        },
    )

    assert len(body["enrolments"]) == 1
    assert response["Cache-Control"] == "private, no-store"


def test_the_account_page_answers_as_its_endpoint(learner_client: Client) -> None:
    response = learner_client.get(f"{PAGES}/account")
    assert_page(
        learner_client, f"{PAGES}/account", {"preferences": "/api/notifications/preferences"}
    )

    assert response["Cache-Control"] == "private, no-store"


# --- An internship domain's application page ---------------------------------------------


def test_the_application_page_answers_404_for_an_unknown_domain_before_asking_for_a_login(
    client: Client, learner_client: Client
) -> None:
    for who in (client, learner_client):
        response = who.get(f"{PAGES}/internship/no-such-domain")
        assert response.status_code == 404
        assert response.json() == who.get("/api/internships/domains/no-such-domain").json()


def test_the_application_page_answers_401_when_not_logged_in(client: Client) -> None:
    response = client.get(f"{PAGES}/internship/web-development")

    assert response.status_code == 401
    assert response.json() == client.get("/api/auth/me").json()


def test_the_application_page_answers_the_domain_as_its_endpoint(
    learner_client: Client,
) -> None:
    response = learner_client.get(f"{PAGES}/internship/web-development")
    assert_page(
        learner_client,
        f"{PAGES}/internship/web-development",
        {"domain": "/api/internships/domains/web-development"},
    )

    assert response["Cache-Control"] == "private, no-store"


# --- An invoice's check page --------------------------------------------------------------


def test_the_invoice_page_answers_the_document_as_its_endpoint(
    seller: None, course: Course, visitor_client: Client
) -> None:
    invoice = Invoice.objects.get(enrolment=confirmed(course))

    body = assert_page(
        visitor_client,
        f"{PAGES}/invoice/{invoice.token}",
        {"check": f"/api/invoices/{invoice.token}"},
    )

    assert body["check"]["number"] == invoice.number


@pytest.mark.parametrize("token", ["nope", "x" * 200, "%00"])
def test_the_invoice_page_refuses_as_its_endpoint(client: Client, token: str) -> None:
    expected = client.get(f"/api/invoices/{token}")

    response = client.get(f"{PAGES}/invoice/{token}")

    assert expected.status_code in (404, 422)
    assert response.status_code == expected.status_code
    assert response.json() == expected.json()


# --- Beside the catalogue's /api/pages/head ---------------------------------------------


def test_the_catalogues_page_head_still_answers(client: Client) -> None:
    response = client.get("/api/pages/head?path=/")

    assert response.status_code == 200
    assert response.json()["json_ld"]
    assert client.get("/api/pages/head?path=/nowhere").status_code == 404


def test_an_unknown_page_answers_the_apis_404(client: Client) -> None:
    response = client.get(f"{PAGES}/nowhere")

    assert response.status_code == 404
    assert set(response.json()) == {"message", "extra"}
