"""The back office's models grouped by what staff do, in one place: the sidebar
(UNFOLD["SIDEBAR"]["navigation"]) and the home page both read GROUPS, and both show a
link only to someone holding its model permissions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse


@dataclass(frozen=True)
class Link:
    title: str
    # A URL name ("admin:app_model_changelist", "backoffice:reports") or a site path ("/test").
    target: str
    # Every one of these model permissions ("app.codename") is needed to see the link.
    permissions: tuple[str, ...]
    icon: str
    description: str = ""

    def url(self) -> str:
        if self.target.startswith("/"):
            return self.target
        return reverse(self.target)

    def allowed(self, request: HttpRequest) -> bool:
        user = request.user
        return bool(user.is_active and user.is_staff and user.has_perms(self.permissions))


@dataclass(frozen=True)
class Group:
    title: str
    links: tuple[Link, ...]


def _changelist(app: str, model: str) -> str:
    return f"admin:{app}_{model}_changelist"


GROUPS: tuple[Group, ...] = (
    Group(
        "Payments and enrolments",
        (
            Link(
                "Enrolments",
                _changelist("enrolments", "enrolment"),
                ("enrolments.view_enrolment",),
                "receipt_long",
                "Check UTRs, confirm or reject payments.",
            ),
            Link(
                "Reconcile UPI payments",
                "admin:enrolments_statementline_reconcile",
                ("enrolments.change_enrolment", "enrolments.add_statementline"),
                "account_balance",
                "Upload the bank statement and confirm the payments it shows.",
            ),
            Link(
                "Bank statement lines",
                _changelist("enrolments", "statementline"),
                ("enrolments.view_statementline",),
                "list_alt",
                "Credits already read from uploaded statements.",
            ),
            Link(
                "Invoices",
                _changelist("invoices", "invoice"),
                ("invoices.view_invoice",),
                "request_quote",
                "Every confirmed payment's tax invoice or receipt; by month, with the GSTR-1 "
                "export.",
            ),
            Link(
                "Credit notes",
                _changelist("invoices", "creditnote"),
                ("invoices.view_creditnote",),
                "undo",
                "Refunds of confirmed payments, each naming the invoice it reverses.",
            ),
            Link(
                "Reports",
                "backoffice:reports",
                ("enrolments.view_enrolment",),
                "bar_chart",
                "Money per month, this month by course and event, the enrolment funnel, "
                "batches' seats, top referrers, certificate verifications.",
            ),
        ),
    ),
    Group(
        "Batches and classes",
        (
            Link(
                "Batches",
                _changelist("catalog", "batch"),
                ("catalog.view_batch",),
                "groups",
                "Seats taken and left, waitlists, the next class; finish a batch to issue "
                "its certificates.",
            ),
            Link(
                "Classes",
                _changelist("teaching", "liveclass"),
                ("teaching.view_liveclass",),
                "event",
                "Today's classes first; a class's page is its register.",
            ),
            Link(
                "Waitlist",
                _changelist("teaching", "waitlistentry"),
                ("teaching.view_waitlistentry",),
                "hourglass_empty",
                "Who waits for a seat, in order, and who was told one is free.",
            ),
        ),
    ),
    Group(
        "Internships",
        (
            Link(
                "Applications",
                _changelist("internships", "internshipapplication"),
                ("internships.view_internshipapplication",),
                "how_to_reg",
                "Accept onto a board, or reject with a reason.",
            ),
            Link(
                "Submissions",
                _changelist("internships", "tasksubmission"),
                ("internships.view_tasksubmission",),
                "task",
                "Review interns' work: approve, or request changes.",
            ),
            Link(
                "Placements",
                _changelist("internships", "placement"),
                ("internships.view_placement",),
                "badge",
                "Interns on each board; unlock a task early for one intern.",
            ),
            Link(
                "Task boards",
                _changelist("internships", "taskboard"),
                ("internships.view_taskboard",),
                "assignment",
                "Tasks, their links and unlock days.",
            ),
            Link(
                "Internship domains",
                _changelist("catalog", "internshipdomain"),
                ("catalog.view_internshipdomain",),
                "category",
            ),
            Link(
                "Programme",
                _changelist("catalog", "programmerow"),
                ("catalog.view_programmerow",),
                "calendar_month",
            ),
        ),
    ),
    Group(
        "Certificates",
        (
            Link(
                "Certificates",
                _changelist("certificates", "certificate"),
                ("certificates.view_certificate",),
                "workspace_premium",
                "Find, correct or revoke a certificate.",
            ),
            Link(
                "Import certificates (CSV)",
                "/test",
                ("certificates.add_certificate", "certificates.change_certificate"),
                "upload_file",
                "Add or update certificates from a spreadsheet, on the site.",
            ),
        ),
    ),
    Group(
        "Referrals",
        (
            Link(
                "Payout requests",
                _changelist("referrals", "payoutrequest"),
                ("referrals.view_payoutrequest",),
                "payments",
                "Pay referrers by UPI and mark the payout paid.",
            ),
            Link(
                "Reward ledger",
                _changelist("referrals", "rewardentry"),
                ("referrals.view_rewardentry",),
                "account_balance_wallet",
            ),
            Link(
                "Referrer balances",
                _changelist("referrals", "referrer"),
                ("referrals.view_referrer",),
                "group",
            ),
        ),
    ),
    Group(
        "Enquiries",
        (
            Link(
                "Enquiries",
                _changelist("enquiries", "enquiry"),
                ("enquiries.view_enquiry",),
                "mail",
                "Contact and quote forms: read, note, mark handled.",
            ),
            Link(
                "Emails sent by the site",
                _changelist("post_office", "email"),
                ("post_office.view_email",),
                "outgoing_mail",
                "Every email, and the failed ones to send again.",
            ),
            Link(
                "Text messages (SMS)",
                _changelist("core", "outboundsms"),
                ("core.view_outboundsms",),
                "sms",
                "Codes sent by SMS: waiting, sent, or failed with the provider's reason.",
            ),
            Link(
                "WhatsApp messages",
                _changelist("core", "outboundwhatsapp"),
                ("core.view_outboundwhatsapp",),
                "chat",
                "Sent, delivered, read, or failed with WhatsApp's reason; send a failed one again.",
            ),
            Link(
                "Message preferences",
                _changelist("notifications", "messagepreferences"),
                ("notifications.view_messagepreferences",),
                "tune",
                "Who opted in to WhatsApp (and when), and each student's channels.",
            ),
            Link(
                "Message texts",
                "messagetexts:page",
                ("notifications.view_messagepreferences",),
                "mail",
                "Every email, SMS and WhatsApp message as students see it; add your own words to an email.",
            ),
            Link(
                "Reminders sent",
                _changelist("reminders", "remindersent"),
                ("reminders.view_remindersent",),
                "alarm",
                "Which reminder went to whom and when (each is sent once).",
            ),
        ),
    ),
    Group(
        "Site content",
        (
            Link(
                "Site settings",
                _changelist("catalog", "sitesettings"),
                ("catalog.view_sitesettings",),
                "settings",
                "Company name, contact details, UPI payee.",
            ),
            Link("Courses", _changelist("catalog", "course"), ("catalog.view_course",), "school"),
            Link(
                "Project packages",
                _changelist("catalog", "projectpackage"),
                ("catalog.view_projectpackage",),
                "inventory_2",
            ),
            Link("Events", _changelist("catalog", "event"), ("catalog.view_event",), "event"),
            Link(
                "Team members",
                _changelist("catalog", "teammember"),
                ("catalog.view_teammember",),
                "badge",
            ),
            Link(
                "Portfolio",
                _changelist("catalog", "portfolioitem"),
                ("catalog.view_portfolioitem",),
                "photo_library",
            ),
            Link(
                "Policy pages",
                _changelist("catalog", "policypage"),
                ("catalog.view_policypage",),
                "gavel",
            ),
            Link(
                "Content blocks",
                _changelist("catalog", "contentblock"),
                ("catalog.view_contentblock",),
                "article",
            ),
        ),
    ),
    Group(
        "Accounts",
        (
            Link("Users", _changelist("accounts", "user"), ("accounts.view_user",), "person"),
            Link("Groups", _changelist("auth", "group"), ("auth.view_group",), "groups"),
            Link(
                "Login lockouts",
                _changelist("axes", "accessattempt"),
                ("axes.view_accessattempt",),
                "lock",
                "Delete a lockout to let someone log in again.",
            ),
        ),
    ),
)


def _url_or_none(link: Link) -> str | None:
    try:
        return link.url()
    except NoReverseMatch:
        # A model switched off in this installation (its admin not registered).
        return None


def groups_for(request: HttpRequest) -> list[dict[str, Any]]:
    """The groups with the links this person may open (groups left empty are dropped)."""
    result = []
    for group in GROUPS:
        links = []
        for link in group.links:
            url = _url_or_none(link) if link.allowed(request) else None
            if url:
                links.append({"title": link.title, "url": url, "description": link.description})
        if links:
            result.append({"title": group.title, "links": links})
    return result


def _active_url(request: HttpRequest, urls: list[str]) -> str | None:
    """The link the page belongs to: the longest one its path starts with (the
    reconciliation lives under the statement lines' address, yet is its own link)."""
    matching = [url for url in urls if url.startswith("/admin/") and request.path.startswith(url)]
    return max(matching, key=len) if matching else None


def sidebar(request: HttpRequest) -> list[dict[str, Any]]:
    """GROUPS in the shape of django-unfold's SIDEBAR navigation."""
    result = []
    urls = [url for group in GROUPS for link in group.links if (url := _url_or_none(link))]
    active = _active_url(request, urls)
    for group in GROUPS:
        items = []
        for link in group.links:
            url = _url_or_none(link) if link.allowed(request) else None
            if url is None:
                continue
            items.append(
                {
                    "title": link.title,
                    "icon": link.icon,
                    "link": url,
                    "active": url == active,
                    "permission": link.allowed,
                }
            )
        if items:
            result.append({"title": group.title, "collapsible": False, "items": items})
    home = {
        "title": "To do",
        "icon": "checklist",
        "link": reverse("admin:index"),
        "active": request.path == reverse("admin:index"),
        "permission": lambda request: True,
    }
    return [{"title": None, "items": [home]}, *result]
