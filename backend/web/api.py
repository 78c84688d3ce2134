"""One request per page (issue 29 item 5): each server-rendered page asks Django once, at
/api/pages/<page>, for everything its render needs: the visitor, the site settings and the
page's own rows, rendered by the schemas of the endpoints it used to call one by one.

Each endpoint does what those endpoints do: the same selectors, the same refusals (404,
401, 422, 429) and side effects (the certificate lookup's counts and rate limit), and the
Cache-Control of the endpoint the page's main data comes from.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from ninja import Router
from ninja.errors import AuthenticationError

from accounts.models import User
from certificates import selectors as certificates
from certificates import verifications
from certificates.api import VERIFY_CACHE_CONTROL
from core.api import logged_in
from core.dates import india_today
from core.errors import NotFound
from core.http import client_key
from core.schemas import ErrorOut, Text
from enrolments.api import SESSION_KEY
from internships import selectors as internships
from web import selectors
from web.schemas import (
    AboutPageData,
    AccountPageData,
    CoursePageData,
    CoursesPageData,
    DashboardPageData,
    EnrolmentPrivatePageData,
    EventPageData,
    EventsPageData,
    HomePageData,
    InternshipApplyPageData,
    InternshipPageData,
    InvoiceCheckPageData,
    PageData,
    PolicyPageData,
    PortfolioPageData,
    ProjectsPageData,
    ReferEarnPageData,
    TaskBoardPageData,
    TrainingPageData,
    VerifyPageData,
)

router = Router(tags=["pages"])

# A text parameter holding NUL.
BAD_TEXT = {422: ErrorOut}
# What the visitor's own pages answer: no cache may keep them.
PRIVATE = "private, no-store"


def _visitor(request: HttpRequest) -> User | None:
    user = request.user
    return user if user.is_authenticated else None  # type: ignore[return-value]


def _logged_in(request: HttpRequest) -> User:
    return request.user  # type: ignore[return-value]


@router.get(
    "/basic",
    response=PageData,
    summary="A page that needs only the visitor and the site settings",
    description="The login, sign-up, forgotten password and not found pages.",
)
def page_basic_get(request: HttpRequest) -> selectors.Page:
    return selectors.page(visitor=_visitor(request))


@router.get(
    "/home",
    response=HomePageData,
    summary="The home page",
    description="Its head, the course cards, project packages, internship domains and team.",
)
def page_home_get(request: HttpRequest) -> selectors.HomePage:
    return selectors.home_page(visitor=_visitor(request))


@router.get(
    "/about",
    response=AboutPageData,
    summary="The about page",
    description="Its head and text; `about` is null while the page is not written.",
)
def page_about_get(request: HttpRequest) -> selectors.AboutPage:
    return selectors.about_page(visitor=_visitor(request))


@router.get("/portfolio", response=PortfolioPageData, summary="The portfolio page")
def page_portfolio_get(request: HttpRequest) -> selectors.PortfolioPage:
    return selectors.portfolio_page(visitor=_visitor(request))


@router.get(
    "/internship",
    response=InternshipPageData,
    summary="The internship page",
    description="Every internship domain, open or closed.",
)
def page_internship_get(request: HttpRequest) -> selectors.InternshipPage:
    return selectors.internship_page(visitor=_visitor(request))


@router.get(
    "/courses",
    response=CoursesPageData,
    summary="The courses page",
    description="The course cards and the Java and Android bootcamp (null when it is gone).",
)
def page_courses_get(request: HttpRequest) -> selectors.CoursesPage:
    return selectors.courses_page(visitor=_visitor(request))


@router.get(
    "/course",
    response={200: CoursePageData, **BAD_TEXT},
    summary="A course's page, or the bootcamp's, at `path`",
    description=(
        "Its head, the course (null when no course has this page), the enrolment form's "
        "states, and the visitor's enrolments: the account's when logged in, otherwise "
        "those made in this browser session."
    ),
)
def page_course_get(request: HttpRequest, path: Text) -> selectors.CoursePage:
    return selectors.course_page(
        visitor=_visitor(request),
        path=path,
        session_references=list(request.session.get(SESSION_KEY, [])),
    )


@router.get(
    "/training",
    response=TrainingPageData,
    summary="The training page",
    description="The training and internship programme.",
)
def page_training_get(request: HttpRequest) -> selectors.TrainingPage:
    return selectors.training_page(visitor=_visitor(request))


@router.get(
    "/projects",
    response=ProjectsPageData,
    summary="The projects and get-a-quote pages",
    description="The project packages.",
)
def page_projects_get(request: HttpRequest) -> selectors.ProjectsPage:
    return selectors.projects_page(visitor=_visitor(request))


@router.get(
    "/events",
    response=EventsPageData,
    summary="The events page",
    description="Its head and the events, upcoming and past (India date).",
)
def page_events_get(request: HttpRequest) -> selectors.EventsPage:
    return selectors.events_page(visitor=_visitor(request))


@router.get(
    "/events/{slug}",
    response={200: EventPageData, **BAD_TEXT},
    summary="An event's page at `path`",
    description="Its head and the event (null when there is no such event).",
)
def page_event_get(request: HttpRequest, slug: Text, path: Text) -> selectors.EventPage:
    return selectors.event_page(visitor=_visitor(request), slug=slug, path=path)


@router.get(
    "/policies/{slug}",
    response={200: PolicyPageData, **BAD_TEXT},
    summary="A policy page (terms, privacy or refund) at `path`",
    description="Its head and text (null when there is no such policy page).",
)
def page_policy_get(request: HttpRequest, slug: Text, path: Text) -> selectors.PolicyPage:
    return selectors.policy_page(visitor=_visitor(request), slug=slug, path=path)


@router.get(
    "/referearn",
    response=ReferEarnPageData,
    summary="The refer and earn page",
    description="The course cards, with the reward for each.",
)
def page_referearn_get(request: HttpRequest) -> selectors.ReferEarnPage:
    return selectors.referearn_page(visitor=_visitor(request))


@router.get(
    "/verify/{path:certificate_id}",
    response={200: VerifyPageData, 422: ErrorOut, 429: ErrorOut},
    summary="A certificate's verify page",
    description=(
        "The certificate as /api/certificates/{certificate_id} answers it, counted and "
        "rate-limited per client IP the same way. When there is no such certificate (the "
        "lookup's 404), the answer is still 200, with `certificate` null and the refusal's "
        "message in `refusal`. 429 when this client has checked too many certificates."
    ),
)
def page_verify_get(
    request: HttpRequest, response: HttpResponse, certificate_id: Text
) -> selectors.VerifyPage:
    visitor = _visitor(request)
    verifications.certificate_lookup_count(client=client_key(request))
    try:
        certificate = certificates.certificate_get(certificate_id=certificate_id)
    except NotFound as refusal:
        return selectors.verify_page(visitor=visitor, certificate=None, refusal=refusal)
    verifications.certificate_verification_count(certificate_pk=certificate.pk)
    # Shared as the certificate's answer is, unless the answer names a logged-in visitor.
    response["Cache-Control"] = PRIVATE if visitor is not None else VERIFY_CACHE_CONTROL
    return selectors.verify_page(visitor=visitor, certificate=certificate, refusal=None)


@router.get(
    "/tasks/{slug}",
    response={200: TaskBoardPageData, **BAD_TEXT},
    summary="An internship task board's page",
    description=(
        "The board as /api/internships/boards/{slug} shows it to this visitor today. For "
        "an unknown board the answer is still 200, with `board` null and the refusal's "
        "message in `refusal`."
    ),
)
def page_task_board_get(
    request: HttpRequest, response: HttpResponse, slug: Text
) -> selectors.TaskBoardPage:
    # As the board's answer: it changes with the day and the visitor; no cache keeps it.
    response["Cache-Control"] = "no-store"
    return selectors.task_board_page(visitor=_visitor(request), slug=slug, today=india_today())


@router.get(
    "/dashboard",
    response={200: DashboardPageData, 401: ErrorOut},
    auth=logged_in,
    summary="The dashboard (logged in)",
    description=(
        "The course cards, the account's enrolments, its referral figures and reward "
        "ledger, and its internship applications and certificates. 401 when not logged in."
    ),
)
def page_dashboard_get(request: HttpRequest, response: HttpResponse) -> selectors.DashboardPage:
    response["Cache-Control"] = PRIVATE
    return selectors.dashboard_page(visitor=_logged_in(request))


@router.get(
    "/account",
    response={200: AccountPageData, 401: ErrorOut},
    auth=logged_in,
    summary="The account page (logged in)",
    description="The account's message preferences. 401 when not logged in.",
)
def page_account_get(request: HttpRequest, response: HttpResponse) -> selectors.AccountPage:
    response["Cache-Control"] = PRIVATE
    return selectors.account_page(visitor=_logged_in(request))


@router.get(
    "/internship/{slug}",
    response={200: InternshipApplyPageData, 401: ErrorOut, 404: ErrorOut, 422: ErrorOut},
    summary="An internship domain's application page (logged in)",
    description=(
        "The domain as /api/internships/domains/{slug} shows it, with the account's "
        "waiting or accepted application. 404 for an unknown domain (whoever asks), then "
        "401 when not logged in."
    ),
)
def page_internship_apply_get(
    request: HttpRequest, response: HttpResponse, slug: Text
) -> selectors.InternshipApplyPage:
    visitor = _visitor(request)
    domain = internships.internship_domain_for_application(slug=slug, user=visitor)
    if visitor is None:
        # The API's own "not logged in" answer (config/api.py), as for auth=logged_in.
        raise AuthenticationError()
    response["Cache-Control"] = PRIVATE
    return selectors.internship_apply_page(visitor=visitor, domain=domain)


@router.get(
    "/invoice/{token}",
    response={200: InvoiceCheckPageData, 404: ErrorOut, 422: ErrorOut},
    auth=None,
    summary="The check page of an invoice, receipt or credit note (its QR code's page)",
    description="The document as /api/invoices/{token} shows it. 404 for an unknown token.",
)
def page_invoice_check_get(request: HttpRequest, token: Text) -> selectors.InvoiceCheckPage:
    return selectors.invoice_check_page(visitor=_visitor(request), token=token)


@router.get(
    "/enrolment/{token}",
    response={200: EnrolmentPrivatePageData, 404: ErrorOut, 422: ErrorOut},
    auth=None,
    summary="The payment step of an enrolment, by its private link (/e/<token>)",
    description=(
        "For whoever holds the link sent on enrolling: the enrolment, its payment details "
        "and the QR code's address. 404 for an unknown token. Never kept by a cache."
    ),
)
def page_enrolment_private_get(
    request: HttpRequest, response: HttpResponse, token: Text
) -> selectors.EnrolmentPrivatePage:
    response["Cache-Control"] = PRIVATE
    return selectors.enrolment_private_page(visitor=_visitor(request), token=token)
