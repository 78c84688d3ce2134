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
from django.contrib.admin import helpers
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from unfold.admin import ModelAdmin, TabularInline
from unfold.decorators import action, display
from unfold.widgets import (
    UnfoldAdminFileFieldWidget,
    UnfoldAdminTextareaWidget,
    UnfoldAdminTextInputWidget,
)

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from core.admin_decisions import DecisionPageAdmin, WaitingFirstFilter, decision_view
from core.errors import ApplicationError
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
    list_display = ("reference", "name", "course_short", "amount", "utr", "status", "enrolled")
    list_filter = (WaitingFirstStatusFilter, "course", ("created_at", admin.DateFieldListFilter))
    search_fields = ("reference", "phone", "utr", "name", "email", "referral_code_used")
    search_help_text = "Reference, phone, UTR, name or e-mail, in every status."
    list_select_related = ("course",)
    list_per_page = 50
    actions = ("confirm_payment", "reject", "unconfirm", "correct_utr")
    actions_detail = (
        "confirm_payment_detail",
        "reject_detail",
        "unconfirm_detail",
        "correct_utr_detail",
    )
    inlines = (UtrChangeInline,)
    fieldsets = (
        (
            "Enrolment",
            {
                "fields": (
                    "reference",
                    "course",
                    "amount",
                    "name",
                    "phone",
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
        return tuple(field.name for field in Enrolment._meta.fields)

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

    @display(description="date", ordering="created_at")
    def enrolled(self, obj: Enrolment) -> str:
        return timezone.localtime(obj.created_at).strftime("%d %b %Y")

    # --- One decision from the record's page (the same services as the list actions) ---

    def _can(self, request: HttpRequest, object_id: Any, *statuses: str) -> bool:
        if not self.has_change_permission(request):
            return False
        if object_id is None:
            return True
        return Enrolment.objects.filter(pk=object_id, status__in=statuses).exists()

    def has_confirm_payment_detail_permission(
        self, request: HttpRequest, object_id: Any = None
    ) -> bool:
        return self._can(
            request, object_id, Enrolment.Status.PENDING, Enrolment.Status.PAID_CLAIMED
        )

    def has_reject_detail_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return self._can(
            request,
            object_id,
            Enrolment.Status.PENDING,
            Enrolment.Status.PAID_CLAIMED,
            Enrolment.Status.CONFIRMED,
            Enrolment.Status.EXPIRED,
        )

    def has_unconfirm_detail_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return self._can(request, object_id, Enrolment.Status.CONFIRMED)

    def has_correct_utr_detail_permission(
        self, request: HttpRequest, object_id: Any = None
    ) -> bool:
        return self._can(
            request,
            object_id,
            Enrolment.Status.PENDING,
            Enrolment.Status.PAID_CLAIMED,
            Enrolment.Status.CONFIRMED,
        )

    @staticmethod
    def _summary(enrolment: Enrolment) -> list[tuple[str, Any]]:
        return [
            ("Reference", enrolment.reference),
            ("Name", enrolment.name),
            ("Phone", enrolment.phone),
            ("Course", enrolment.course.name),
            ("Amount", f"₹{enrolment.amount}"),
            ("UTR", enrolment.utr),
            ("Status", enrolment.get_status_display()),
            ("Referral code", enrolment.referral_code_used),
            *(
                [("Referral reward", note)]
                if (note := reward_hold_note(enrolment_id=enrolment.pk))
                else []
            ),
        ]

    @action(
        description="Confirm payment",
        url_path="confirm-payment",
        permissions=["confirm_payment_detail"],
        icon="check_circle",
    )
    def confirm_payment_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        def run(enrolment: Enrolment, data: dict[str, Any]) -> str:
            services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=_staff(request))
            return f"Payment of {enrolment.reference} confirmed."

        enrolment = self.get_object(request, object_id)
        return decision_view(
            self,
            request,
            object_id,
            title="Confirm payment",
            explanation=(
                "Confirm only when the bank statement shows this UTR and amount. The student "
                "is emailed and the referrer, if any, earns the reward."
            ),
            submit_label="Confirm payment",
            summary=self._summary(enrolment) if enrolment else None,
            run=run,
        )

    @action(
        description="Reject",
        url_path="reject",
        permissions=["reject_detail"],
        icon="cancel",
    )
    def reject_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        def run(enrolment: Enrolment, data: dict[str, Any]) -> str:
            services.enrolment_reject(
                enrolment_id=enrolment.pk, by=_staff(request), reason=data["reason"]
            )
            return f"{enrolment.reference} rejected."

        enrolment = self.get_object(request, object_id)
        return decision_view(
            self,
            request,
            object_id,
            title="Reject the enrolment",
            explanation=(
                "The student is emailed this reason. Rejecting a confirmed enrolment (a "
                f"refund) {HOLD_RULE}"
            ),
            submit_label="Reject",
            summary=self._summary(enrolment) if enrolment else None,
            form_class=ReasonForm,
            run=run,
            danger=True,
        )

    @action(
        description="Undo confirmation",
        url_path="undo-confirmation",
        permissions=["unconfirm_detail"],
        icon="undo",
    )
    def unconfirm_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        def run(enrolment: Enrolment, data: dict[str, Any]) -> str:
            services.enrolment_unconfirm(
                enrolment_id=enrolment.pk, by=_staff(request), reason=data["reason"]
            )
            return f"{enrolment.reference} is waiting for a decision again."

        enrolment = self.get_object(request, object_id)
        return decision_view(
            self,
            request,
            object_id,
            title="Undo confirmation",
            explanation=(
                "The enrolment goes back to waiting for a decision and the student is not "
                f"emailed. {HOLD_RULE_CAPITAL}"
            ),
            submit_label="Undo confirmation",
            summary=self._summary(enrolment) if enrolment else None,
            form_class=ReasonForm,
            run=run,
            danger=True,
        )

    @action(
        description="Correct the UTR",
        url_path="correct-utr",
        permissions=["correct_utr_detail"],
        icon="edit",
    )
    def correct_utr_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        def run(enrolment: Enrolment, data: dict[str, Any]) -> str:
            services.enrolment_correct_utr(
                enrolment_id=enrolment.pk,
                utr=data["utr"],
                by=_staff(request),
                reason=data["reason"],
            )
            return f"UTR of {enrolment.reference} updated."

        enrolment = self.get_object(request, object_id)
        return decision_view(
            self,
            request,
            object_id,
            title="Correct the UTR",
            explanation=(
                "Students cannot change a UTR once sent. Type the UTR shown on the bank "
                "statement; the old one and your reason are kept on the enrolment."
            ),
            submit_label="Save the UTR",
            summary=self._summary(enrolment) if enrolment else None,
            form_class=UtrCorrectionForm,
            run=run,
        )

    def _apply(
        self,
        request: HttpRequest,
        queryset: QuerySet[Enrolment],
        verb: str,
        run: Any,
    ) -> None:
        done = 0
        for pk in queryset.values_list("pk", flat=True):
            try:
                run(pk)
            except ApplicationError as exc:
                fields = (exc.extra or {}).get("fields") or {}
                self.message_user(request, " ".join(fields.values()) or exc.message, messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(request, f"{done} enrolment(s) {verb}.", messages.SUCCESS)

    @admin.action(
        description="Confirm payment (credits the referrer, emails the student)",
        permissions=["change"],
    )
    def confirm_payment(self, request: HttpRequest, queryset: QuerySet[Enrolment]) -> None:
        self._apply(
            request,
            queryset.exclude(status=Enrolment.Status.CONFIRMED),
            "confirmed",
            lambda pk: services.enrolment_confirm_payment(enrolment_id=pk, by=_staff(request)),
        )

    @admin.action(
        description="Reject (asks for a reason, emails the student)",
        permissions=["change"],
    )
    def reject(self, request: HttpRequest, queryset: QuerySet[Enrolment]) -> HttpResponse | None:
        return self._with_reason(
            request,
            queryset.exclude(status=Enrolment.Status.REJECTED),
            action="reject",
            title="Reject enrolments",
            submit_label="Reject",
            explanation=(
                "The students are emailed this reason. Rejecting a confirmed enrolment (a "
                f"refund) {HOLD_RULE}"
            ),
            verb="rejected",
            run=lambda pk, reason: services.enrolment_reject(
                enrolment_id=pk, by=_staff(request), reason=reason
            ),
        )

    @admin.action(
        description="Undo confirmation (asks for a reason, reverses a held reward)",
        permissions=["change"],
    )
    def unconfirm(self, request: HttpRequest, queryset: QuerySet[Enrolment]) -> HttpResponse | None:
        return self._with_reason(
            request,
            queryset.filter(status=Enrolment.Status.CONFIRMED),
            action="unconfirm",
            title="Undo confirmation",
            submit_label="Undo confirmation",
            explanation=(
                "These enrolments go back to waiting for a decision and the students are "
                f"not emailed. {HOLD_RULE_CAPITAL}"
            ),
            verb="reopened",
            run=lambda pk, reason: services.enrolment_unconfirm(
                enrolment_id=pk, by=_staff(request), reason=reason
            ),
        )

    @admin.action(
        description="Correct the UTR (asks for the right one and a reason)",
        permissions=["change"],
    )
    def correct_utr(
        self, request: HttpRequest, queryset: QuerySet[Enrolment]
    ) -> HttpResponse | None:
        if queryset.count() > 1:
            self.message_user(request, "Correct one enrolment's UTR at a time.", messages.ERROR)
            return None
        return self._with_reason(
            request,
            queryset.exclude(status__in=[Enrolment.Status.REJECTED, Enrolment.Status.EXPIRED]),
            action="correct_utr",
            title="Correct the UTR",
            submit_label="Save the UTR",
            explanation=(
                "Students cannot change a UTR once sent. Type the UTR shown on the bank "
                "statement; the old one and your reason are kept on the enrolment."
            ),
            verb="updated",
            form_class=UtrCorrectionForm,
            run=lambda pk, data: services.enrolment_correct_utr(
                enrolment_id=pk, utr=data["utr"], by=_staff(request), reason=data["reason"]
            ),
        )

    def _with_reason(
        self,
        request: HttpRequest,
        queryset: QuerySet[Enrolment],
        *,
        form_class: type[ReasonForm] = ReasonForm,
        action: str,
        title: str,
        submit_label: str,
        explanation: str,
        verb: str,
        run: Any,
    ) -> HttpResponse | None:
        if not queryset.exists():
            self.message_user(request, "None of the selected enrolments can be changed so.")
            return None
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            data = form.cleaned_data
            value = data if form_class is not ReasonForm else data["reason"]
            self._apply(request, queryset, verb, lambda pk: run(pk, value))
            return None
        context: dict[str, Any] = {
            **self.admin_site.each_context(request),
            "title": title,
            "opts": self.model._meta,
            "form": form,
            "enrolments": queryset.select_related("course")[:200],
            "count": queryset.count(),
            "explanation": explanation,
            "submit_label": submit_label,
            "action": action,
            "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
            "select_across": request.POST.get("select_across", "0"),
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "changelist_url": reverse("admin:enrolments_enrolment_changelist"),
        }
        return TemplateResponse(request, "admin/enrolments/enrolment/reason.html", context)


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
    """The dry run's matched credits, signed: "Confirm matched" sends them back, and the
    service works the matches out again before confirming anything."""
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

    list_display = ("date", "amount", "utr", "enrolment", "used_at", "used_by")
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
                "This dry run is more than an hour old or was changed: upload the statement "
                "again. Nothing was confirmed."
            )
            return TemplateResponse(request, template, context, status=400)
        outcome = services.statement_confirm_matched(
            statement=statement, by=_staff(request), file_name=file_name
        )
        count = len(outcome.confirmed)
        self.message_user(
            request,
            f"{count} payment{'s' if count != 1 else ''} confirmed"
            + (f": {', '.join(outcome.confirmed)}." if count else "."),
            messages.SUCCESS if count else messages.WARNING,
        )
        for refusal in outcome.refused:
            self.message_user(request, refusal, messages.ERROR)
        return HttpResponseRedirect(reverse("admin:enrolments_statementline_reconcile"))
