"""Back office for enrolments: staff check the UTR against the bank statement and confirm
or reject. Every change goes through an action (and so through the services, which lock
the row, write the ledger and email the student); the record itself is read-only."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, cast

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from unfold.admin import ModelAdmin, TabularInline
from unfold.decorators import action, display
from unfold.widgets import (
    UnfoldAdminFileFieldWidget,
    UnfoldAdminTextareaWidget,
    UnfoldAdminTextInputWidget,
)

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from core.admin_decisions import Decision, DecisionPageAdmin, WaitingFirstFilter, plural
from core.dates import date_display
from core.errors import ApplicationError
from core.money import format_rupees, paise_as_rupees
from enrolments import services
from enrolments.models import Enrolment, StatementLine, UtrChange
from enrolments.selectors import Reconciliation, statement_reconcile
from enrolments.statements import Credit, Statement, statement_parse
from referrals.selectors import reward_hold_note

RECONCILE_PERMISSIONS = ("enrolments.change_enrolment", "enrolments.add_statementline")

HOLD_RULE = (
    "reverses its referral reward while the reward is on hold (the days after the "
    "confirmation before it can be paid out); after the hold the reward is not taken back "
    "automatically."
)
HOLD_RULE_CAPITAL = "This " + HOLD_RULE


def _staff(request: HttpRequest) -> User:
    return cast(User, request.user)


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=services.REASON_MAX,
        widget=UnfoldAdminTextareaWidget(attrs={"rows": 3, "cols": 60}),
    )


class UtrCorrectionForm(ReasonForm):
    utr = forms.CharField(
        label="Correct UTR",
        max_length=20,
        help_text="The 12 digits shown on the bank statement.",
        widget=UnfoldAdminTextInputWidget,
    )
    field_order = ("utr", "reason")


def _emailed(enrolments: QuerySet[Enrolment]) -> list[str]:
    count = enrolments.exclude(email="").count()
    return [f"{plural(count, 'student', 'students')} will be emailed."] if count else []


def _confirm_follows(enrolments: QuerySet[Enrolment]) -> list[str]:
    rewarded = enrolments.filter(referrer__isnull=False, course__referral_reward__gt=0)
    total = sum(rewarded.values_list("course__referral_reward", flat=True))
    earn = (
        [
            f"{plural(rewarded.count(), 'referrer', 'referrers')} will earn a reward "
            f"({format_rupees(total)})."
        ]
        if total
        else []
    )
    return [*_emailed(enrolments), *earn]


def _confirm(enrolment: Enrolment, by: User, data: dict[str, Any]) -> str:
    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=by)
    return f"Payment of {enrolment.reference} confirmed."


def _reject(enrolment: Enrolment, by: User, data: dict[str, Any]) -> str:
    services.enrolment_reject(enrolment_id=enrolment.pk, by=by, reason=data["reason"])
    return f"{enrolment.reference} rejected."


def _refund(enrolment: Enrolment, by: User, data: dict[str, Any]) -> str:
    services.enrolment_reject(enrolment_id=enrolment.pk, by=by, reason=data["reason"])
    return f"Refund of {enrolment.reference} recorded."


def _unconfirm(enrolment: Enrolment, by: User, data: dict[str, Any]) -> str:
    services.enrolment_unconfirm(enrolment_id=enrolment.pk, by=by, reason=data["reason"])
    return f"{enrolment.reference} is waiting for a decision again."


def _correct_utr(enrolment: Enrolment, by: User, data: dict[str, Any]) -> str:
    services.enrolment_correct_utr(
        enrolment_id=enrolment.pk, utr=data["utr"], by=by, reason=data["reason"]
    )
    return f"UTR of {enrolment.reference} updated."


Status = Enrolment.Status
ENROLMENT_DECISIONS = (
    Decision(
        name="confirm_payment",
        label="Confirm payment",
        applies=Q(status__in=[Status.PENDING, Status.PAID_CLAIMED]),
        run=_confirm,
        done="confirmed",
        explanation=(
            "Confirm only when the bank statement shows this UTR and amount. The student "
            "is emailed and the referrer, if any, earns the reward."
        ),
        bulk_explanation=(
            "Confirm only the payments the bank statement shows, UTR and amount. Each "
            "student is emailed and each referrer earns the reward."
        ),
        follows=_confirm_follows,
    ),
    Decision(
        name="reject",
        label="Reject",
        # A confirmed enrolment is refunded (its own action), never rejected.
        applies=Q(status__in=[Status.PENDING, Status.PAID_CLAIMED, Status.EXPIRED]),
        run=_reject,
        done="rejected",
        explanation="The payment was not received: the student is emailed this reason.",
        bulk_explanation="No payment was received for these: each student is emailed this reason.",
        form_class=ReasonForm,
        icon="cancel",
        danger=True,
        follows=_emailed,
    ),
    Decision(
        name="refund",
        label="Record a refund",
        applies=Q(status=Status.CONFIRMED),
        run=_refund,
        done="refunded",
        explanation=(
            "Pay the fee back to the student first (from the bank account), then record it "
            "here: the enrolment is marked rejected, the student is emailed this reason, "
            f"and the refund {HOLD_RULE}"
        ),
        form_class=ReasonForm,
        icon="currency_rupee",
        danger=True,
        bulk=False,
    ),
    Decision(
        name="unconfirm",
        label="Undo confirmation",
        applies=Q(status=Status.CONFIRMED),
        run=_unconfirm,
        done="reopened",
        explanation=(
            "The enrolment goes back to waiting for a decision and the student is not "
            f"emailed. {HOLD_RULE_CAPITAL}"
        ),
        bulk_explanation=(
            "These enrolments go back to waiting for a decision and the students are not "
            f"emailed. {HOLD_RULE_CAPITAL}"
        ),
        form_class=ReasonForm,
        icon="undo",
        danger=True,
        url_path="undo-confirmation",
    ),
    Decision(
        name="correct_utr",
        label="Correct the UTR",
        applies=Q(status__in=[Status.PENDING, Status.PAID_CLAIMED, Status.CONFIRMED]),
        run=_correct_utr,
        done="updated",
        explanation=(
            "Students cannot change a UTR once sent. Type the UTR shown on the bank "
            "statement; the old one and your reason are kept on the enrolment."
        ),
        form_class=UtrCorrectionForm,
        icon="edit",
        one_at_a_time=True,
    ),
)


class WaitingFirstStatusFilter(WaitingFirstFilter):
    """The list opens on payments submitted, the ones staff match with the statement."""

    choices_enum = Enrolment.Status
    default = Enrolment.Status.PAID_CLAIMED


class UtrChangeInline(TabularInline):
    model = UtrChange
    fields = ("changed_at", "old_utr", "new_utr", "reason", "changed_by")
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "UTR corrections"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# Enrolments come from the site's form (which checks referral codes and duplicates); staff
# enrolling someone by phone use that form too. The ledger points at them: reject instead.
@admin.register(Enrolment)
class EnrolmentAdmin(DecisionPageAdmin):
    # What staff match against the bank statement, narrow enough for 1280 px beside the
    # sidebar: the phone, e-mail and referral code are on the record's page and searchable.
    list_display = (
        "reference",
        "name",
        "course_short",
        "amount_display",
        "utr",
        "status",
        "phone_confirmed",
        "enrolled",
    )
    list_display_links = ("reference", "name")
    list_filter = (
        WaitingFirstStatusFilter,
        "course",
        "phone_confirmed",
        ("created_at", admin.DateFieldListFilter),
    )
    search_fields = ("reference", "phone", "utr", "name", "email", "referral_code_used")
    search_help_text = "Reference, phone, UTR, name or e-mail, in every status."
    list_select_related = ("course",)
    list_per_page = 50
    decisions = ENROLMENT_DECISIONS
    inlines = (UtrChangeInline,)
    fieldsets = (
        (
            "Enrolment",
            {
                "fields": (
                    "reference",
                    "course",
                    "amount_display",
                    "name",
                    "phone",
                    "phone_note",
                    "email",
                    "user",
                    "created_at",
                )
            },
        ),
        ("Referral", {"fields": ("referral_code_used", "referrer")}),
        (
            "Payment",
            {
                "fields": (
                    "status",
                    "invoices_display",
                    "utr",
                    "utr_submitted_at",
                    "confirmed_at",
                    "confirmed_by",
                    "rejected_reason",
                    "rejected_at",
                    "rejected_by",
                    "unconfirmed_reason",
                    "unconfirmed_at",
                    "unconfirmed_by",
                )
            },
        ),
    )

    def get_readonly_fields(
        self, request: HttpRequest, obj: Enrolment | None = None
    ) -> tuple[str, ...]:
        return (
            *(field.name for field in Enrolment._meta.fields),
            "phone_note",
            "amount_display",
            "invoices_display",
        )

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Enrolment], search_term: str
    ) -> tuple[QuerySet[Enrolment], bool]:
        # Staff type phones as people say them ("98765 43210"); the database holds E.164.
        results, distinct = super().get_search_results(request, queryset, search_term)
        try:
            phone = phone_normalise(search_term)
        except InvalidPhone:
            return results, distinct
        return results | queryset.filter(phone=phone), distinct

    @display(description="course", ordering="course__short_name")
    def course_short(self, obj: Enrolment) -> str:
        return obj.course.short_name or obj.course.name

    @display(description="who gave the phone")
    def phone_note(self, obj: Enrolment) -> str:
        if obj.phone_confirmed:
            return "The phone's owner, signed in with the phone confirmed by a code."
        return (
            "Made by someone who did not confirm this phone number (signed out, or signed "
            "in to another account): anyone could have typed it. The phone's owner may "
            "enrol beside this one; judge its payment by its UTR on the bank statement."
        )

    @display(description="amount", ordering="amount")
    def amount_display(self, obj: Enrolment) -> str:
        return format_rupees(obj.amount)

    @display(description="date", ordering="created_at")
    def enrolled(self, obj: Enrolment) -> str:
        return date_display(obj.created_at)

    @display(description="invoice")
    def invoices_display(self, obj: Enrolment) -> str:
        """The payment's invoice and, when it was reversed, its credit note: each opens
        its read-only page (with the PDF). A payment confirmed again has a new invoice."""
        invoices = obj.invoices.select_related("credit_note").order_by("issued_at", "pk")
        if not invoices:
            return "None yet: the invoice is issued when the payment is confirmed."
        rows = []
        for invoice in invoices:
            line = format_html(
                '<a class="text-primary-600 underline dark:text-primary-500" href="{}">{}</a> '
                "({}, {})",
                reverse("admin:invoices_invoice_change", args=[invoice.pk]),
                invoice.number,
                format_rupees(paise_as_rupees(invoice.total_paise)),
                date_display(invoice.date),
            )
            note = getattr(invoice, "credit_note", None)
            if note is not None:
                line = format_html(
                    '{}, reversed by credit note <a class="text-primary-600 underline '
                    'dark:text-primary-500" href="{}">{}</a> ({})',
                    line,
                    reverse("admin:invoices_creditnote_change", args=[note.pk]),
                    note.number,
                    date_display(note.date),
                )
            rows.append((line,))
        return format_html_join("", '<p data-testid="enrolment-invoice">{}</p>', rows)

    def decision_summary(self, enrolment: Enrolment) -> list[tuple[str, Any]]:
        return [
            ("Reference", enrolment.reference),
            ("Name", enrolment.name),
            ("Phone", enrolment.phone),
            ("Course", enrolment.course.name),
            ("Amount", format_rupees(enrolment.amount)),
            ("UTR", enrolment.utr),
            ("Status", enrolment.get_status_display()),
            ("Referral code", enrolment.referral_code_used),
            *(
                [("Referral reward", note)]
                if (note := reward_hold_note(enrolment_id=enrolment.pk))
                else []
            ),
        ]

    def decision_row(self, enrolment: Enrolment) -> str:
        utr = f", UTR {enrolment.utr}" if enrolment.utr else ""
        return (
            f"{enrolment.reference}: {enrolment.name} ({enrolment.phone}), "
            f"{enrolment.course.short_name or enrolment.course.name}, "
            f"{format_rupees(enrolment.amount)}, "
            f"{enrolment.get_status_display()}{utr}"
        )


class StatementUploadForm(forms.Form):
    statement = forms.FileField(
        label="Bank statement (CSV)",
        help_text=(
            "The account statement as net banking downloads it, as CSV: HDFC, ICICI, SBI, "
            "Axis, Kotak, or any CSV with date, narration, reference and credit columns."
        ),
        widget=UnfoldAdminFileFieldWidget(attrs={"accept": ".csv,text/csv"}),
    )

    def clean_statement(self) -> Any:
        upload = self.cleaned_data["statement"]
        limit = settings.STATEMENT_MAX_BYTES
        if upload.size > limit:
            raise forms.ValidationError(
                f"The file is larger than {limit // (1024 * 1024) or 1} MB: a statement CSV "
                "is much smaller. Check that it is the right file, or download a shorter period."
            )
        return upload


TOKEN_SALT = "enrolments.statement-matched"
TOKEN_MAX_AGE = 60 * 60


def _matched_token(result: Reconciliation, file_name: str) -> str:
    """The checked statement's matched credits, signed: "Confirm matched" sends them back,
    and the service works the matches out again before confirming anything."""
    credits = [
        {
            "line": r.credit.line,
            "date": r.credit.date.isoformat(),
            "amount": str(r.credit.amount),
            "narration": r.credit.narration,
            "reference": r.credit.reference,
            "utrs": list(r.credit.utrs),
        }
        for r in result.matched
    ]
    return signing.dumps(
        {"layout": result.layout, "file": file_name, "credits": credits}, salt=TOKEN_SALT
    )


def _statement_from_token(token: str) -> tuple[Statement, str]:
    data = signing.loads(token, salt=TOKEN_SALT, max_age=TOKEN_MAX_AGE)
    credits = [
        Credit(
            line=int(c["line"]),
            date=date.fromisoformat(c["date"]),
            amount=Decimal(c["amount"]),
            narration=c["narration"],
            reference=c["reference"],
            utrs=tuple(c["utrs"]),
        )
        for c in data["credits"]
    ]
    return Statement(layout=data["layout"], credits=credits), data["file"]


@admin.register(StatementLine)
class StatementLineAdmin(ModelAdmin):
    """Credits already used from uploaded statements, and the reconciliation page."""

    list_display = ("date", "amount_display", "utr", "enrolment", "used_at", "used_by")
    list_display_links = ("date", "utr")
    fields = (
        "utr",
        "date",
        "amount_display",
        "narration",
        "reference",
        "enrolment",
        "layout",
        "file_name",
        "used_at",
        "used_by",
    )
    readonly_fields = fields
    search_fields = ("utr", "enrolment__reference", "enrolment__name", "narration")
    list_select_related = ("enrolment", "used_by")
    actions_list = ("reconcile_link",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_reconcile_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return request.user.has_perms(RECONCILE_PERMISSIONS)

    @display(description="amount", ordering="amount")
    def amount_display(self, obj: StatementLine) -> str:
        return format_rupees(obj.amount)

    @action(
        description="Reconcile UPI payments",
        url_path="reconcile-link",
        permissions=["reconcile"],
        icon="account_balance",
    )
    def reconcile_link(self, request: HttpRequest) -> HttpResponse:
        return HttpResponseRedirect(reverse("admin:enrolments_statementline_reconcile"))

    def get_urls(self) -> list[URLPattern]:
        return [
            path(
                "reconcile/",
                self.admin_site.admin_view(self.reconcile_view),
                name="enrolments_statementline_reconcile",
            ),
            *super().get_urls(),
        ]

    def reconcile_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_reconcile_permission(request):
            raise PermissionDenied
        context: dict[str, Any] = {
            **self.admin_site.each_context(request),
            "title": "Reconcile UPI payments",
            "opts": self.model._meta,
            "max_mb": settings.STATEMENT_MAX_BYTES // (1024 * 1024) or 1,
        }
        template = "admin/enrolments/statementline/reconcile.html"
        if request.method == "POST" and "token" in request.POST:
            return self._confirm(request, context, template)
        form = StatementUploadForm(
            request.POST if request.method == "POST" else None,
            request.FILES if request.method == "POST" else None,
        )
        context["form"] = form
        if request.method != "POST":
            return TemplateResponse(request, template, context)
        if not form.is_valid():
            return TemplateResponse(request, template, context, status=400)
        upload = form.cleaned_data["statement"]
        try:
            statement = statement_parse(upload.read())
        except ApplicationError as exc:
            form.add_error("statement", exc.message)
            return TemplateResponse(request, template, context, status=400)
        result = statement_reconcile(statement=statement)
        context.update(
            {
                "form": StatementUploadForm(),
                "result": result,
                "file_name": upload.name,
                "token": _matched_token(result, upload.name) if result.matched else "",
                "groups": [
                    ("Matched", "matched", result.matched),
                    ("Amount mismatch", "amount-mismatch", result.amount_mismatch),
                    ("No enrolment", "no-enrolment", result.no_enrolment),
                    ("Already used", "already-used", result.already_used),
                ],
            }
        )
        return TemplateResponse(request, template, context)

    def _confirm(
        self, request: HttpRequest, context: dict[str, Any], template: str
    ) -> HttpResponse:
        try:
            statement, file_name = _statement_from_token(request.POST["token"])
        except (signing.BadSignature, KeyError, TypeError, ValueError):
            context["form"] = StatementUploadForm()
            context["error"] = (
                "This check of the statement is more than an hour old or was changed: upload "
                "the statement again. Nothing was confirmed."
            )
            return TemplateResponse(request, template, context, status=400)
        outcome = services.statement_confirm_matched(
            statement=statement, by=_staff(request), file_name=file_name
        )
        count = len(outcome.confirmed)
        self.message_user(
            request,
            f"{plural(count, 'payment', 'payments')} confirmed"
            + (f": {', '.join(outcome.confirmed)}." if count else "."),
            messages.SUCCESS if count else messages.WARNING,
        )
        for refusal in outcome.refused:
            self.message_user(request, refusal, messages.ERROR)
        return HttpResponseRedirect(reverse("admin:enrolments_statementline_reconcile"))
