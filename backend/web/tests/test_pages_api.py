"""/api/pages/<page>: one answer per server-rendered page, the site's one JSON read road.
Each answer is compared, field by field, with the apps' selectors' rows rendered by their
`Out` schemas (what the page's data is made of), for a visitor not logged in and for a
logged-in one; and the refusals, the certificate lookup's counting and rate limit (shared
with the lookup, certificates.verifications.certificate_verify), the caching headers and
the number of queries."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.test import Client
from ninja.responses import NinjaJSONEncoder
from pydantic import TypeAdapter

from accounts.models import User
from accounts.schemas import UserOut
from catalog import selectors as catalog
from catalog.jsonld import catalog_meta_for_path
from catalog.models import Course, Event
from catalog.schemas import (
    AboutOut,
    CourseOut,
    EventListOut,
    EventOut,
    InternshipDomainOut,
    PageHeadOut,
    PolicyPageOut,
    PortfolioItemOut,
    ProgrammeRowOut,
    ProjectPackageOut,
    SiteOut,
    TeamMemberOut,
)
from certificates import verifications
from certificates.models import Certificate
from certificates.tests.conftest import make
from certificates.verifications import VERIFY_CACHE_CONTROL
from core.errors import NotFound
from core.gst import STATES
from enrolments import selectors as enrolments
from enrolments.browser import SESSION_KEY
from enrolments.schemas import BatchPlaceOut, EnrolmentOut, StateOut
from enrolments.tests.conftest import enrol
from events import selectors as events
from events.schemas import EventRegistrationOut, MyEventOut
from internships import selectors as internships
from internships.schemas import DomainForApplicationOut, InternshipsMineOut
from invoices import selectors as invoices
from invoices.models import Invoice
from invoices.schemas import InvoiceCheckOut
from invoices.tests.conftest import confirmed
from notifications import selectors as notifications
from notifications.schemas import MessagePreferencesOut
from referrals import selectors as referrals
from referrals.schemas import ReferralSummaryOut, RewardEntryOut
from teaching.schemas import StudentBatchOut, WaitlistEntryOut

pytestmark = pytest.mark.django_db

PAGES = "/api/pages"
# Inside one minute (the rate limits' and the verification counts' window) and one India day.
NOON = datetime(2026, 11, 24, 12, 0, 5, tzinfo=UTC)
# Two minutes on: the counts of NOON's minute are due to be written.
COUNTS_DUE = datetime(2026, 11, 24, 12, 2, 5, tzinfo=UTC)
NOT_LOGGED_IN = {"message": "Please log in to continue.", "extra": {}}


@pytest.fixture(autouse=True)
def _clock() -> Iterator[time_machine.Coordinates]:
    with time_machine.travel(NOON, tick=False) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def _verify_settings(settings: Any) -> None:
    settings.RATE_LIMIT_ENABLED = True
    settings.RATE_LIMIT_VERIFY = "1000/m"
    settings.SITE_URL = "https://site.example"


def rendered(schema: Any, value: Any) -> Any:
    """`value` (a selector's rows) as its schema renders it in an answer (ninja's dump and
    JSON encoder); None stays None."""
    if value is None:
        return None
    adapter = TypeAdapter(schema)
    return json.loads(
        json.dumps(adapter.dump_python(adapter.validate_python(value)), cls=NinjaJSONEncoder)
    )


def found(lookup: Callable[[], Any]) -> Any:
    """What a selector finds, or None where it raises NotFound (the page shows null)."""
    try:
        return lookup()
    except NotFound:
        return None


# A page field: its schema and the selector's rows.
Part = tuple[Any, Callable[[], Any]]


def head(path: str) -> Part:
    return (PageHeadOut, lambda: catalog_meta_for_path(path=path))


def assert_page(
    client: Client, page: str, visitor: User | None, parts: dict[str, Part]
) -> dict[str, Any]:
    """The page answers 200 with the visitor, the site and each field as its selector's
    rows rendered by its schema, and nothing else."""
    response = client.get(page)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["visitor"] == rendered(UserOut, visitor)
    assert body["site"] == rendered(SiteOut, catalog.site_settings_cached())
    for field, (schema, rows) in parts.items():
        assert body[field] == rendered(schema, found(rows)), field
    assert set(body) == {"visitor", "site", *parts}
    return body


@pytest.fixture(params=["anonymous", "logged_in"])
def visitor_client(request: pytest.FixtureRequest) -> tuple[Client, User | None]:
    if request.param == "anonymous":
        return Client(), None
    learner = request.getfixturevalue("learner")
    return request.getfixturevalue("learner_client"), learner


def registration_of(slug: str) -> events.EventRegistration:
    return events.event_registration_get(event=catalog.event_get(slug=slug).event)


COURSE_CARDS: Part = (list[CourseOut], catalog.course_list)
DOMAINS: Part = (list[InternshipDomainOut], catalog.internship_domain_list)
PACKAGES: Part = (list[ProjectPackageOut], catalog.project_package_list)

PUBLIC_PAGES: list[tuple[str, dict[str, Part]]] = [
    ("/basic", {}),
    (
        "/home",
        {
            "head": head("/"),
            "courses": COURSE_CARDS,
            "packages": PACKAGES,
            "domains": DOMAINS,
            "team": (list[TeamMemberOut], catalog.team_member_list),
        },
    ),
    ("/about", {"head": head("/about"), "about": (AboutOut, catalog.about_page_get)}),
    ("/portfolio", {"portfolio": (list[PortfolioItemOut], catalog.portfolio_item_list)}),
    ("/internship", {"domains": DOMAINS}),
    (
        "/courses",
        {
            "courses": COURSE_CARDS,
            "bootcamp": (
                CourseOut,
                lambda: catalog.course_get_by_route(path="/java+android_bootcamp"),
            ),
        },
    ),
    ("/training", {"programme": (list[ProgrammeRowOut], catalog.programme_row_list)}),
    ("/projects", {"packages": PACKAGES}),
    ("/events", {"head": head("/events"), "events": (EventListOut, catalog.event_list)}),
    ("/referearn", {"courses": COURSE_CARDS}),
    (
        "/policies/privacy?path=/privacy-policy",
        {
            "head": head("/privacy-policy"),
            "policy": (PolicyPageOut, lambda: catalog.policy_page_get(slug="privacy")),
        },
    ),
    (
        "/policies/cookies?path=/cookies",
        {
            "head": head("/cookies"),
            "policy": (PolicyPageOut, lambda: catalog.policy_page_get(slug="cookies")),
        },
    ),
]


@pytest.mark.parametrize(("page", "parts"), PUBLIC_PAGES, ids=[p for p, _ in PUBLIC_PAGES])
def test_a_public_page_answers_its_selectors_rows(
    visitor_client: tuple[Client, User | None], page: str, parts: dict[str, Part]
) -> None:
    client, visitor = visitor_client
    response = client.get(PAGES + page)

    assert_page(client, PAGES + page, visitor, parts)
    assert "Cache-Control" not in response  # the front door decides (handle.sharing)


def test_the_visitor_is_null_when_not_logged_in_and_the_account_when_logged_in(
    client: Client, learner_client: Client, learner: User
) -> None:
    assert client.get(f"{PAGES}/basic").json()["visitor"] is None
    visitor = learner_client.get(f"{PAGES}/basic").json()["visitor"]
    assert visitor == rendered(UserOut, learner)
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
    assert body["courses"] == rendered(list[CourseOut], catalog.course_list())


def test_an_event_page_answers_its_selectors_rows(
    visitor_client: tuple[Client, User | None],
) -> None:
    client, visitor = visitor_client
    path = "/BGMI-Events"

    body = assert_page(
        client,
        f"{PAGES}/path?path={path}",
        visitor,
        {
            "kind": (str, lambda: "event"),
            "head": head(path),
            "event": (EventOut, lambda: catalog.event_get(slug="bgmi-tournaments")),
            "registration": (EventRegistrationOut, lambda: registration_of("bgmi-tournaments")),
            "enrolments": (list[EnrolmentOut], list),
        },
    )

    assert body["event"]["slug"] == "bgmi-tournaments"
    assert body["head"]["title"]


def test_the_about_page_answers_a_null_about_while_it_is_not_written(client: Client) -> None:
    from catalog.models import ContentBlock

    ContentBlock.objects.filter(key="about").delete()

    body = assert_page(
        client,
        f"{PAGES}/about",
        None,
        {"head": head("/about"), "about": (AboutOut, catalog.about_page_get)},
    )

    assert body["about"] is None


# --- A course's page ---------------------------------------------------------------------


def course_parts(
    path: str, enrolments_of: Callable[[], Any], kind: str = "course"
) -> dict[str, Part]:
    return {
        "kind": (str, lambda: kind),
        "head": head(path),
        "course": (CourseOut, lambda: catalog.course_get_by_route(path=path)),
        "states": (list[StateOut], lambda: STATES),
        "enrolments": (list[EnrolmentOut], enrolments_of),
        "batches": (list[BatchPlaceOut], lambda: course_batches_at(path)),
        "has_batches": (bool, lambda: False),
    }


def course_batches_at(path: str) -> list[Any]:
    return enrolments.course_batches(
        course=catalog.course_get_by_route(path=path), today=NOON.date()
    )


@pytest.mark.parametrize(
    ("path", "kind"),
    [("/Web-Development-registration", "course"), ("/java+android_bootcamp", "bootcamp")],
)
def test_a_course_page_answers_its_selectors_rows(client: Client, path: str, kind: str) -> None:
    body = assert_page(
        client,
        f"{PAGES}/path?path={path.replace('+', '%2B')}",
        None,
        course_parts(path, list, kind),
    )

    assert body["course"]["route"] == path
    assert body["head"]["title"]
    assert body["enrolments"] == []
    assert len(body["states"]) == 36


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
        client,
        f"{PAGES}/path?path={path}",
        None,
        course_parts(
            path, lambda: enrolments.enrolment_list_for_session(session_references=[mine.reference])
        ),
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
        f"{PAGES}/path?path={path}",
        learner,
        course_parts(path, lambda: enrolments.enrolment_list_mine(user=learner)),
    )

    assert [e["reference"] for e in body["enrolments"]] == [mine.reference]


@pytest.mark.parametrize(
    "path",
    [
        "/no-such-course",
        "/java-Registration",  # paths are case-sensitive, as the route table matches them
        "/java-registratio%6E",  # percent-encoded: Node and Django would read it differently
        "/java registration",
        "/java-registration//",
        "/courses",  # a fixed page of the route table, not one found from the data
        "/" + "a" * 5000,
    ],
)
def test_a_path_no_page_has_answers_404(client: Client, path: str) -> None:
    response = client.get(f"{PAGES}/path", {"path": path})

    assert response.status_code == 404
    assert response.json() == {"message": "No page at this address.", "extra": {}}


def test_an_inactive_course_and_an_event_without_a_page_path_answer_404(client: Client) -> None:
    Course.objects.filter(route="/java-registration").update(is_active=False)
    Event.objects.filter(route="/hackathon").update(route="")

    for path in ("/java-registration", "/hackathon"):
        assert client.get(f"{PAGES}/path", {"path": path}).status_code == 404


def test_a_trailing_slash_finds_the_page_as_the_route_table_does(client: Client) -> None:
    body = client.get(f"{PAGES}/path", {"path": "/java-registration/"}).json()

    assert body["course"]["route"] == "/java-registration"


def test_the_sitemap_lists_every_page_path_found_from_the_data(client: Client) -> None:
    Course.objects.filter(route="/python-registration").update(is_active=False)

    paths = client.get(f"{PAGES}/sitemap").json()["paths"]

    # Staff order: the courses (and the bootcamp), then the events with a page by date.
    assert paths == [
        "/Web-Development-registration",
        "/Android-Development-registration",
        "/java-registration",
        "/java+android_bootcamp",
        "/BGMI-Events",
        "/hackathon",
    ]


@pytest.mark.parametrize(
    "url",
    [
        "/path?path=/x%00",
        "/path",
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
    url = f"{PAGES}/path?path={course.route}"
    # Measured: 5 cache reads and the course's batches (two); logged in, the session, the
    # user, the enrolments with their invoices, and a read of the site settings for each
    # enrolment's payment instructions.
    client.get(url)
    with django_assert_max_num_queries(8):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(15):
        response = learner_client.get(url)
    assert response.status_code == 200
    assert len(response.json()["enrolments"]) == 3


# --- A certificate's verify page --------------------------------------------------------


def test_the_verify_page_answers_the_certificate_as_the_lookup(
    visitor_client: tuple[Client, User | None],
) -> None:
    client, visitor = visitor_client
    make("WD-001")

    response = client.get(f"{PAGES}/verify/wd-001")

    assert response.status_code == 200
    body = response.json()
    assert body["certificate"] == client.get("/api/certificates/wd-001").json()
    assert body["refusal"] is None
    assert body["visitor"] == rendered(UserOut, visitor)
    assert body["site"] == rendered(SiteOut, catalog.site_settings_cached())


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
    visitor_client: tuple[Client, User | None], typed: str
) -> None:
    client, _visitor = visitor_client
    make("WD-001")
    refused = client.get(f"/api/certificates/{typed}")

    response = client.get(f"{PAGES}/verify/{typed}")

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


def test_the_task_board_page_answers_the_board_as_its_read(
    visitor_client: tuple[Client, User | None],
) -> None:
    client, _visitor = visitor_client
    response = client.get(f"{PAGES}/tasks/tasks-1")
    board = client.get("/api/internships/boards/tasks-1")

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
    assert response.json() == NOT_LOGGED_IN


def test_the_dashboard_answers_its_selectors_rows(
    learner_client: Client, learner: User, course: Course
) -> None:
    enrol(course, user=learner)

    response = learner_client.get(f"{PAGES}/dashboard")
    body = assert_page(
        learner_client,
        f"{PAGES}/dashboard",
        learner,
        {
            "courses": COURSE_CARDS,
            "enrolments": (
                list[EnrolmentOut],
                lambda: enrolments.enrolment_list_mine(user=learner),
            ),
            "referral_summary": (
                ReferralSummaryOut,
                lambda: referrals.referral_summary(user=learner),
            ),
            "reward_entries": (
                list[RewardEntryOut],
                lambda: list(referrals.referral_entry_list(user=learner)),
            ),
            "internship": (InternshipsMineOut, lambda: internships.internships_mine(user=learner)),
            "classes": (list[StudentBatchOut], lambda: []),
            "waitlist": (list[WaitlistEntryOut], lambda: []),
            "calendar_path": (str | None, lambda: None),
            "events": (
                list[MyEventOut],
                lambda: list(events.registrations_of_user(user_id=learner.pk)),
            ),
        },
    )

    assert len(body["enrolments"]) == 1
    assert response["Cache-Control"] == "private, no-store"


def test_the_account_page_answers_its_selectors_rows(learner_client: Client, learner: User) -> None:
    response = learner_client.get(f"{PAGES}/account")
    assert_page(
        learner_client,
        f"{PAGES}/account",
        learner,
        {
            "preferences": (
                MessagePreferencesOut,
                lambda: notifications.preferences_for(user=learner),
            )
        },
    )

    assert response["Cache-Control"] == "private, no-store"


# --- An internship domain's application page ---------------------------------------------


def test_the_application_page_answers_404_for_an_unknown_domain_before_asking_for_a_login(
    client: Client, learner_client: Client
) -> None:
    for who in (client, learner_client):
        response = who.get(f"{PAGES}/internship/no-such-domain")
        assert response.status_code == 404
        assert response.json() == {
            "message": "This internship domain does not exist.",
            "extra": {},
        }


def test_the_application_page_answers_401_when_not_logged_in(client: Client) -> None:
    response = client.get(f"{PAGES}/internship/web-development")

    assert response.status_code == 401
    assert response.json() == NOT_LOGGED_IN


def test_the_application_page_answers_its_selectors_rows(
    learner_client: Client, learner: User
) -> None:
    response = learner_client.get(f"{PAGES}/internship/web-development")
    assert_page(
        learner_client,
        f"{PAGES}/internship/web-development",
        learner,
        {
            "domain": (
                DomainForApplicationOut,
                lambda: internships.internship_domain_for_application(
                    slug="web-development", user=learner
                ),
            )
        },
    )

    assert response["Cache-Control"] == "private, no-store"


# --- An invoice's check page --------------------------------------------------------------


def test_the_invoice_page_answers_the_document(
    seller: None, course: Course, visitor_client: tuple[Client, User | None]
) -> None:
    client, visitor = visitor_client
    invoice = Invoice.objects.get(enrolment=confirmed(course))

    body = assert_page(
        client,
        f"{PAGES}/invoice/{invoice.token}",
        visitor,
        {"check": (InvoiceCheckOut, lambda: invoices.document_by_token(invoice.token))},
    )

    assert body["check"]["number"] == invoice.number


@pytest.mark.parametrize(("token", "status"), [("nope", 404), ("x" * 200, 404), ("%00", 422)])
def test_the_invoice_page_refuses_an_unknown_or_bad_token(
    client: Client, token: str, status: int
) -> None:
    response = client.get(f"{PAGES}/invoice/{token}")

    assert response.status_code == status
    assert set(response.json()) == {"message", "extra"}


# --- The one read road --------------------------------------------------------------------


def test_the_json_reads_are_the_pages_and_the_contracts_only() -> None:
    """Issue 42: the app reads through /api/pages/*; the only other JSON reads are
    docs/product.md section 11's contracts (and the credentials and downloads)."""
    from config.api import api

    reads = {
        path
        for path, methods in api.get_openapi_schema()["paths"].items()
        if "get" in methods and not path.startswith("/api/pages/")
    }

    assert reads == {
        "/api/health",
        "/api/auth/csrf",
        "/api/auth/account/data",
        "/api/certificates/{certificate_id}",
        "/api/certificates/{certificate_id}/credential",
        "/api/credentials/status/{fingerprint}",
        "/api/enrolments/{reference}",
        "/api/enrolments/{reference}/qr.svg",
        "/api/enrolments/private/{token}/qr.svg",
        "/api/internships/boards/{slug}",
        "/api/internships/submissions/{submission_id}/file",
        "/api/invoices/{token}/pdf",
    }


def test_an_unknown_page_answers_the_apis_404(client: Client) -> None:
    response = client.get(f"{PAGES}/nowhere")

    assert response.status_code == 404
    assert set(response.json()) == {"message", "extra"}
