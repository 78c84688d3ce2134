"""The admin home: counts of what waits, linking to the filtered lists; the model groups;
the launch checklist; each shown only to staff with the model permissions."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from post_office.models import STATUS, Email

from accounts.models import User
from catalog.models import Course, PortfolioItem, SiteSettings
from enquiries.models import Enquiry
from enrolments import services as enrolments
from referrals.models import PayoutRequest

pytestmark = pytest.mark.django_db

HOME = "/admin/"


@pytest.fixture
def course(db: None) -> Course:
    return Course.objects.create(
        slug="web",
        name="Web",
        short_name="Web",
        route="/web-registration",
        summary="x",
        list_fee=999,
        referral_reward=150,
    )


def todo(page: str) -> dict[str, tuple[int, str]]:
    found = re.findall(
        r'href="([^"]+)"[^>]*>\s*<div[^>]*>\s*<span[^>]*>([^<(]+) \((\d+)\)</span>', page
    )
    return {label.strip(): (int(count), href.replace("&amp;", "&")) for href, label, count in found}


def test_it_counts_what_waits_and_links_to_the_filtered_lists(
    office: Client, course: Course, learner: User
) -> None:
    waiting = enrolments.enrolment_create(
        course_slug=course.slug,
        user=None,
        name="Kiran",
        phone="98111 22233",
        email="k@example.org",
        referral_code="",
    )
    enrolments.enrolment_submit_utr(enrolment=waiting, utr="412345678901")
    enrolments.enrolment_create(
        course_slug=course.slug,
        user=None,
        name="Unpaid",
        phone="98111 22234",
        email="u@example.org",
        referral_code="",
    )
    PayoutRequest.objects.create(user=learner, amount=150, upi_id="a@okaxis")
    Enquiry.objects.create(kind="contact", name="Meera", email="m@example.org", message="Hi")
    Email.objects.create(
        from_email="site@example.org", to=["x@example.org"], subject="s", status=STATUS.failed
    )

    page = office.get(HOME).content.decode()

    counts = todo(page)
    assert counts["Payments to confirm"] == (
        1,
        "/admin/enrolments/enrolment/?status__exact=paid_claimed",
    )
    assert counts["Payouts to pay"] == (
        1,
        "/admin/referrals/payoutrequest/?status__exact=requested",
    )
    assert counts["New enquiries"] == (1, "/admin/enquiries/enquiry/?status__exact=new")
    assert counts["Failed emails"] == (1, "/admin/post_office/email/?status__exact=1")
    # The link leads to a list holding exactly what was counted.
    listed = office.get(counts["Payments to confirm"][1]).content.decode()
    assert waiting.reference in listed and "Unpaid" not in listed


def test_it_groups_the_models_by_what_staff_do_and_links_the_import(office: Client) -> None:
    page = office.get(HOME).content.decode()

    for group in (
        "Payments and enrolments",
        "Internships",
        "Certificates",
        "Referrals",
        "Enquiries",
        "Site content",
    ):
        assert group in page
    assert 'href="/test"' in page and "Import certificates (CSV)" in page
    assert 'href="/admin/enrolments/statementline/reconcile/"' in page
    # The back office group may not manage groups: that link is left out.
    assert 'href="/admin/auth/group/"' not in page


def test_it_lists_the_placeholder_content_until_it_is_replaced(office: Client) -> None:
    settings_row, _ = SiteSettings.objects.get_or_create(pk=1)
    PortfolioItem.objects.create(slug="sample-shop", title="Sample: Shop", summary="x")

    before = office.get(HOME).content.decode()
    assert "Before launch" in before
    assert "Site settings still hold placeholders" in before and "UPI payee ID (VPA)" in before
    assert "Legal name" in before  # the seller on invoices
    assert "Sample portfolio items still shown" in before
    assert "Internship task links still point at example.com" in before

    settings_row.brand_name = "Acme Skills"
    settings_row.upi_payee_id = "acme@okhdfcbank"
    settings_row.upi_payee_name = "Acme Skills"
    settings_row.email = "hello@acme.in"
    settings_row.address = "12 MG Road, Bengaluru"
    settings_row.grievance_officer = "Priya Sharma, privacy@acme.in"
    settings_row.legal_name = "Acme Skills Private Limited"
    settings_row.legal_address = "12 MG Road, Bengaluru 560001"
    for social in ("facebook_url", "instagram_url", "linkedin_url", "youtube_url"):
        setattr(settings_row, social, "")
    settings_row.save()
    PortfolioItem.objects.filter(slug__startswith="sample-").update(is_active=False)

    after = office.get(HOME).content.decode()
    assert "Site settings still hold placeholders" not in after
    assert "Sample portfolio items still shown" not in after


def test_staff_see_only_what_their_permissions_open(staff: User) -> None:
    staff.user_permissions.add(Permission.objects.get(codename="view_enquiry"))
    client = Client()
    client.force_login(User.objects.get(pk=staff.pk))

    page = client.get(HOME).content.decode()

    assert "/admin/enquiries/enquiry/" in page
    assert "Payments to confirm" not in page and "Payments and enrolments" not in page
    assert "Before launch" not in page


def test_learners_are_sent_to_log_in(learner_client: Client) -> None:
    assert learner_client.get(HOME).status_code == 302


def test_admin_pages_get_the_themes_csp_exceptions_and_the_site_keeps_the_strict_policy(
    office: Client,
) -> None:
    admin_policy = office.get(HOME)["Content-Security-Policy"]
    site_policy = office.get("/api/health")["Content-Security-Policy"]

    assert "script-src 'self' 'unsafe-eval'" in admin_policy
    assert "style-src 'self' 'unsafe-inline'" in admin_policy
    assert "unsafe" not in site_policy
