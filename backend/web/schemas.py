"""The pages' answers (web/api.py): each the schemas of the endpoints a page used to call
one by one, rendering the rows web/selectors.py reads."""

from __future__ import annotations

from typing import Any

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
from enrolments.schemas import EnrolmentOut, StateOut
from internships.schemas import DomainForApplicationOut, InternshipsMineOut, TaskBoardOut
from invoices.schemas import InvoiceCheckOut
from notifications.schemas import MessagePreferencesOut
from referrals.schemas import ReferralSummaryOut, RewardEntryOut

HEAD = (
    "The catalogue's title, description and JSON-LD for the page (as /api/pages/head); "
    "null where it has none."
)


# From a web.selectors.Page.
class PageData(Schema):
    """What every page shows."""

    visitor: UserOut | None = Field(
        description="The logged-in account (as /api/auth/me); null for a visitor not logged in."
    )
    site: SiteOut = Field(description="The site settings (as /api/site).")


# From a web.selectors.HomePage.
class HomePageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    courses: list[CourseOut] = Field(description="As /api/courses.")
    packages: list[ProjectPackageOut] = Field(description="As /api/projects.")
    domains: list[InternshipDomainOut] = Field(description="As /api/internships.")
    team: list[TeamMemberOut] = Field(description="As /api/team.")


# From a web.selectors.AboutPage.
class AboutPageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    about: AboutOut | None = Field(
        description="As /api/about; null while the about page is not written."
    )


# From a web.selectors.PortfolioPage.
class PortfolioPageData(PageData):
    portfolio: list[PortfolioItemOut] = Field(description="As /api/portfolio.")


# From a web.selectors.InternshipPage.
class InternshipPageData(PageData):
    domains: list[InternshipDomainOut] = Field(description="As /api/internships.")


# From a web.selectors.CoursesPage.
class CoursesPageData(PageData):
    courses: list[CourseOut] = Field(description="As /api/courses.")
    bootcamp: CourseOut | None = Field(
        description=(
            "As /api/courses/by-route?path=/java+android_bootcamp; null where it answers 404."
        )
    )


# From a web.selectors.CoursePage.
class CoursePageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    course: CourseOut | None = Field(
        description="As /api/courses/by-route for the page's path; null where it answers 404."
    )
    states: list[StateOut] = Field(description="As /api/enrolments/states.")
    enrolments: list[EnrolmentOut] = Field(
        description=(
            "Logged in, as /api/enrolments/mine; otherwise as /api/enrolments/session (the "
            "enrolments made in this browser session)."
        )
    )


# From a web.selectors.TrainingPage.
class TrainingPageData(PageData):
    programme: list[ProgrammeRowOut] = Field(description="As /api/programme.")


# From a web.selectors.ProjectsPage.
class ProjectsPageData(PageData):
    packages: list[ProjectPackageOut] = Field(description="As /api/projects.")


# From a web.selectors.EventsPage.
class EventsPageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    events: EventListOut = Field(description="As /api/events.")


# From a web.selectors.EventPage.
class EventPageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    event: EventOut | None = Field(description="As /api/events/{slug}; null where it answers 404.")


# From a web.selectors.PolicyPage.
class PolicyPageData(PageData):
    head: PageHeadOut | None = Field(description=HEAD)
    policy: PolicyPageOut | None = Field(
        description="As /api/policies/{slug}; null where it answers 404."
    )


# From a web.selectors.ReferEarnPage.
class ReferEarnPageData(PageData):
    courses: list[CourseOut] = Field(description="As /api/courses.")


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
    courses: list[CourseOut] = Field(description="As /api/courses.")
    enrolments: list[EnrolmentOut] = Field(description="As /api/enrolments/mine.")
    referral_summary: ReferralSummaryOut = Field(description="As /api/referrals/summary.")
    reward_entries: list[RewardEntryOut] = Field(description="As /api/referrals/entries.")
    internship: InternshipsMineOut = Field(description="As /api/internships/me.")


# From a web.selectors.AccountPage.
class AccountPageData(PageData):
    preferences: MessagePreferencesOut = Field(description="As /api/notifications/preferences.")


# From a web.selectors.InternshipApplyPage.
class InternshipApplyPageData(PageData):
    domain: DomainForApplicationOut = Field(description="As /api/internships/domains/{slug}.")


# From a web.selectors.InvoiceCheckPage.
class InvoiceCheckPageData(PageData):
    check: InvoiceCheckOut = Field(description="As /api/invoices/{token}.")


# From a web.selectors.EnrolmentPrivatePage.
class EnrolmentPrivatePageData(PageData):
    enrolment: EnrolmentOut = Field(description="As /api/enrolments/{reference}.")
    qr_url: str = Field(description="The QR code of its UPI link, by the private link's token.")

    @staticmethod
    def resolve_qr_url(obj: Any) -> str:
        return reverse("api:enrolment_private_qr", kwargs={"token": obj.enrolment.token})
