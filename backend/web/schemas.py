"""The pages' answers (web/api.py): each page's dataclass from web/selectors.py, rendered by
the apps' `Out` schemas."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.urls import reverse
from ninja import Schema
from pydantic import Field

from accounts.schemas import UserOut
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
from certificates.schemas import CertificateOut
from core.schemas import ErrorOut
from enrolments.schemas import BatchPlaceOut, EnrolmentOut, StateOut
from events.schemas import EventRegistrationOut, MyEventOut
from internships.schemas import DomainForApplicationOut, InternshipsMineOut, TaskBoardOut
from invoices.schemas import InvoiceCheckOut
from notifications.schemas import MessagePreferencesOut
from referrals.schemas import ReferralSummaryOut, RewardEntryOut
from teaching.schemas import StudentBatchOut, WaitlistEntryOut

COURSE_CARDS = "The course cards, in order (no bootcamps)."
PACKAGES = "The project packages, in order."
DOMAINS = "Every internship domain, open or closed."
HEAD = "The catalogue's title, description and JSON-LD for the page; null where it has none."


# From a web.selectors.Page.
class PageData(Schema):
    """What every page shows."""

    visitor: UserOut | None = Field(
        description="The logged-in account; null for a visitor not logged in."
    )
    site: SiteOut = Field(description="The site settings (brand, contacts, UPI payee).")


# From a web.selectors.HomePage.
class HomePageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    courses: list[CourseOut] = Field(description=COURSE_CARDS)
    packages: list[ProjectPackageOut] = Field(description=PACKAGES)
    domains: list[InternshipDomainOut] = Field(description=DOMAINS)
    team: list[TeamMemberOut] = Field(description="The team members, in their order.")


# From a web.selectors.AboutPage.
class AboutPageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    about: AboutOut | None = Field(
        description="The about page's text and sections; null while it is not written."
    )


# From a web.selectors.PortfolioPage.
class PortfolioPageData(PageData):
    portfolio: list[PortfolioItemOut] = Field(description="The portfolio items, in order.")


# From a web.selectors.InternshipPage.
class InternshipPageData(PageData):
    domains: list[InternshipDomainOut] = Field(description=DOMAINS)


# From a web.selectors.CoursesPage.
class CoursesPageData(PageData):
    courses: list[CourseOut] = Field(description=COURSE_CARDS)
    bootcamp: CourseOut | None = Field(
        description="The first active bootcamp, with its page path; null when there is none."
    )


# From a web.selectors.CoursePage.
class CoursePageData(PageData):
    kind: Literal["course", "bootcamp"] = Field(
        description="A course's page, or the bootcamp's (a course among the bootcamps)."
    )
    head: PageHeadOut | None = Field(description=HEAD)
    course: CourseOut = Field(description="The active course (or bootcamp) whose page this is.")
    states: list[StateOut] = Field(
        description="India's states and union territories (the enrolment form's state select)."
    )
    enrolments: list[EnrolmentOut] = Field(
        description=(
            "Logged in, the account's enrolments; otherwise those made in this browser "
            "session; newest first."
        )
    )
    batches: list[BatchPlaceOut] = Field(
        description=(
            "The course's batches that have not ended, earliest first: open, full or with "
            "their enrolment closed. Never a meeting link."
        )
    )
    has_batches: bool = Field(
        description=(
            "The course has batches (ended ones too): it takes an enrolment only into an "
            "open one, and offers the waitlist when none is open. False: it enrols as before."
        )
    )


# From a web.selectors.EventPage.
class EventPageData(PageData):
    kind: Literal["event"] = Field(description="An event's page.")
    head: PageHeadOut | None = Field(description=HEAD)
    event: EventOut = Field(description="The event whose page this is.")
    registration: EventRegistrationOut = Field(
        description="Its Register form (who registers, for what, and what is refused) and "
        "its published results."
    )
    enrolments: list[EnrolmentOut] = Field(
        description=(
            "The visitor's registrations for this event (their payment, as an enrolment's): "
            "logged in, the account's; otherwise those made in this browser session."
        )
    )


# What GET /api/pages/path answers: the page found from the data, told apart by `kind`.
PathPageData = Annotated[CoursePageData | EventPageData, Field(discriminator="kind")]


# From a web.selectors.SitemapPage.
class SitemapPageData(Schema):
    paths: list[str] = Field(
        description=(
            "Every page path found from the data (active courses and the bootcamp, events "
            "with a page), in staff order."
        )
    )


# From a web.selectors.TrainingPage.
class TrainingPageData(PageData):
    programme: list[ProgrammeRowOut] = Field(
        description="The training and internship programme's rows, in order."
    )


# From a web.selectors.ProjectsPage.
class ProjectsPageData(PageData):
    packages: list[ProjectPackageOut] = Field(description=PACKAGES)


# From a web.selectors.EventsPage.
class EventsPageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    events: EventListOut = Field(description="The events, upcoming and past (India date).")


# From a web.selectors.PolicyPage.
class PolicyPageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    policy: PolicyPageOut | None = Field(
        description="The policy page's text; null when there is no such policy page."
    )


# From a web.selectors.ReferEarnPage.
class ReferEarnPageData(PageData):
    courses: list[CourseOut] = Field(description=COURSE_CARDS)


# From a web.selectors.VerifyPage.
class VerifyPageData(PageData):
    certificate: CertificateOut | None = Field(
        description="As /api/certificates/{certificate_id}; null when it is refused."
    )
    refusal: ErrorOut | None = Field(
        description=(
            "The 404 /api/certificates/{certificate_id} answers instead (no such certificate), "
            "with its message and extra; null when the certificate is found."
        )
    )


# From a web.selectors.TaskBoardPage.
class TaskBoardPageData(PageData):
    board: TaskBoardOut | None = Field(
        description="As /api/internships/boards/{slug}; null when it is refused."
    )
    refusal: ErrorOut | None = Field(
        description=(
            "The error /api/internships/boards/{slug} answers instead (404: no such board), "
            "with its message and extra; null when the board is found."
        )
    )


# From a web.selectors.DashboardPage.
class DashboardPageData(PageData):
    courses: list[CourseOut] = Field(description=COURSE_CARDS)
    enrolments: list[EnrolmentOut] = Field(description="The account's enrolments, newest first.")
    referral_summary: ReferralSummaryOut = Field(
        description="The account's referral figures and payable balance."
    )
    reward_entries: list[RewardEntryOut] = Field(
        description="The account's reward ledger, newest first."
    )
    internship: InternshipsMineOut = Field(
        description='"My internship": the account\'s applications and certificates.'
    )
    classes: list[StudentBatchOut] = Field(
        description=(
            '"My classes": each confirmed enrolment with a batch, newest first. Never a '
            "meeting link: Join class is the site's /classes/<id>/join."
        )
    )
    waitlist: list[WaitlistEntryOut] = Field(
        description="The account's places on waitlists, newest first (waiting, or told a seat is free)."
    )
    calendar_path: str | None = Field(
        description="The private /calendar/<token>.ics of the account's classes; null without classes."
    )
    events: list[MyEventOut] = Field(
        description='"My events": the registrations the account made (as entrant or captain).'
    )


# From a web.selectors.AccountPage.
class AccountPageData(PageData):
    preferences: MessagePreferencesOut = Field(
        description="The account's message preferences: WhatsApp consent and a channel per kind."
    )


# From a web.selectors.InternshipApplyPage.
class InternshipApplyPageData(PageData):
    domain: DomainForApplicationOut = Field(
        description=(
            "The domain as the application form shows it: open or closed, its batches, and "
            "the account's waiting or accepted application for it."
        )
    )


# From a web.selectors.InvoiceCheckPage.
class InvoiceCheckPageData(PageData):
    check: InvoiceCheckOut = Field(
        description="The document's seller, number, date and total, and the buyer's name."
    )


# From a web.selectors.EnrolmentPrivatePage.
class EnrolmentPrivatePageData(PageData):
    enrolment: EnrolmentOut = Field(description="As GET /api/enrolments/{reference} shows it.")
    qr_url: str = Field(description="The QR code of its UPI link, by the private link's token.")

    @staticmethod
    def resolve_qr_url(obj: Any) -> str:
        return reverse("api:enrolment_private_qr", kwargs={"token": obj.enrolment.token})
