"""What one server-rendered page needs from Django, in one answer (web/api.py): the rows
of the endpoints each page used to call one by one, read by the same selectors, for
web/schemas.py to render with the same schemas.

Every page has the visitor (None when not logged in) and the site settings; each kind of
page adds its own rows. Side effects of the endpoints mirrored (the certificate lookup's
counts, Cache-Control) stay in web/api.py, as in the apps' own api.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from accounts.models import User
from catalog import selectors as catalog
from catalog.jsonld import PageHead, catalog_meta_for_path
from catalog.models import (
    Course,
    InternshipDomain,
    PortfolioItem,
    ProgrammeRow,
    ProjectPackage,
    SiteSettings,
    TeamMember,
)
from certificates.models import Certificate
from core.errors import NotFound
from core.gst import STATES
from enrolments import selectors as enrolments
from enrolments.models import Enrolment
from internships import selectors as internships
from invoices import selectors as invoices
from notifications import selectors as notifications
from notifications.models import MessagePreferences
from referrals import selectors as referrals
from referrals.models import RewardEntry

T = TypeVar("T")

# The bootcamp's page, whose course the courses page shows beside the course cards.
BOOTCAMP_ROUTE = "/java+android_bootcamp"


def _found(lookup: Callable[[], T]) -> T | None:
    """What `lookup` finds, or None where its endpoint answers 404."""
    try:
        return lookup()
    except NotFound:
        return None


@dataclass(frozen=True)
class Page:
    """What every page shows: who is logged in (None for a visitor who is not) and the
    site settings (PageData)."""

    visitor: User | None
    site: SiteSettings


def page(*, visitor: User | None) -> Page:
    return Page(visitor=visitor, site=catalog.site_settings_cached())


@dataclass(frozen=True)
class HomePage(Page):
    head: PageHead | None
    courses: list[Course]
    packages: list[ProjectPackage]
    domains: list[InternshipDomain]
    team: list[TeamMember]


def home_page(*, visitor: User | None) -> HomePage:
    return HomePage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        head=catalog_meta_for_path(path="/"),
        courses=catalog.course_list(),
        packages=catalog.project_package_list(),
        domains=catalog.internship_domain_list(),
        team=catalog.team_member_list(),
    )


@dataclass(frozen=True)
class AboutPage(Page):
    head: PageHead | None
    about: catalog.RenderedAboutPage | None


def about_page(*, visitor: User | None) -> AboutPage:
    return AboutPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        head=catalog_meta_for_path(path="/about"),
        about=_found(catalog.about_page_get),
    )


@dataclass(frozen=True)
class PortfolioPage(Page):
    portfolio: list[PortfolioItem]


def portfolio_page(*, visitor: User | None) -> PortfolioPage:
    return PortfolioPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        portfolio=catalog.portfolio_item_list(),
    )


@dataclass(frozen=True)
class InternshipPage(Page):
    domains: list[InternshipDomain]


def internship_page(*, visitor: User | None) -> InternshipPage:
    return InternshipPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        domains=catalog.internship_domain_list(),
    )


@dataclass(frozen=True)
class CoursesPage(Page):
    courses: list[Course]
    bootcamp: Course | None


def courses_page(*, visitor: User | None) -> CoursesPage:
    return CoursesPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        courses=catalog.course_list(),
        bootcamp=_found(lambda: catalog.course_get_by_route(path=BOOTCAMP_ROUTE)),
    )


@dataclass(frozen=True)
class CoursePage(Page):
    head: PageHead | None
    course: Course | None
    states: tuple[tuple[str, str], ...]
    enrolments: list[Enrolment]


def course_page(
    *, visitor: User | None, path: str, session_references: Iterable[str]
) -> CoursePage:
    """A course's (or the bootcamp's) page: the course at `path`, the enrolment form's
    states, and the visitor's enrolments (the account's when logged in, else this browser
    session's)."""
    return CoursePage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        head=catalog_meta_for_path(path=path),
        course=_found(lambda: catalog.course_get_by_route(path=path)),
        states=STATES,
        enrolments=(
            enrolments.enrolment_list_mine(user=visitor)
            if visitor is not None
            else enrolments.enrolment_list_for_session(session_references=session_references)
        ),
    )


@dataclass(frozen=True)
class TrainingPage(Page):
    programme: list[ProgrammeRow]


def training_page(*, visitor: User | None) -> TrainingPage:
    return TrainingPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        programme=catalog.programme_row_list(),
    )


@dataclass(frozen=True)
class ProjectsPage(Page):
    packages: list[ProjectPackage]


def projects_page(*, visitor: User | None) -> ProjectsPage:
    return ProjectsPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        packages=catalog.project_package_list(),
    )


@dataclass(frozen=True)
class EventsPage(Page):
    head: PageHead | None
    events: catalog.EventList


def events_page(*, visitor: User | None) -> EventsPage:
    return EventsPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        head=catalog_meta_for_path(path="/events"),
        events=catalog.event_list(),
    )


@dataclass(frozen=True)
class EventPage(Page):
    head: PageHead | None
    event: catalog.EventOnDay | None


def event_page(*, visitor: User | None, slug: str, path: str) -> EventPage:
    return EventPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        head=catalog_meta_for_path(path=path),
        event=_found(lambda: catalog.event_get(slug=slug)),
    )


@dataclass(frozen=True)
class PolicyPage(Page):
    head: PageHead | None
    policy: catalog.RenderedPolicyPage | None


def policy_page(*, visitor: User | None, slug: str, path: str) -> PolicyPage:
    return PolicyPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        head=catalog_meta_for_path(path=path),
        policy=_found(lambda: catalog.policy_page_get(slug=slug)),
    )


@dataclass(frozen=True)
class ReferEarnPage(Page):
    courses: list[Course]


def referearn_page(*, visitor: User | None) -> ReferEarnPage:
    return ReferEarnPage(
        visitor=visitor, site=catalog.site_settings_cached(), courses=catalog.course_list()
    )


@dataclass(frozen=True)
class VerifyPage(Page):
    """A certificate's verify page: the certificate, or the lookup's NotFound (its message
    and extra, as ErrorOut) when there is no such certificate."""

    certificate: Certificate | None
    refusal: NotFound | None


def verify_page(
    *, visitor: User | None, certificate: Certificate | None, refusal: NotFound | None
) -> VerifyPage:
    return VerifyPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        certificate=certificate,
        refusal=refusal,
    )


@dataclass(frozen=True)
class TaskBoardPage(Page):
    board: internships.TaskBoardForVisitor | None
    refusal: NotFound | None


def task_board_page(*, visitor: User | None, slug: str, today: date) -> TaskBoardPage:
    """A task board as this visitor may see it, or the refusal its endpoint answers (an
    unknown board)."""
    site = catalog.site_settings_cached()
    try:
        board = internships.task_board_for_visitor(slug=slug, today=today, user=visitor)
    except NotFound as refusal:
        return TaskBoardPage(visitor=visitor, site=site, board=None, refusal=refusal)
    return TaskBoardPage(visitor=visitor, site=site, board=board, refusal=None)


@dataclass(frozen=True)
class DashboardPage(Page):
    courses: list[Course]
    enrolments: list[Enrolment]
    referral_summary: referrals.ReferralSummary
    reward_entries: list[RewardEntry]
    internship: internships.InternshipsMine


def dashboard_page(*, visitor: User) -> DashboardPage:
    return DashboardPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        courses=catalog.course_list(),
        enrolments=enrolments.enrolment_list_mine(user=visitor),
        referral_summary=referrals.referral_summary(user=visitor),
        reward_entries=list(referrals.referral_entry_list(user=visitor)),
        internship=internships.internships_mine(user=visitor),
    )


@dataclass(frozen=True)
class AccountPage(Page):
    preferences: MessagePreferences


def account_page(*, visitor: User) -> AccountPage:
    return AccountPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        preferences=notifications.preferences_for(user=visitor),
    )


@dataclass(frozen=True)
class InternshipApplyPage(Page):
    domain: internships.DomainForApplication


def internship_apply_page(
    *, visitor: User, domain: internships.DomainForApplication
) -> InternshipApplyPage:
    return InternshipApplyPage(visitor=visitor, site=catalog.site_settings_cached(), domain=domain)


@dataclass(frozen=True)
class InvoiceCheckPage(Page):
    check: invoices.Document


def invoice_check_page(*, visitor: User | None, token: str) -> InvoiceCheckPage:
    """An invoice's or credit note's check page: NotFound as its endpoint answers."""
    return InvoiceCheckPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        check=invoices.document_by_token(token),
    )


@dataclass(frozen=True)
class EnrolmentPrivatePage(Page):
    enrolment: Enrolment


def enrolment_private_page(*, visitor: User | None, token: str) -> EnrolmentPrivatePage:
    """/e/<token>: the payment step of the enrolment whose private link this is (NotFound
    for a token we never gave)."""
    return EnrolmentPrivatePage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        enrolment=enrolments.enrolment_get_by_token(token=token),
    )
