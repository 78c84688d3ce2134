"""What waits for staff, and the placeholder content still on the site. Read-only."""

from __future__ import annotations

from django.utils.text import capfirst
from post_office.models import STATUS, Email

from catalog.models import PortfolioItem, SiteSettings, TeamMember
from core.models import OutboundWhatsApp
from enquiries.models import Enquiry
from enrolments.models import Enrolment
from internships.models import BoardTask, InternshipApplication, TaskSubmission
from referrals.models import PayoutRequest

PLACEHOLDER_MARK = "placeholder"
PLACEHOLDER_DOMAIN = "example.com"


def payments_to_confirm_count() -> int:
    return Enrolment.objects.filter(status=Enrolment.Status.PAID_CLAIMED).count()


def payouts_to_pay_count() -> int:
    return PayoutRequest.objects.filter(status=PayoutRequest.Status.REQUESTED).count()


def new_enquiries_count() -> int:
    return Enquiry.objects.filter(status=Enquiry.Status.NEW).count()


def failed_emails_count() -> int:
    return Email.objects.filter(status=STATUS.failed).count()


def failed_whatsapp_count() -> int:
    return OutboundWhatsApp.objects.filter(status=OutboundWhatsApp.Status.FAILED).count()


def site_settings_placeholders() -> list[str]:
    """Labels of the site settings that still hold a shipped placeholder value."""
    row = SiteSettings.objects.filter(pk=1).first() or SiteSettings()
    found = []
    for field in SiteSettings._meta.get_fields():
        value = getattr(row, getattr(field, "attname", ""), None)
        if not isinstance(value, str) or not value:
            continue
        lowered = value.lower()
        if PLACEHOLDER_MARK in lowered or lowered.endswith(f"@{PLACEHOLDER_DOMAIN}"):
            found.append(str(capfirst(getattr(field, "verbose_name", field.name))))
    return found


def team_placeholder_count() -> int:
    return TeamMember.objects.filter(is_active=True, name__icontains=PLACEHOLDER_MARK).count()


def portfolio_sample_count() -> int:
    """The shipped sample projects (slugs starting "sample-") still shown on the site."""
    return PortfolioItem.objects.filter(is_active=True, slug__startswith="sample-").count()


def task_link_placeholder_count() -> int:
    """Internship tasks whose file link still points at example.com."""
    return BoardTask.objects.filter(task_url__contains=f"://{PLACEHOLDER_DOMAIN}/").count()


def applications_to_review_count() -> int:
    return InternshipApplication.objects.filter(
        status=InternshipApplication.Status.SUBMITTED
    ).count()


def submissions_to_review_count() -> int:
    return TaskSubmission.objects.filter(state=TaskSubmission.State.SUBMITTED).count()
