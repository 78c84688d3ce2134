"""What one server-rendered page needs from Django, in one answer (web/api.py): one
function per page, gathering the apps' selectors into a small dataclass that
web/schemas.py renders with the apps' `Out` schemas.

Every page has the visitor (None when not logged in) and the site settings; each kind of
page adds its own rows. The verify page counts its lookup as the certificate lookup does
(certificates.verifications.certificate_verify); what HTTP adds (401, Cache-Control) is
web/api.py's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import TypeVar

from django.urls import reverse

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
from certificates import verifications
from certificates.models import Certificate
from core.dates import india_today
from core.errors import NotFound
from core.gst import STATES
from enrolments import selectors as enrolments
from enrolments.models import Enrolment
from enrolments.selectors import BatchPlaces
from events import selectors as events
from events.models import Registration
from internships import selectors as internships
from invoices import selectors as invoices
from notifications import selectors as notifications
from notifications.models import MessagePreferences
from referrals import selectors as referrals
from referrals.models import RewardEntry
from teaching import selectors as teaching
from teaching.models import WaitlistEntry
from teaching.services import calendar_feed_for

T = TypeVar("T")


def _found(lookup: Callable[[], T]) -> T | None:
    """What `lookup` finds, or None where it finds nothing (NotFound)."""
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
        bootcamp=next((c for c in catalog.course_active_list() if c.is_bootcamp), None),
    )


@dataclass(frozen=True)
class CoursePage(Page):
    """A course's page, or the bootcamp's (`kind` says which), found at its page path."""

    kind: str
    head: PageHead | None
    course: Course
    states: tuple[tuple[str, str], ...]
    enrolments: list[Enrolment]
    batches: list[BatchPlaces]
    has_batches: bool


@dataclass(frozen=True)
class EventPage(Page):
    """An event's page, found at its page path."""

    kind: str
    head: PageHead | None
    event: catalog.EventOnDay
    registration: events.EventRegistration
    enrolments: list[Enrolment]


def path_page(
    *, visitor: User | None, path: str, session_references: Iterable[str]
) -> CoursePage | EventPage:
    """The page found from the data at `path` (catalog.selectors.page_at_path): a course's
    or the bootcamp's, with the enrolment form's states and the visitor's enrolments (the
    account's when logged in, else this browser session's), or an event's. NotFound for
    any other path, an inactive course's included."""
    found = catalog.page_at_path(path=path)
    site = catalog.site_settings_cached()
    head = catalog_meta_for_path(path=path)
    mine = (
        enrolments.enrolment_list_mine(user=visitor)
        if visitor is not None
        else enrolments.enrolment_list_for_session(session_references=session_references)
    )
    if found.event is not None:
        # The event's Register form and results, and the visitor's registrations for it,
        # whose payment step the page shows as a course's.
        event = found.event.event
        return EventPage(
            visitor=visitor,
            site=site,
            kind="event",
            head=head,
            event=found.event,
            registration=events.event_registration_get(event=event),
            enrolments=[e for e in mine if e.event_id == event.pk],
        )
    assert found.course is not None
    return CoursePage(
        visitor=visitor,
        site=site,
        kind="bootcamp" if found.course.is_bootcamp else "course",
        head=head,
        course=found.course,
        states=STATES,
        batches=enrolments.course_batches(course=found.course, today=india_today()),
        has_batches=enrolments.course_has_batches(course=found.course),
        enrolments=mine,
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
class SitemapPage:
    """The pages found from the data, for /sitemap.xml beside the route table's."""

    paths: list[str]


def sitemap_page() -> SitemapPage:
    return SitemapPage(paths=catalog.page_path_list())


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


def verify_page(*, visitor: User | None, certificate_id: str, client: str) -> VerifyPage:
    """The certificate as the lookup verifies it (counted, RateLimited past the client's
    limit), or its NotFound as the page's refusal."""
    site = catalog.site_settings_cached()
    try:
        certificate = verifications.certificate_verify(certificate_id=certificate_id, client=client)
    except NotFound as refusal:
        return VerifyPage(visitor=visitor, site=site, certificate=None, refusal=refusal)
    return VerifyPage(visitor=visitor, site=site, certificate=certificate, refusal=None)


@dataclass(frozen=True)
class TaskBoardPage(Page):
    board: internships.TaskBoardForVisitor | None
    refusal: NotFound | None


def task_board_page(*, visitor: User | None, slug: str, today: date) -> TaskBoardPage:
    """A task board as this visitor may see it (as /api/internships/boards/<slug> shows
    it), or its refusal (an unknown board)."""
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
    classes: list[teaching.StudentBatch]
    waitlist: list[WaitlistEntry]
    calendar_path: str | None
    events: list[Registration]


def dashboard_page(*, visitor: User, now: datetime) -> DashboardPage:
    """The dashboard: "My classes" first (each confirmed enrolment's batch, its next class
    and schedule, attendance and certificate; the private calendar's address, made the
    first time the student has classes), the waitlists, then the enrolments, referrals and
    internship."""
    classes = teaching.student_batches(user=visitor, now=now)
    calendar = calendar_feed_for(user=visitor) if classes else None
    return DashboardPage(
        classes=classes,
        waitlist=list(teaching.waitlist_of(user=visitor)),
        calendar_path=(
            reverse("calendar-feed", kwargs={"token": calendar.token}) if calendar else None
        ),
        visitor=visitor,
        site=catalog.site_settings_cached(),
        courses=catalog.course_list(),
        enrolments=enrolments.enrolment_list_mine(user=visitor),
        referral_summary=referrals.referral_summary(user=visitor),
        reward_entries=list(referrals.referral_entry_list(user=visitor)),
        internship=internships.internships_mine(user=visitor),
        events=list(events.registrations_of_user(user_id=visitor.pk)),
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


def internship_apply_page(*, visitor: User | None, slug: str) -> InternshipApplyPage:
    """The domain as the application form shows it, with this visitor's waiting or
    accepted application: NotFound for an unknown domain, whoever asks (web/api.py then
    refuses a visitor who is not logged in)."""
    return InternshipApplyPage(
        visitor=visitor,
        site=catalog.site_settings_cached(),
        domain=internships.internship_domain_for_application(slug=slug, user=visitor),
    )


@dataclass(frozen=True)
class InvoiceCheckPage(Page):
    check: invoices.Document


def invoice_check_page(*, visitor: User | None, token: str) -> InvoiceCheckPage:
    """An invoice's or credit note's check page: NotFound for a token we never gave."""
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
