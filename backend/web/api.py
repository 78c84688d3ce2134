"""One request per page (issue 29 item 5; the one read road, issue 42): each
server-rendered page asks Django once, at /api/pages/<page>, for everything its render
needs: the visitor, the site settings and the page's own rows. One function per page:
web/selectors.py gathers the apps' selectors into the page's dataclass, web/schemas.py
renders it with the apps' `Out` schemas; here only what HTTP adds (the visitor from the
session, the 401, the Cache-Control).

The only other JSON reads are docs/product.md section 11's contracts (the certificate
lookup, an enrolment by reference, a task board, the credentials): the verify and task
board pages read through the same functions (certificates.verifications.certificate_verify,
internships.selectors.task_board_for_visitor), with the same refusals, counts and caching.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Router
from ninja.errors import AuthenticationError

from accounts.models import User
from certificates.verifications import VERIFY_CACHE_CONTROL
from core.api import logged_in
from core.dates import india_today
from core.http import client_key
from core.schemas import ErrorOut, Text
from enrolments.browser import session_references
from web import selectors
from web.schemas import (
    AboutPageData,
    AccountPageData,
    CoursesPageData,
    DashboardPageData,
    EnrolmentPrivatePageData,
    EventsPageData,
    HomePageData,
    InternshipApplyPageData,
    InternshipPageData,
    InvoiceCheckPageData,
    PageData,
    PathPageData,
    PolicyPageData,
    PortfolioPageData,
    ProjectsPageData,
    ReferEarnPageData,
    SitemapPageData,
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
    "/path",
    response={200: PathPageData, 404: ErrorOut, **BAD_TEXT},
    summary="The page found from the data at `path`: a course's, the bootcamp's or an event's",
    description=(
        "`path` is the page's path exactly as the front door read it (case-sensitive, "
        "percent-encoding left as it came: a path holding any is no page). `kind` says which "
        "page it is. A course's or the bootcamp's page has its head, the course, the "
        "enrolment form's states and the visitor's enrolments: the account's when logged "
        "in, otherwise those made in this browser session. An event's has its head and the "
        "event. 404 when no active course and no event has this page path."
    ),
)
def page_path_get(request: HttpRequest, path: Text) -> selectors.CoursePage | selectors.EventPage:
    return selectors.path_page(
        visitor=_visitor(request),
        path=path,
        session_references=session_references(request),
    )


@router.get(
    "/sitemap",
    response=SitemapPageData,
    summary="The pages found from the data, for /sitemap.xml",
    description="Every active course's and the bootcamp's page path, and every event's.",
)
def page_sitemap_get(request: HttpRequest) -> selectors.SitemapPage:
    return selectors.sitemap_page()


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
        "The certificate as the lookup (/api/certificates/{certificate_id}) answers it, "
        "counted and rate-limited per client IP by the same function. When there is no "
        "such certificate (the lookup's 404), the answer is still 200, with `certificate` "
        "null and the refusal's message in `refusal`. 429 when this client has checked too "
        "many certificates."
    ),
)
def page_verify_get(
    request: HttpRequest, response: HttpResponse, certificate_id: Text
) -> selectors.VerifyPage:
    visitor = _visitor(request)
    page = selectors.verify_page(
        visitor=visitor, certificate_id=certificate_id, client=client_key(request)
    )
    if page.certificate is not None:
        # Shared as the lookup's answer is, unless the answer names a logged-in visitor.
        response["Cache-Control"] = PRIVATE if visitor is not None else VERIFY_CACHE_CONTROL
    return page


@router.get(
    "/tasks/{slug}",
    response={200: TaskBoardPageData, **BAD_TEXT},
    summary="An internship task board's page",
    description=(
        "The board as the task board's read (/api/internships/boards/{slug}) shows it to "
        "this visitor today. For an unknown board the answer is still 200, with `board` null and the refusal's "
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
        "My classes (each confirmed enrolment's batch: the next class with its Join class "
        "link of the site, the schedule, attendance and certificate; never a meeting link), "
        "the account's waitlists, the course cards, its enrolments, its referral figures and "
        "reward ledger, and its internship applications and certificates. 401 when not "
        "logged in."
    ),
)
def page_dashboard_get(request: HttpRequest, response: HttpResponse) -> selectors.DashboardPage:
    response["Cache-Control"] = PRIVATE
    return selectors.dashboard_page(visitor=_logged_in(request), now=timezone.now())


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
        "The domain as the application form shows it (open or closed, its batches), with "
        "the account's waiting or accepted application. 404 for an unknown domain (whoever "
        "asks), then 401 when not logged in."
    ),
)
def page_internship_apply_get(
    request: HttpRequest, response: HttpResponse, slug: Text
) -> selectors.InternshipApplyPage:
    visitor = _visitor(request)
    page = selectors.internship_apply_page(visitor=visitor, slug=slug)
    if visitor is None:
        # The API's own "not logged in" answer (config/api.py), as for auth=logged_in.
        raise AuthenticationError()
    response["Cache-Control"] = PRIVATE
    return page


@router.get(
    "/invoice/{token}",
    response={200: InvoiceCheckPageData, 404: ErrorOut, 422: ErrorOut},
    auth=None,
    summary="The check page of an invoice, receipt or credit note (its QR code's page)",
    description=(
        "The seller, number, date and total, and the buyer's name: nothing else personal. "
        "404 for an unknown token."
    ),
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
