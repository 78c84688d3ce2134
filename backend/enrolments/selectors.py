from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.conf import settings

from accounts.models import User
from catalog.selectors import site_settings_cached
from core.errors import NotFound
from core.money import format_rupees
from core.upi import UpiPayment
from enrolments.models import Enrolment, StatementLine
from enrolments.statements import Credit, Statement

NOT_FOUND = "No enrolment with this reference."


def reference_normalise(value: str) -> str:
    return (value or "").strip().upper()


def enrolment_payment_instructions(*, enrolment: Enrolment) -> UpiPayment:
    """How to pay this enrolment: the UPI payment (reference in tr and tn)."""
    site = site_settings_cached()
    course_name = enrolment.course.short_name or enrolment.course.name
    suffix = f" enrolment {enrolment.reference}"
    note = course_name[: 50 - len(suffix)].rstrip() + suffix
    return UpiPayment(
        payee_id=site.upi_payee_id,
        payee_name=site.upi_payee_name,
        amount=enrolment.amount,
        note=note,
        reference=enrolment.reference,
    )


def bootcamp_payment_instructions() -> UpiPayment:
    """The /payment page's fixed payment (docs/product.md §7): no enrolment, no tr."""
    site = site_settings_cached()
    return UpiPayment(
        payee_id=site.upi_payee_id,
        payee_name=site.upi_payee_name,
        amount=settings.BOOTCAMP_PAYMENT_AMOUNT,
        note=settings.BOOTCAMP_PAYMENT_NOTE,
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
