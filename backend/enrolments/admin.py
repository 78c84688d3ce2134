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
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from unfold.admin import ModelAdmin, TabularInline
from unfold.decorators import action, display
from unfold.widgets import (
    UnfoldAdminFileFieldWidget,
    UnfoldAdminSelectWidget,
    UnfoldAdminTextareaWidget,
    UnfoldAdminTextInputWidget,
)

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from catalog.models import Batch
from core.admin_decisions import (
    Decision,
    DecisionPageAdmin,
    WaitingFirstFilter,
    decision_view,
    plural,
)
from core.dates import date_display
from core.errors import ApplicationError
from core.money import format_rupees, paise_as_rupees
from enrolments import online, services
from enrolments.models import (
    DiscountCode,
    Enrolment,
    RazorpayEvent,
    RazorpayOrder,
    StatementLine,
    UtrChange,
)
from enrolments.selectors import (
    Reconciliation,
    batch_seats_taken,
    discount_code_uses,
    statement_reconcile,
    with_owner_beside,
)
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


def _batch_choice(batch: Batch) -> str:
    if batch.seats is None:
        seats = "no seat limit"
    else:
        left = max(batch.seats - batch_seats_taken(batch=batch), 0)
        seats = "full" if left == 0 else f"{plural(left, 'seat', 'seats')} left"
    return f"Starts {date_display(batch.starts_on)}, ends {date_display(batch.ends_on)} ({seats})"


class BatchChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return _batch_choice(obj)


def batch_form_for(enrolment: Enrolment) -> type[forms.Form]:
    """The batches a student of this course may be placed in: the course's unfinished
    ones other than the student's own."""

    class BatchPlacementForm(forms.Form):
        batch = BatchChoiceField(
            label="Batch",
            queryset=Batch.objects.filter(course=enrolment.course, finished_at__isnull=True)
            .exclude(pk=enrolment.batch_id or 0)
            .order_by("starts_on", "pk"),
            empty_label="Choose a batch",
            help_text="A full batch is refused: free a seat first, or choose another batch.",
            widget=UnfoldAdminSelectWidget,
        )

    return BatchPlacementForm


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


def _refund_online(enrolment: Enrolment, by: User, data: dict[str, Any]) -> str:
    online.enrolment_refund_online(enrolment_id=enrolment.pk, by=by, reason=data["reason"])
    return f"{enrolment.reference} refunded through Razorpay."


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
        applies=Q(status__in=Enrolment.CONFIRMABLE_STATUSES),
        run=_confirm,
        done="confirmed",
        primary=True,
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
        applies=Q(status__in=Enrolment.REJECTABLE_STATUSES),
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
        name="refund_online",
        label="Refund",
        # A payment made online (Razorpay) is refunded through Razorpay itself.
        applies=Q(status=Status.CONFIRMED, razorpay_order__status=RazorpayOrder.Status.PAID),
        run=_refund_online,
        done="refunded",
        explanation=(
            "The student paid online (Razorpay): the full amount goes back to their card, "
            "account or UPI through Razorpay, then the enrolment reads Refunded, its seat is "
            "freed and the student is emailed “Refund of ₹N processed” with the credit note. "
            f"The refund {HOLD_RULE} If Razorpay does not make the refund, nothing else "
            "changes and you can try again: it never refunds twice."
        ),
        form_class=ReasonForm,
        icon="currency_rupee",
        danger=True,
        bulk=False,
    ),
    Decision(
        name="refund",
        label="Record a refund",
        # Online payments have "Refund" above, through Razorpay.
        applies=Q(status=Status.CONFIRMED) & ~Q(razorpay_order__status=RazorpayOrder.Status.PAID),
        run=_refund,
        done="refunded",
        explanation=(
            "Use this when the student is getting their money back. Pay the fee back first "
            "(from the bank account), then record it here: the enrolment reads Refunded, the "
            "student is emailed “Refund of ₹N processed” with the credit note, and the "
            f"refund {HOLD_RULE} If the payment was confirmed by mistake and no money came "
            "in, use Undo confirmation instead."
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
            "Use this only when the payment was confirmed by mistake (the money is not on "
            "the statement, or it was the wrong enrolment): the enrolment goes back to "
            "waiting for a decision, a credit note cancels its invoice, and the student is "
            f"not emailed. {HOLD_RULE_CAPITAL} To give a student their money back, use "
            "Record a refund instead."
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
        "utr_or_online",
        "status",
        "phone_check",
        "enrolled",
    )
    list_display_links = ("reference", "name")
    list_filter = (
        WaitingFirstStatusFilter,
        "course",
        ("batch", admin.RelatedOnlyFieldListFilter),
        "phone_confirmed",
        ("created_at", admin.DateFieldListFilter),
    )
    search_fields = ("reference", "phone", "utr", "name", "email", "referral_code_used")
    search_help_text = "Reference, phone, UTR, name or e-mail, in every status."
    list_select_related = ("course", "batch", "razorpay_order")
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
                    "batch_display",
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
                    "paid_by",
                    "online_problems",
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

    def get_queryset(self, request: HttpRequest) -> QuerySet[Enrolment]:
        return with_owner_beside(super().get_queryset(request))

    def get_readonly_fields(
        self, request: HttpRequest, obj: Enrolment | None = None
    ) -> tuple[str, ...]:
        return (
            *(field.name for field in Enrolment._meta.fields),
            "phone_note",
            "amount_display",
            "invoices_display",
            "batch_display",
            "paid_by",
            "online_problems",
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

    @display(description="course or event", ordering="course__short_name")
    def course_short(self, obj: Enrolment) -> str:
        # The batch under the course, in one column: the list fits 1280 px.
        if obj.batch is None:
            return obj.offering.short_name
        return format_html(
            "{}<br><small>batch {}</small>",
            obj.offering.short_name,
            date_display(obj.batch.starts_on),
        )

    @display(description="batch")
    def batch_display(self, obj: Enrolment) -> str:
        if obj.batch is None:
            if obj.course is None:
                return "-"  # an event's registration
            if not obj.course.batches.exists():
                return "None: the course has no batch yet. Add one, then place the student in it."
            return "None yet: use “Place in a batch” above."
        return format_html(
            '<a class="text-primary-600 underline dark:text-primary-500" href="{}">{}</a>',
            reverse("admin:catalog_batch_change", args=[obj.batch.pk]),
            _batch_choice(obj.batch),
        )

    # "Place in a batch": its form lists the enrolment's own course's batches, so it is a
    # button of its own after the declared decisions' (which share one form for a list).
    actions_detail = ("place_in_batch",)

    def has_place_in_batch_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        if not self.has_change_permission(request):
            return False
        if object_id is None:
            return True
        return (
            Enrolment.objects.filter(
                pk=object_id,
                status__in=[Status.PENDING, Status.PAID_CLAIMED, Status.CONFIRMED],
            )
            .filter(Exists(Batch.objects.filter(course=OuterRef("course"), finished_at=None)))
            .exclude(batch__finished_at__isnull=False)
            .exists()
        )

    @action(
        description="Place in a batch",
        url_path="place-in-batch",
        permissions=["place_in_batch"],
        icon="group_add",
    )
    def place_in_batch(self, request: HttpRequest, object_id: str) -> HttpResponse:
        enrolment = self.get_object(request, object_id)
        if enrolment is None:
            raise PermissionDenied

        def run(record: Enrolment, data: dict[str, Any]) -> str:
            placed = services.enrolment_place_in_batch(
                enrolment_id=record.pk, batch_id=data["batch"].pk, by=_staff(request)
            )
            assert placed.batch is not None
            return (
                f"{placed.reference} placed in the batch starting "
                f"{date_display(placed.batch.starts_on)}."
            )

        return decision_view(
            self,
            request,
            object_id,
            title="Place in a batch",
            explanation=(
                "The student takes a seat in the batch you choose (leaving their batch, if "
                "they are in one) and sees its classes once their payment is confirmed. A "
                "full batch is refused. The student is not messaged: tell them yourself."
            ),
            submit_label="Place in a batch",
            run=run,
            form_class=batch_form_for(enrolment),
            summary=[
                ("Reference", enrolment.reference),
                ("Name", enrolment.name),
                ("Course", enrolment.offering.name),
                ("Status", enrolment.get_status_display()),
                ("Batch now", _batch_choice(enrolment.batch) if enrolment.batch else "None"),
            ],
        )

    @display(description="phone check")
    def phone_check(self, obj: Enrolment) -> str:
        """Blank unless it matters: an open claim anyone could have typed, beside the
        phone owner's own enrolment for the same course or event."""
        owner = getattr(obj, "owner_beside", None)
        return f"Check: the phone's owner has {owner}" if owner else ""

    @display(description="UTR", ordering="utr")
    def utr_or_online(self, obj: Enrolment) -> str:
        # How the money came, in the UTR's column: the UTR, or Razorpay and its payment.
        order = getattr(obj, "razorpay_order", None)
        if order is not None and order.status == RazorpayOrder.Status.PAID:
            return format_html("Razorpay<br><small>{}</small>", order.payment_id)
        return obj.utr or "-"

    @display(description="paid by")
    def paid_by(self, obj: Enrolment) -> str:
        """How the payment was made: Razorpay (its payment id, method and fee) or UPI (the
        UTR the student sent)."""
        order = getattr(obj, "razorpay_order", None)
        if order is not None and order.status == RazorpayOrder.Status.PAID:
            fee = (
                format_rupees(paise_as_rupees(order.fee_paise))
                if order.fee_paise is not None
                else "not reported yet"
            )
            return format_html(
                "Razorpay: payment {} ({}), order {}, Razorpay fee {}",
                order.payment_id,
                order.method or "method not reported yet",
                order.order_id,
                fee,
            )
        if obj.utr:
            return f"UPI: UTR {obj.utr}"
        if order is not None:
            return f"Not paid yet (Razorpay order {order.order_id} made; UPI UTR not sent)."
        return "Not paid yet."

    @display(description="online payment notes")
    def online_problems(self, obj: Enrolment) -> str:
        """What Razorpay reported that confirmed nothing (an amount or currency that did not
        match) or that was refunded (a second capture), and Razorpay refunds."""
        events = obj.razorpay_events.filter(
            outcome__in=[
                RazorpayEvent.Outcome.MISMATCH,
                RazorpayEvent.Outcome.SECOND_CAPTURE,
                RazorpayEvent.Outcome.REFUSED,
            ]
        ).order_by("received_at", "pk")
        rows = [
            (f"{date_display(e.received_at)}: {e.get_outcome_display()}. {e.note}",) for e in events
        ]
        rows += [
            (
                f"Refund {r.refund_id or '(not made yet)'} of payment {r.payment_id}, "
                f"{format_rupees(paise_as_rupees(r.amount_paise))}: {r.get_reason_display()}, "
                f"{r.get_status_display().lower()}{f' ({r.error})' if r.error else ''}.",
            )
            for r in obj.razorpay_refunds.order_by("created_at", "pk")
        ]
        if not rows:
            return "-"
        return format_html_join("", '<p data-testid="online-payment-note">{}</p>', rows)

    @display(description="who gave the phone")
    def phone_note(self, obj: Enrolment) -> str:
        owner = getattr(obj, "owner_beside", None)
        if owner:
            return (
                "Made by someone who did not confirm this phone number (signed out, or "
                "signed in to another account): anyone could have typed it, and the phone's "
                f"owner has their own enrolment, {owner}. Judge this one's payment by its UTR "
                "on the bank statement."
            )
        if obj.phone_confirmed:
            return "The phone's owner, signed in with the phone confirmed by a code."
        user = obj.user
        if user is not None and user.phone == obj.phone and user.phone_confirmed_at:
            return (
                "Made signed out; it now belongs to the phone owner's account, confirmed by a code."
            )
        return "Made signed out (the phone was not confirmed by a code); no one else claims this phone here."

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
            ("Course" if enrolment.course_id else "Event", enrolment.offering.name),
            ("Amount", format_rupees(enrolment.amount)),
            ("UTR", enrolment.utr),
            ("Paid by", self.paid_by(enrolment)),
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
            f"{enrolment.offering.short_name}, "
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


@admin.register(DiscountCode)
class DiscountCodeAdmin(ModelAdmin):
    """ "Discount codes" (docs/product.md section 22). Uses are counted from the enrolments
    that hold their place with the code, so an expired or rejected one gives its use back."""

    list_display = ("code", "discount", "valid_from", "valid_until", "uses_taken", "uses")
    search_fields = ("code",)
    list_filter = ("valid_until",)
    filter_horizontal = ("courses", "events")
    fields = (
        "code",
        "percentage",
        "amount",
        "courses",
        "events",
        "valid_from",
        "valid_until",
        "uses",
    )

    @display(description="discount")
    def discount(self, obj: DiscountCode) -> str:
        return (
            f"{obj.percentage} %" if obj.percentage is not None else format_rupees(obj.amount or 0)
        )

    @display(description="used")
    def uses_taken(self, obj: DiscountCode) -> int:
        return discount_code_uses(code=obj)


class _ReadOnlyAdmin(ModelAdmin):
    """Written only by enrolments.online: staff read, nobody edits."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(RazorpayEvent)
class RazorpayEventAdmin(_ReadOnlyAdmin):
    """Razorpay's webhook events (and the reconciler's findings), with what came of each:
    an amount or currency that did not match, a second capture refunded."""

    list_display = ("received_at", "event", "outcome", "enrolment", "payment_id", "amount_paise")
    list_filter = ("outcome", "event")
    search_fields = ("event_id", "order_id", "payment_id", "enrolment__reference")
    list_select_related = ("enrolment",)
    readonly_fields = (
        "event_id",
        "event",
        "outcome",
        "note",
        "enrolment",
        "order_id",
        "payment_id",
        "amount_paise",
        "currency",
        "method",
        "fee_paise",
        "attempts",
        "received_at",
        "processed_at",
    )
    fields = readonly_fields


@admin.register(RazorpayOrder)
class RazorpayOrderAdmin(_ReadOnlyAdmin):
    list_display = ("order_id", "enrolment", "status", "payment_id", "method", "created_at")
    list_filter = ("status", "method")
    search_fields = ("order_id", "payment_id", "enrolment__reference", "enrolment__name")
    list_select_related = ("enrolment",)
    readonly_fields = (
        "order_id",
        "enrolment",
        "amount_paise",
        "currency",
        "status",
        "payment_id",
        "method",
        "fee_paise",
        "created_at",
        "paid_at",
        "checked_at",
    )
    fields = readonly_fields
