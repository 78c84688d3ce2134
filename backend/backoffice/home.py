"""The admin home: what waits for staff, with counts linking to the filtered lists, the
model groups (navigation.py) and the launch checklist of placeholder content.

A new queue is one more Todo in TODOS: a label, the permission, the filtered list and
the count.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

from backoffice import selectors
from backoffice.navigation import groups_for
from core.email import staff_notify_recipients


@dataclass(frozen=True)
class Todo:
    label: str
    permissions: tuple[str, ...]
    changelist: str
    query: str
    count: Callable[[], int]


TODOS: tuple[Todo, ...] = (
    Todo(
        "Payments to confirm",
        ("enrolments.change_enrolment",),
        "admin:enrolments_enrolment_changelist",
        "status__exact=paid_claimed",
        selectors.payments_to_confirm_count,
    ),
    Todo(
        "Payouts to pay",
        ("referrals.change_payoutrequest",),
        "admin:referrals_payoutrequest_changelist",
        "status__exact=requested",
        selectors.payouts_to_pay_count,
    ),
    Todo(
        "Applications to review",
        ("internships.change_internshipapplication",),
        "admin:internships_internshipapplication_changelist",
        "status__exact=submitted",
        selectors.applications_to_review_count,
    ),
    Todo(
        "Submissions to review",
        ("internships.change_tasksubmission",),
        "admin:internships_tasksubmission_changelist",
        "state__exact=submitted",
        selectors.submissions_to_review_count,
    ),
    Todo(
        "New enquiries",
        ("enquiries.change_enquiry",),
        "admin:enquiries_enquiry_changelist",
        "status__exact=new",
        selectors.new_enquiries_count,
    ),
    Todo(
        "Failed emails",
        ("post_office.view_email",),
        "admin:post_office_email_changelist",
        "status__exact=1",
        selectors.failed_emails_count,
    ),
    Todo(
        "Failed WhatsApp messages",
        ("core.view_outboundwhatsapp",),
        "admin:core_outboundwhatsapp_changelist",
        "status__exact=failed",
        selectors.failed_whatsapp_count,
    ),
)


@dataclass(frozen=True)
class Placeholder:
    label: str
    permissions: tuple[str, ...]
    target: str
    query: str
    detail: Callable[[], str]


def _settings_detail() -> str:
    fields = selectors.site_settings_placeholders()
    return ", ".join(fields)


def _counted(count: Callable[[], int], noun: str) -> Callable[[], str]:
    def detail() -> str:
        n = count()
        return f"{n} {noun}" if n else ""

    return detail


PLACEHOLDERS: tuple[Placeholder, ...] = (
    Placeholder(
        "Site settings still hold placeholders",
        ("catalog.change_sitesettings",),
        "admin:catalog_sitesettings_changelist",
        "",
        _settings_detail,
    ),
    Placeholder(
        "Team members still named placeholder",
        ("catalog.change_teammember",),
        "admin:catalog_teammember_changelist",
        "q=placeholder",
        _counted(selectors.team_placeholder_count, "shown on the site"),
    ),
    Placeholder(
        "Sample portfolio items still shown",
        ("catalog.change_portfolioitem",),
        "admin:catalog_portfolioitem_changelist",
        "slug__startswith=sample-",
        _counted(selectors.portfolio_sample_count, "sample items"),
    ),
    Placeholder(
        "Internship task links still point at example.com",
        ("internships.change_taskboard",),
        "admin:internships_taskboard_changelist",
        "",
        _counted(selectors.task_link_placeholder_count, "task links"),
    ),
)


def _link(name: str, query: str) -> str | None:
    try:
        url = reverse(name)
    except NoReverseMatch:
        return None
    return f"{url}?{query}" if query else url


def todo_for(request: HttpRequest) -> list[dict[str, Any]]:
    items = []
    for todo in TODOS:
        url = _link(todo.changelist, todo.query)
        if url and request.user.has_perms(todo.permissions):
            items.append({"label": todo.label, "count": todo.count(), "url": url})
    return items


def checklist_for(request: HttpRequest) -> list[dict[str, str]]:
    items = []
    for placeholder in PLACEHOLDERS:
        url = _link(placeholder.target, placeholder.query)
        if not url or not request.user.has_perms(placeholder.permissions):
            continue
        detail = placeholder.detail()
        if detail:
            items.append({"label": placeholder.label, "detail": detail, "url": url})
    return items


NOTIFY_NOWHERE = (
    "Nobody is told about new enquiries, payments to check or tasks to review, because no "
    "staff account has an email address. Open your account under Staff accounts, add "
    "your email and save; then, under Emails, send the failed ones again. (Whoever runs "
    "the server may instead set STAFF_NOTIFY_EMAILS: see docs/deploy.md.)"
)


def notify_warning_for(request: HttpRequest) -> dict[str, str] | None:
    """Said on the home page when staff notifications have no recipient at all."""
    if staff_notify_recipients():
        return None
    url = _link("admin:accounts_user_changelist", "is_staff__exact=1") or ""
    return {
        "label": "Nobody gets the staff emails",
        "detail": "add an email address to a staff account, then send the failed emails again",
        "text": NOTIFY_NOWHERE,
        "url": url,
    }


def dashboard_callback(request: HttpRequest, context: dict[str, Any]) -> dict[str, Any]:
    warning = notify_warning_for(request)
    context.update(
        {
            "todo": todo_for(request),
            "groups": groups_for(request),
            "launch_checklist": [*([warning] if warning else []), *checklist_for(request)],
            "notify_warning": warning,
        }
    )
    return context
