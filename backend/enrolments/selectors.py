from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db.models import Case, Count, F, OuterRef, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts.models import User
from catalog.models import Batch, Course
from catalog.selectors import site_settings_cached
from core.errors import NotFound
from core.money import format_rupees
from core.upi import UpiPayment
from enrolments.models import DiscountCode, Enrolment, StatementLine
from enrolments.statements import Credit, Statement

NOT_FOUND = "No enrolment with this reference."


def holds_place(*, now: datetime, prefix: str = "") -> Q:
    """An enrolment holds its batch's seat while waiting for payment (until it expires,
    ENROLMENT_PENDING_DAYS), once its payment is submitted, and once confirmed; a rejected
    or expired one frees it (docs/product.md section 20)."""
    stale_before = now - timedelta(days=settings.ENROLMENT_PENDING_DAYS)
    return (
        Q(**{f"{prefix}status__in": (Enrolment.Status.PAID_CLAIMED, Enrolment.Status.CONFIRMED)})
        | Q(
            **{
                f"{prefix}status": Enrolment.Status.PENDING,
                f"{prefix}created_at__gte": stale_before,
            }
        )
        | Q(**{f"{prefix}status": Enrolment.Status.PENDING, f"{prefix}utr__gt": ""})
    )


def discount_code_uses(*, code: DiscountCode, now: datetime | None = None) -> int:
    """The code's uses: the enrolments holding their place with it."""
    return code.enrolments.filter(holds_place(now=now or timezone.now())).count()


def batch_seats_taken(*, batch: Batch, now: datetime | None = None) -> int:
    return batch_seat_holders(batch=batch, now=now).count()


def batch_seat_holders(*, batch: Batch, now: datetime | None = None) -> QuerySet[Enrolment]:
    """The enrolments holding a seat of the batch (waiting for payment, payment
    submitted, confirmed), by name: its students and those about to be."""
    return (
        batch.enrolments.filter(holds_place(now=now or timezone.now()))
        .select_related("user", "course")
        .order_by("name", "pk")
    )


def batches_with_seats_taken(rows: QuerySet[Batch], *, now: datetime) -> QuerySet[Batch]:
    """The batches, each annotated `taken`: its seats held at `now` (one query)."""
    return rows.annotate(
        taken=Count("enrolments", filter=holds_place(now=now, prefix="enrolments__"))
    )


@dataclass(frozen=True)
class BatchPlaces:
    """A batch as a student choosing one sees it."""

    batch: Batch
    taken: int
    today: date

    @property
    def left(self) -> int | None:
        """Seats left; None for a batch without a limit."""
        return None if self.batch.seats is None else max(self.batch.seats - self.taken, 0)

    @property
    def is_full(self) -> bool:
        return self.left == 0

    @property
    def is_closed(self) -> bool:
        return self.today > self.batch.closes_on or self.batch.finished_at is not None

    @property
    def is_open(self) -> bool:
        return not self.is_full and not self.is_closed


def course_batches(
    *, course: Course, today: date, now: datetime | None = None
) -> list[BatchPlaces]:
    """The course's batches that have not ended, earliest first, with their seats taken
    (one query)."""
    rows = batches_with_seats_taken(
        Batch.objects.filter(course=course, ends_on__gte=today, finished_at__isnull=True)
        .select_related("course")
        .order_by("starts_on", "pk"),
        now=now or timezone.now(),
    )
    return [BatchPlaces(batch=row, taken=row.taken, today=today) for row in rows]  # type: ignore[attr-defined]


def batches_taking_students(*, today: date, now: datetime | None = None) -> list[BatchPlaces]:
    """Every batch, of any course, whose enrolment has not closed (full ones included),
    with its seats taken, in one query: the back office's Reports."""
    rows: QuerySet[Batch] = (
        Batch.objects.filter(finished_at__isnull=True)
        .filter(
            Q(enrolment_closes_on__gte=today)
            | Q(enrolment_closes_on__isnull=True, starts_on__gte=today)
        )
        .select_related("course")
        .annotate(
            taken=Count(
                "enrolments",
                filter=holds_place(now=now or timezone.now(), prefix="enrolments__"),
            )
        )
        .order_by("starts_on", "pk")
    )
    return [BatchPlaces(batch=row, taken=row.taken, today=today) for row in rows]  # type: ignore[attr-defined]


def course_has_batches(*, course: Course) -> bool:
    return Batch.objects.filter(course=course).exists()


def reference_normalise(value: str) -> str:
    return (value or "").strip().upper()


def enrolment_payment_instructions(*, enrolment: Enrolment) -> UpiPayment:
    """How to pay this enrolment: the UPI payment (reference in tr and tn)."""
    site = site_settings_cached()
    course_name = enrolment.offering.short_name
    word = "registration" if enrolment.event_id else "enrolment"
    suffix = f" {word} {enrolment.reference}"
    note = course_name[: 50 - len(suffix)].rstrip() + suffix
    return UpiPayment(
        payee_id=site.upi_payee_id,
        payee_name=site.upi_payee_name,
        amount=enrolment.amount,
        note=note,
        reference=enrolment.reference,
    )


def enrolment_get_visible(
    *, reference: str, user: User | None, session_references: Iterable[str]
) -> Enrolment:
    """The enrolment, if this visitor may see it: it was created (or claimed) in this
    browser session, or it is linked to the logged-in account. Anyone else gets the same
    404 as for a reference that does not exist, so references cannot be probed."""
    ref = reference_normalise(reference)
    enrolment = Enrolment.objects.select_related("course").filter(reference=ref).first()
    if enrolment is None:
        raise NotFound(NOT_FOUND)
    mine = user is not None and user.is_authenticated and enrolment.user_id == user.pk
    if not mine and ref not in set(session_references):
        raise NotFound(NOT_FOUND)
    return enrolment


def enrolment_get_by_token(*, token: str) -> Enrolment:
    """The enrolment whose private payment link (/e/<token>) this is: holding the link is
    what lets a student with no account, in any browser, pay and send the UTR. An unknown
    token gets the same 404 as an unknown reference."""
    value = (token or "").strip()
    enrolment = (
        Enrolment.objects.select_related("course").filter(token=value).first() if value else None
    )
    if enrolment is None:
        raise NotFound(NOT_FOUND)
    return enrolment


def enrolment_list_mine(*, user: User) -> list[Enrolment]:
    """Enrolments linked to the account, newest first: made while logged in, or made
    logged out with the phone the account confirmed by a code at sign-up (linked then,
    enrolments.services.enrolments_link_to_account). Others with the same phone are not
    included: an unconfirmed phone number is no proof of identity."""
    return list(
        Enrolment.objects.filter(user=user)
        .select_related("course")
        .prefetch_related("invoices__credit_note")
    )


def enrolment_list_for_session(*, session_references: Iterable[str]) -> list[Enrolment]:
    """The enrolments made (or claimed) in this browser session, newest first: what a
    visitor who is not logged in may see again, e.g. coming back from the UPI app."""
    references = list(session_references)
    if not references:
        return []
    return list(
        Enrolment.objects.filter(reference__in=references)
        .select_related("course")
        .order_by("-created_at")
    )


def razorpay_configured() -> bool:
    """PAYMENT_GATEWAY=razorpay with its keys (docs/product.md section 22)."""
    return (
        settings.PAYMENT_GATEWAY == "razorpay"
        and bool(settings.RAZORPAY_KEY_ID)
        and bool(settings.RAZORPAY_KEY_SECRET)
    )


def online_payment_offered(*, enrolment: Enrolment) -> bool:
    """ "Pay ₹N online" is on this enrolment's payment step: Razorpay is configured and
    the enrolment waits for a payment (nothing sent yet)."""
    return (
        razorpay_configured()
        and enrolment.status == Enrolment.Status.PENDING
        and enrolment.amount >= 1
    )


def enrolment_payment_due(*, enrolment: Enrolment) -> UpiPayment | None:
    """How to pay, only while nothing has been paid: once a UTR is in, the page says the
    payment is being checked and offers no second payment."""
    if enrolment.status != Enrolment.Status.PENDING:
        return None
    return enrolment_payment_instructions(enrolment=enrolment)


@dataclass(frozen=True)
class ReconciledLine:
    credit: Credit
    utr: str
    enrolment: Enrolment | None
    note: str = ""
    # What staff do next, in plain words (an amount mismatch: neither confirmed nor
    # rejected by "Confirm matched", decided on the enrolment's own page).
    next_step: str = ""


def mismatch_next_step(*, received: Decimal, due: int) -> str:
    """What to do about a credit whose UTR is an enrolment's but whose amount is not."""
    if received < due:
        return (
            f"{format_rupees(due - received)} less than the fee arrived. Ask the student to "
            "send the rest, then confirm the payment on the enrolment's page once the bank "
            "shows it all; or reject it there with the reason, and the student is emailed. "
            "Confirm it now only if the office agreed the lower amount."
        )
    return (
        f"{format_rupees(received - due)} more than the fee arrived. If this is the "
        "student's payment, confirm it on the enrolment's page and pay the extra back "
        "from the bank account."
    )


@dataclass
class Reconciliation:
    """A statement's credits sorted for staff (docs/product.md §16's dry run)."""

    layout: str
    matched: list[ReconciledLine] = field(default_factory=list)
    amount_mismatch: list[ReconciledLine] = field(default_factory=list)
    no_enrolment: list[ReconciledLine] = field(default_factory=list)
    already_used: list[ReconciledLine] = field(default_factory=list)
    waiting: list[Enrolment] = field(default_factory=list)
    debits: int = 0
    # Razorpay's settlements (section 22): payments it confirmed already, left alone here.
    razorpay_settlements: int = 0


def _is_razorpay_settlement(credit: Credit) -> bool:
    """Razorpay pays its settlements in from "RAZORPAY SOFTWARE PVT LTD" (the payments in
    them were confirmed online, each by itself): never an enrolment's UPI transfer."""
    return "RAZORPAY" in f"{credit.narration} {credit.reference}".upper()


def statement_reconcile(*, statement: Statement) -> Reconciliation:
    """Match each credit with the enrolment whose UTR its narration or reference holds.

    Matched: the enrolment waits for a decision and the amounts are equal. A credit whose
    UTR a stored statement line already used, or whose enrolment is confirmed already, or
    that appears a second time in this file, is "already used", never matched again.
    """
    result = Reconciliation(layout=statement.layout, debits=statement.debits)
    utrs = {utr for credit in statement.credits for utr in credit.utrs}
    enrolments = {
        e.utr: e
        for e in Enrolment.objects.filter(utr__in=utrs)
        .exclude(status=Enrolment.Status.REJECTED)
        .select_related("course")
    }
    used = set(StatementLine.objects.filter(utr__in=utrs).values_list("utr", flat=True))
    seen: set[str] = set()
    for credit in statement.credits:
        if _is_razorpay_settlement(credit):
            result.razorpay_settlements += 1
            continue
        known = [u for u in credit.utrs if u in used or u in enrolments]
        utr = known[0] if known else (credit.utrs[0] if credit.utrs else "")
        enrolment = enrolments.get(utr)
        if utr and (utr in used or utr in seen):
            note = (
                "A statement line with this UTR was used before."
                if utr in used
                else ("This UTR appears twice in the file.")
            )
            result.already_used.append(ReconciledLine(credit, utr, enrolment, note))
        elif enrolment is None:
            result.no_enrolment.append(ReconciledLine(credit, utr, None))
        elif enrolment.status == Enrolment.Status.CONFIRMED:
            result.already_used.append(
                ReconciledLine(credit, utr, enrolment, "The payment is confirmed already.")
            )
        elif enrolment.status not in Enrolment.OPEN_STATUSES:
            result.no_enrolment.append(
                ReconciledLine(credit, utr, enrolment, enrolment.get_status_display())
            )
        elif credit.amount != enrolment.amount:
            result.amount_mismatch.append(
                ReconciledLine(
                    credit,
                    utr,
                    enrolment,
                    f"The enrolment's amount is {format_rupees(enrolment.amount)}.",
                    mismatch_next_step(received=credit.amount, due=enrolment.amount),
                )
            )
        else:
            result.matched.append(ReconciledLine(credit, utr, enrolment))
        if utr:
            seen.add(utr)
    result.waiting = list(
        Enrolment.objects.filter(status=Enrolment.Status.PAID_CLAIMED)
        .exclude(utr__in=seen)
        .select_related("course")
        .order_by("utr_submitted_at", "pk")
    )
    return result


def phone_owned(prefix: str = "") -> Q:
    """Made by the phone's owner: confirmed by a code when enrolling, or by now the
    enrolment of the account that holds this phone, confirmed."""
    return Q(**{f"{prefix}phone_confirmed": True}) | Q(
        **{
            f"{prefix}user__phone": F(f"{prefix}phone"),
            f"{prefix}user__phone_confirmed_at__isnull": False,
        }
    )


def with_owner_beside(rows: QuerySet[Enrolment]) -> QuerySet[Enrolment]:
    """Annotate `owner_beside`: the reference of the phone owner's own enrolment for the
    same course, event or tournament, when this one is an open claim anyone could have
    typed (docs/product.md §4); None otherwise (nothing to judge)."""
    owners = (
        Enrolment.objects.filter(phone_owned(), phone=OuterRef("phone"))
        .annotate(tournament_or_0=Coalesce("tournament_id", 0))
        .filter(
            Q(course_id=OuterRef("course_id"))
            | Q(
                event_id=OuterRef("event_id"),
                tournament_or_0=Coalesce(OuterRef("tournament_id"), 0),
            )
        )
        .exclude(pk=OuterRef("pk"))
        .order_by("created_at")
        .values("reference")[:1]
    )
    unowned_open = Q(status__in=Enrolment.OPEN_STATUSES) & ~phone_owned()
    return rows.annotate(
        owner_beside=Case(When(unowned_open, then=Subquery(owners)), default=Value(None))
    )
