"""An enrolment's writes (docs/product.md sections 4 and 11): enrolling, the payment's UTR
and its correction, staff's decisions on the payment (confirm, reject, unconfirm, the bank
statement's matches), and linking or erasing a phone's enrolments.

Longer than the house's ~600 lines on purpose: it is one payment's life, whose steps share
the row locks, the reference checks and the messages below, and whose functions the other
apps and their tests call by these names (enrolments.services.enrolment_confirm_payment…);
splitting it would only move imports about.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import User
from accounts.otp import phone_masked
from accounts.phones import InvalidPhone, phone_normalise
from catalog.models import Batch, Course, Event, Tournament
from catalog.selectors import site_settings_cached
from core.dates import india_today
from core.email import email_queue
from core.errors import ApplicationError, FieldErrors, RateLimited
from core.gst import gst_buyer_validate
from core.mailbox import email_mailbox
from core.messages import render_message
from core.money import format_rupees
from core.ratelimit import rate_limit_hit
from enrolments.models import DiscountCode, Enrolment, StatementLine, UtrChange
from enrolments.schemas import PaymentPartsOut
from enrolments.selectors import (
    batch_seats_taken,
    course_has_batches,
    discount_code_uses,
    enrolment_payment_instructions,
    holds_place,
    statement_reconcile,
)
from enrolments.statements import Statement
from invoices.models import CreditNote
from invoices.selectors import document_file_name, document_pdf, invoice_check_url
from invoices.services import credit_note_issue_for_enrolment, invoice_issue_for_enrolment
from notifications.messages import (
    payment_confirmed,
    payment_details,
    registration_confirmed,
    registration_paid,
)
from notifications.services import Email, notify
from referrals.services import referral_credit_for_enrolment, referral_reverse_for_enrolment

logger = logging.getLogger(__name__)

REFERENCE_PREFIX = "ENR-"
# No 0/O, 1/I/L: references are read aloud and typed from screenshots.
REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
REFERENCE_LENGTH = 6

NAME_MAX = 120
EMAIL_MAX = 254
REASON_MAX = 500

# What an empty required field is told; the site's forms say the same before sending
# (frontend/src/lib/field-messages.json, held equal by config/tests).
NAME_REQUIRED = "Enter your name."
EMAIL_REQUIRED = "Enter your email address."
BAD_EMAIL = "Enter a valid email address."
COURSE_UNKNOWN = "This course does not exist."
COURSE_CLOSED = "Enrolment for this course is closed."
# Batches (docs/product.md section 20).
BATCH_FULL = "This batch is full."
BATCH_CLOSED = "Enrolment for this batch has closed."
BATCH_UNKNOWN = "Choose one of this course's batches."
CODE_UNKNOWN = "This referral code does not exist. Check it or leave the field empty."
CODE_OWN = "You cannot use your own referral code."
ALREADY_OPEN = (
    "You already have an enrolment for this course waiting for payment. "
    "Use its payment details below."
)
HELD_BY_OTHER = (
    "This phone number already has an enrolment for this course waiting for payment. "
    "Open it in the browser or the account it was made with, or log in with this phone "
    "number. Unpaid enrolments are released after a few days."
)
# A UTR was sent: the enrolment waits for staff, however long that takes (never "released").
HELD_BY_OTHER_PAID = (
    "This phone number already has an enrolment for this course and we are checking its "
    "payment. Open it in the browser or the account it was made with. If this is your "
    "phone number, log in with it to enrol."
)
# Signed in to the phone's account, but no code ever confirmed the phone (an account made
# before codes were asked, or by staff): a code sent to it is what proves it.
HELD_CONFIRM_PHONE = (
    "This phone number already has an enrolment for this course made by someone else. "
    'Confirm that this phone number is yours: log out, choose "Forgot password" on the '
    "login page and set a new password with the code we send to it. Then log in and enrol "
    "again."
)
UTR_ALREADY = (
    "We already have a UTR for this enrolment and are checking the payment. If it is "
    "wrong, write to us and our team will correct it."
)
UTR_FORMAT = "Enter the 12-digit UPI transaction reference (UTR) shown in your UPI app."
UTR_TAKEN = "This UTR has already been submitted for another enrolment."
UTR_CONFIRMED = "This enrolment's payment is already confirmed."
UTR_REJECTED = "This enrolment was rejected. Please enrol again."
UTR_RE = re.compile(r"^[0-9]{12}$")


def reference_new(*, prefix: str = REFERENCE_PREFIX) -> str:
    return prefix + "".join(secrets.choice(REFERENCE_ALPHABET) for _ in range(REFERENCE_LENGTH))


def referral_code_normalise(value: str) -> str:
    return "".join((value or "").split()).upper()


def utr_normalise(value: str) -> str:
    return "".join((value or "").split())


class EnrolmentAlreadyOpen(ApplicationError):
    """The phone already has an open enrolment in the course: 409.

    Only the session that made it or the account it is linked to (`owned`) is told its
    reference and payment details; anyone else who types that phone learns nothing about it.
    """

    def __init__(self, enrolment: Enrolment, *, owned: bool, message: str = "") -> None:
        message = ALREADY_OPEN if owned else (message or HELD_BY_OTHER)
        extra: dict[str, Any] = {"fields": {"phone": message}, "can_view": owned}
        if owned:
            extra["reference"] = enrolment.reference
            payment = enrolment_payment_instructions(enrolment=enrolment)
            extra["payment"] = PaymentPartsOut.model_validate(payment).model_dump()
        super().__init__(message, status_code=409, extra=extra)
        self.enrolment = enrolment
        self.owned = owned


def contact_problems(*, name: str, phone: str, email: str) -> tuple[dict[str, str], str]:
    """The field errors of a name, phone and email (already trimmed) as every form of the
    site takes them, and the phone in E.164 ('' when refused)."""
    errors: dict[str, str] = {}
    if not name:
        errors["name"] = NAME_REQUIRED
    elif len(name) > NAME_MAX:
        errors["name"] = f"Ensure this value has at most {NAME_MAX} characters."
    normalised = ""
    try:
        normalised = phone_normalise(phone)
    except InvalidPhone as exc:
        errors["phone"] = str(exc)
    if not email:
        errors["email"] = EMAIL_REQUIRED
    elif len(email) > EMAIL_MAX:
        errors["email"] = BAD_EMAIL
    else:
        try:
            validate_email(email)
        except ValidationError:
            errors["email"] = BAD_EMAIL
    return errors, normalised


@transaction.atomic
def enrolment_create(
    *,
    course_slug: str,
    name: str,
    phone: str,
    email: str,
    referral_code: str,
    user: User | None,
    session_references: Iterable[str] = (),
    state: str = "",
    gstin: str = "",
    business_name: str = "",
    batch_id: int | None = None,
    coupon: str = "",
) -> Enrolment:
    """Enrol someone in a course at its current payable fee (less a discount code's
    discount), awaiting UPI payment.

    A course with batches takes the enrolment into one that is open (its enrolment not
    closed, a seat free): `batch_id`, else the earliest open batch with a seat. The seat is
    counted under a lock on the batch's row, so two people taking its last seat at once
    cannot both have it (409 BATCH_FULL; the page then offers the waitlist). A course
    without any batch enrols as before.

    Refused: an unknown or inactive course; a referral code that no active account holds;
    the enroller's own code (the logged-in account's, or one whose account has the same
    phone or email as the form); a second open enrolment of the phone in the course
    (EnrolmentAlreadyOpen: its reference only for the session or account that made it).
    Field errors are gathered and reported together.

    An open enrolment does not hold the phone's place for ever: one still pending without
    a UTR after ENROLMENT_PENDING_DAYS, or an anonymous one when the phone's own account
    enrols, is marked expired and the new one takes its place.
    """
    name = " ".join((name or "").split())
    email = (email or "").strip().lower()
    code = referral_code_normalise(referral_code)
    if user is not None and not user.is_authenticated:
        user = None

    course = Course.objects.filter(slug=(course_slug or "").strip()).first()
    if course is None:
        raise FieldErrors({"course": COURSE_UNKNOWN})
    if not course.is_active:
        raise ApplicationError(
            COURSE_CLOSED, status_code=409, extra={"fields": {"course": COURSE_CLOSED}}
        )

    errors, normalised_phone = contact_problems(name=name, phone=phone, email=email)
    buyer_errors, buyer = gst_buyer_validate(state=state, gstin=gstin, business_name=business_name)
    errors.update(buyer_errors)

    referrer: User | None = None
    if code:
        referrer = User.objects.filter(referral_code=code, is_active=True).first()
        if referrer is None:
            errors["referral_code"] = CODE_UNKNOWN
        elif (
            (user is not None and referrer.pk == user.pk)
            or (normalised_phone and referrer.phone == normalised_phone)
            or (
                "email" not in errors
                and referrer.email
                and email_mailbox(referrer.email) == email_mailbox(email)
            )
        ):
            errors["referral_code"] = CODE_OWN
    discount: DiscountCode | None = None
    try:
        discount = _discount(coupon=coupon, phone=normalised_phone, course=course)
    except FieldErrors as refused:
        errors.update(refused.extra["fields"])
    if errors:
        raise FieldErrors(errors)
    batch = _batch_chosen(course=course, batch_id=batch_id)

    references = frozenset(session_references)
    phone_confirmed = _confirms_phone(user, phone=normalised_phone)
    blocking = _blocking_enrolment(
        phone=normalised_phone,
        course=course,
        user=user,
        phone_confirmed=phone_confirmed,
        session_references=references,
    )
    if blocking is not None:
        raise _already_open(blocking, user=user, session_references=references)

    for _attempt in range(10):
        enrolment = Enrolment(
            reference=reference_new(),
            course=course,
            batch=batch,
            user=user,
            name=name,
            phone=normalised_phone,
            email=email,
            phone_confirmed=phone_confirmed,
            referral_code_used=code if referrer else "",
            referrer=referrer,
            amount=discount.price_after(course.payable_fee) if discount else course.payable_fee,
            discount_code=discount,
            state=buyer.state,
            gstin=buyer.gstin,
            business_name=buyer.business_name,
        )
        try:
            with transaction.atomic():
                enrolment.save()
        except IntegrityError:
            # Either a reference collision (retry) or the same phone enrolling in the
            # same course at the same moment from two tabs (the constraint wins).
            existing = _open_enrolments(phone=normalised_phone, course=course).filter(
                phone_confirmed=phone_confirmed
            )
            if existing:
                raise _already_open(existing[0], user=user, session_references=references) from None
            continue
        enrolment_send_payment_details(enrolment=enrolment)
        return enrolment
    raise IntegrityError("Could not allocate an enrolment reference; please try again.")


# Discount codes (docs/product.md section 22): the refusals at the "Discount code" field.
CODE_DOES_NOT_EXIST = "This code does not exist."
CODE_EXPIRED = "This code has expired."
CODE_USED_UP = "This code has been used up."
CODE_NOT_FOR_THIS = "This code is not valid for this course."
CODE_USED_BY_PHONE = "You have already used this code."
COUPON_MAX = 30


def _discount(
    *, coupon: str, phone: str, course: Course | None = None, event: Event | None = None
) -> DiscountCode | None:
    """The discount code for this enrolment, locked until the transaction ends so that
    two people taking its last use at once cannot both have it; FieldErrors with the
    section's words otherwise. An empty coupon is no code."""
    text = (coupon or "").strip().upper()
    if not text:
        return None
    code = (
        DiscountCode.objects.select_for_update().filter(code=text).first()
        if len(text) <= COUPON_MAX
        else None
    )
    if code is None:
        raise FieldErrors({"coupon": CODE_DOES_NOT_EXIST})
    today = india_today()
    if not code.valid_from <= today <= code.valid_until:
        raise FieldErrors({"coupon": CODE_EXPIRED})
    if course is not None:
        limited = code.courses.exists()
        allowed = code.courses.filter(pk=course.pk).exists()
        if (limited and not allowed) or (not limited and code.events.exists()):
            raise FieldErrors({"coupon": CODE_NOT_FOR_THIS})
    if event is not None:
        limited = code.events.exists()
        allowed = code.events.filter(pk=event.pk).exists()
        if (limited and not allowed) or (not limited and code.courses.exists()):
            raise FieldErrors({"coupon": CODE_NOT_FOR_THIS.replace("course", "event")})
    uses = code.enrolments.filter(holds_place(now=timezone.now()))
    if code.uses is not None and discount_code_uses(code=code) >= code.uses:
        raise FieldErrors({"coupon": CODE_USED_UP})
    if phone and uses.filter(phone=phone).exists():
        raise FieldErrors({"coupon": CODE_USED_BY_PHONE})
    return code


REFERENCE_PREFIX_EVENT = "REG-"
ALREADY_REGISTERED = (
    "This phone number is already registered for this event. Open the registration from "
    "the link we sent, or use another captain's phone number."
)


def _capacity_left(*, event: Event, tournament: Tournament | None, now: datetime) -> int | None:
    capacity = tournament.capacity if tournament is not None else event.capacity
    if capacity is None:
        return None
    held = Enrolment.objects.filter(holds_place(now=now))
    held = (
        held.filter(tournament=tournament)
        if tournament
        else held.filter(event=event, tournament=None)
    )
    return capacity - held.count()


def registration_order_create(
    *,
    event_id: int,
    tournament_id: int | None,
    name: str,
    phone: str,
    email: str,
    amount: int,
    user: User | None,
    other_errors: dict[str, str] | None = None,
    coupon: str = "",
) -> Enrolment:
    """An event's (or tournament's) registration on the payment road: a reference of its
    own (REG-…) and, for a fee, the payment details as a course's; a free registration is
    confirmed at once. The caller (events.services) holds the transaction and adds the
    team. Under the event's row lock: "Registration is closed." after the closing time,
    "This event is full." at capacity (409 each), one phone once per event or tournament.
    `other_errors`: the caller's field errors (the team's), reported with the contact's.
    """
    event = Event.objects.select_for_update().get(pk=event_id)
    tournament = (
        Tournament.objects.select_for_update().get(pk=tournament_id, event=event)
        if tournament_id is not None
        else None
    )
    now = timezone.now()
    closes = event.registration_closes_at
    if not event.registration_open or (closes is not None and now >= closes):
        raise ApplicationError(Event.CLOSED, status_code=409)
    errors, normalised_phone = contact_problems(name=name, phone=phone, email=email)
    errors.update(other_errors or {})
    discount: DiscountCode | None = None
    try:
        discount = _discount(coupon=coupon, phone=normalised_phone, event=event)
    except FieldErrors as refused:
        errors.update(refused.extra["fields"])
    if errors:
        raise FieldErrors(errors)
    if discount is not None:
        amount = discount.price_after(amount)
    left = _capacity_left(event=event, tournament=tournament, now=now)
    if left is not None and left <= 0:
        raise ApplicationError(Event.FULL, status_code=409)
    if user is not None and not user.is_authenticated:
        user = None
    for _attempt in range(10):
        enrolment = Enrolment(
            reference=reference_new(prefix=REFERENCE_PREFIX_EVENT),
            event=event,
            tournament=tournament,
            user=user,
            name=" ".join(name.split()),
            phone=normalised_phone,
            email=email.strip().lower(),
            phone_confirmed=_confirms_phone(user, phone=normalised_phone),
            amount=amount,
            discount_code=discount,
        )
        try:
            with transaction.atomic():
                enrolment.save()
        except IntegrityError:
            held = Enrolment.objects.filter(
                phone=normalised_phone,
                status__in=(*Enrolment.OPEN_STATUSES, Enrolment.Status.CONFIRMED),
            )
            held = (
                held.filter(tournament=tournament)
                if tournament
                else held.filter(event=event, tournament=None)
            )
            if held.exists():
                raise ApplicationError(
                    ALREADY_REGISTERED,
                    status_code=409,
                    extra={"fields": {"phone": ALREADY_REGISTERED}},
                ) from None
            continue
        if amount == 0:
            enrolment.status = Enrolment.Status.CONFIRMED
            enrolment.confirmed_at = now
            enrolment.save(update_fields=["status", "confirmed_at"])
        else:
            enrolment_send_payment_details(enrolment=enrolment)
        return enrolment
    raise IntegrityError("Could not allocate a registration reference; please try again.")


def _batch_full() -> ApplicationError:
    return ApplicationError(
        BATCH_FULL, status_code=409, extra={"fields": {"batch": BATCH_FULL}, "waitlist": True}
    )


def _batch_chosen(*, course: Course, batch_id: int | None) -> Batch | None:
    """The batch this enrolment takes a seat in (locked until the transaction ends), or
    None for a course without batches. Refusals: not this course's batch (422), its
    enrolment closed (409), no seat left (409, with the waitlist offered)."""
    if not course_has_batches(course=course):
        if batch_id is not None:
            raise FieldErrors({"batch": BATCH_UNKNOWN})
        return None
    today = india_today()
    batches = Batch.objects.select_for_update().filter(course=course).order_by("starts_on", "pk")
    if batch_id is not None:
        chosen = batches.filter(pk=batch_id).first()
        if chosen is None:
            raise FieldErrors({"batch": BATCH_UNKNOWN})
        candidates = [chosen]
    else:
        candidates = list(batches.filter(ends_on__gte=today, finished_at__isnull=True))
    now = timezone.now()
    closed = True
    for batch in candidates:
        if today > batch.closes_on or batch.finished_at is not None:
            continue
        closed = False
        if batch.seats is None or batch_seats_taken(batch=batch, now=now) < batch.seats:
            return batch
    if closed and batch_id is not None:
        raise ApplicationError(
            BATCH_CLOSED,
            status_code=409,
            extra={"fields": {"batch": BATCH_CLOSED}, "waitlist": True},
        )
    raise _batch_full()


BATCH_SAME = "The student is already in this batch."
BATCH_FINISHED = "This batch is finished: its certificates were issued."
BATCH_NO_SEAT = (
    "Only an enrolment waiting for payment, with its payment submitted, or confirmed "
    "takes a seat in a batch."
)
BATCH_LEFT_FINISHED = "The student's batch is finished: its certificates were issued."


@transaction.atomic
def enrolment_place_in_batch(*, enrolment_id: int, batch_id: int, by: User | None) -> Enrolment:
    """Staff put a student into one of the course's batches: one who enrolled when the
    course had none, or who moves to another batch. The seat is counted under the
    batch's row lock as at enrolment, so staff never oversell it either (409 BATCH_FULL);
    staff may place someone after the batch's enrolment has closed. Refused: another
    course's batch or the same one (422), a finished batch, or leaving one (409), an
    enrolment that holds no seat (rejected, expired)."""
    enrolment = Enrolment.objects.select_related("batch").get(pk=enrolment_id)
    batch = (
        Batch.objects.select_for_update().filter(pk=batch_id, course=enrolment.course).first()
        if enrolment.course is not None  # an event's registration has no batch
        else None
    )
    if batch is None:
        raise FieldErrors({"batch": BATCH_UNKNOWN})
    enrolment = Enrolment.objects.select_for_update().select_related("batch").get(pk=enrolment_id)
    if enrolment.status not in (*Enrolment.OPEN_STATUSES, Enrolment.Status.CONFIRMED):
        raise ApplicationError(BATCH_NO_SEAT, status_code=409)
    if enrolment.batch_id == batch.pk:
        raise FieldErrors({"batch": BATCH_SAME})
    if enrolment.batch is not None and enrolment.batch.finished_at is not None:
        raise ApplicationError(BATCH_LEFT_FINISHED, status_code=409)
    if batch.finished_at is not None:
        raise ApplicationError(
            BATCH_FINISHED, status_code=409, extra={"fields": {"batch": BATCH_FINISHED}}
        )
    if batch.seats is not None and batch_seats_taken(batch=batch) >= batch.seats:
        raise _batch_full()
    enrolment.batch = batch
    enrolment.save(update_fields=["batch"])
    logger.info(
        "Enrolment %s placed in batch %s by %s", enrolment.reference, batch.pk, by and by.pk
    )
    return enrolment


def enrolment_send_payment_details(*, enrolment: Enrolment) -> None:
    """The reference, the amount and the private link (/e/<token>) that reopens the payment
    step in any browser: by email when there is an address, by SMS to the enrolment's phone
    always (WhatsApp instead, for an account that chose it), so a student who enrolled
    in one browser can pay and send the UTR from another."""
    site = site_settings_cached()
    link = enrolment.private_url
    amount = format_rupees(enrolment.amount)
    notice = payment_details(
        name=enrolment.name,
        course=enrolment.offering.name,
        amount=amount,
        reference=enrolment.reference,
        link=link,
    )
    email: Email | None = None
    to = enrolment.email_to
    if to:
        subject, body = render_message(
            "enrolments/messages/payment_details",
            {
                "name": enrolment.name,
                "course": enrolment.offering.name,
                "reference": enrolment.reference,
                "amount": amount,
                "link": link,
                "referral_code": enrolment.referral_code_used,
                "brand": site.brand_name,
            },
        )
        email = Email(to=to, subject=subject, body=body, topic=notice.topic, reply_to=site.email)
    # By email, the SMS goes beside it (the message's folder says so: notify).
    notify(user=enrolment.user, notice=notice, email=email, phone=enrolment.phone)


PAYMENT_LINK_SCOPE = "enrolment-payment-link"
PAYMENT_LINK_PER_PHONE = "5/d"
PAYMENT_LINK_PER_IP_MESSAGE = "You have asked for several payment links in a short time."


def payment_link_sent_message(phone: str) -> str:
    return f"We have sent your payment link to {phone_masked(phone)}."


@transaction.atomic
def enrolment_resend_payment_link(*, course_slug: str, phone: str, client: str) -> str:
    """ "Send me my payment link" on the refusal of a second enrolment: the private link of
    the phone's open enrolment in the course goes to that enrolment's own phone by SMS
    (and its email), never to anyone else. The answer is the same sentence whether or not
    such an enrolment exists, so nobody learns who enrolled; at most PAYMENT_LINK_PER_PHONE
    links go to one phone (beyond it nothing more is sent, with the same answer) and
    RATE_LIMIT_SMS_PER_IP requests come from one client address (RateLimited)."""
    try:
        normalised = phone_normalise(phone)
    except InvalidPhone as exc:
        raise FieldErrors({"phone": str(exc)}) from None
    rate_limit_hit(
        scope=f"{PAYMENT_LINK_SCOPE}-ip",
        ident=client,
        rate=settings.RATE_LIMIT_SMS_PER_IP,
        message=PAYMENT_LINK_PER_IP_MESSAGE,
    )
    answer = payment_link_sent_message(normalised)
    course = Course.objects.filter(slug=(course_slug or "").strip()).first()
    if course is None:
        return answer
    try:
        rate_limit_hit(
            scope=f"{PAYMENT_LINK_SCOPE}-phone",
            ident=normalised,
            rate=PAYMENT_LINK_PER_PHONE,
            message=PAYMENT_LINK_PER_IP_MESSAGE,
        )
    except RateLimited:
        return answer
    enrolment = (
        Enrolment.objects.select_related("course", "user")
        .filter(phone=normalised, course=course, status__in=Enrolment.OPEN_STATUSES)
        .order_by("created_at", "pk")
        .first()
    )
    if enrolment is not None:
        enrolment_send_payment_details(enrolment=enrolment)
    return answer


def _confirms_phone(user: User | None, *, phone: str) -> bool:
    """The enroller is signed in to the account holding the phone, which a code confirmed:
    the one person who has shown that the phone is theirs."""
    return user is not None and user.phone == phone and user.phone_confirmed_at is not None


def _open_enrolments(*, phone: str, course: Course) -> QuerySet[Enrolment]:
    return (
        Enrolment.objects.select_for_update(of=("self",))
        .select_related("course")
        .filter(phone=phone, course=course, status__in=Enrolment.OPEN_STATUSES)
        .order_by("created_at", "pk")
    )


def _blocking_enrolment(
    *,
    phone: str,
    course: Course,
    user: User | None,
    phone_confirmed: bool,
    session_references: frozenset[str],
) -> Enrolment | None:
    """The open enrolment of the phone in the course that refuses a new one, if any, after
    releasing those that no longer hold the phone's place (_releasable).

    For the phone's confirmed owner only an enrolment made with the phone confirmed (their
    own) or one made in this very browser refuses it: anything else was made by someone who
    did not confirm the phone and, once its UTR is sent, waits for staff beside the owner's.
    """
    blocking: Enrolment | None = None
    for existing in _open_enrolments(phone=phone, course=course):
        if _releasable(existing, phone=phone, user=user, phone_confirmed=phone_confirmed):
            existing.status = Enrolment.Status.EXPIRED
            existing.save(update_fields=["status"])
            continue
        if (
            phone_confirmed
            and not existing.phone_confirmed
            and existing.reference not in session_references
        ):
            continue
        if blocking is None or _owned(existing, user=user, session_references=session_references):
            blocking = existing
    return blocking


def _releasable(
    existing: Enrolment, *, phone: str, user: User | None, phone_confirmed: bool
) -> bool:
    """A pending enrolment without a UTR that no longer holds its place: it is older than
    ENROLMENT_PENDING_DAYS, or the phone's account enrols now and it was made logged out
    (or, when that account's phone is confirmed, by anyone who had not confirmed it)."""
    if existing.status != Enrolment.Status.PENDING or existing.utr:
        return False
    stale_before = timezone.now() - timedelta(days=settings.ENROLMENT_PENDING_DAYS)
    if existing.created_at < stale_before:
        return True
    if user is None or user.phone != phone:
        return False
    return existing.user_id is None or (phone_confirmed and not existing.phone_confirmed)


def _owned(existing: Enrolment, *, user: User | None, session_references: frozenset[str]) -> bool:
    # Knowing someone's phone and email proves nothing: only the browser session that made
    # the enrolment, or the account it is linked to, may see it or send its UTR.
    return existing.reference in session_references or (
        user is not None and existing.user_id == user.pk
    )


def _already_open(
    existing: Enrolment, *, user: User | None, session_references: frozenset[str]
) -> EnrolmentAlreadyOpen:
    """The refusal, in words that are true for the one refused: an unpaid enrolment is
    released after ENROLMENT_PENDING_DAYS; one with a UTR waits for staff, and the phone's
    owner gets past it by logging in (with the phone confirmed by a code)."""
    owned = _owned(existing, user=user, session_references=session_references)
    if user is not None and user.phone == existing.phone and user.phone_confirmed_at is None:
        message = HELD_CONFIRM_PHONE
    elif existing.status == Enrolment.Status.PAID_CLAIMED:
        message = HELD_BY_OTHER_PAID
    else:
        message = HELD_BY_OTHER
    return EnrolmentAlreadyOpen(existing, owned=owned, message=message)


@transaction.atomic
def enrolment_submit_utr(*, enrolment: Enrolment, utr: str) -> Enrolment:
    """Record the student's UTR: pending → paid_claimed. Once sent it is changed only by
    staff (enrolment_correct_utr), so nobody who reaches the enrolment later can swap it."""
    value = utr_normalise(utr)
    if not UTR_RE.fullmatch(value):
        raise FieldErrors({"utr": UTR_FORMAT})
    locked = Enrolment.objects.select_for_update().get(pk=enrolment.pk)
    if locked.status == Enrolment.Status.CONFIRMED:
        raise ApplicationError(UTR_CONFIRMED, status_code=409)
    if locked.status in (Enrolment.Status.REJECTED, Enrolment.Status.EXPIRED):
        raise ApplicationError(UTR_REJECTED, status_code=409)
    if locked.utr:
        raise ApplicationError(UTR_ALREADY, status_code=409)
    taken = (
        Enrolment.objects.filter(utr=value)
        .exclude(status=Enrolment.Status.REJECTED)
        .exclude(pk=locked.pk)
        .exists()
    )
    if taken:
        raise FieldErrors({"utr": UTR_TAKEN})
    locked.utr = value
    locked.status = Enrolment.Status.PAID_CLAIMED
    locked.utr_submitted_at = timezone.now()
    try:
        with transaction.atomic():
            locked.save(update_fields=["utr", "status", "utr_submitted_at"])
    except IntegrityError:
        raise FieldErrors({"utr": UTR_TAKEN}) from None
    return locked


@transaction.atomic
def enrolment_correct_utr(
    *, enrolment_id: int, utr: str, by: User | None, reason: str
) -> Enrolment:
    """Staff replace a student's UTR (a typo seen on the bank statement), keeping the old
    value, who and why in UtrChange. A pending enrolment becomes payment-submitted."""
    text = _reason(reason)
    value = utr_normalise(utr)
    if not UTR_RE.fullmatch(value):
        raise FieldErrors({"utr": UTR_FORMAT})
    enrolment = Enrolment.objects.select_for_update().get(pk=enrolment_id)
    if enrolment.status in (Enrolment.Status.REJECTED, Enrolment.Status.EXPIRED):
        raise ApplicationError(
            f"{enrolment.reference} is {enrolment.get_status_display().lower()}; its UTR "
            "cannot be changed.",
            status_code=409,
        )
    if value == enrolment.utr:
        return enrolment
    taken = (
        Enrolment.objects.filter(utr=value)
        .exclude(status=Enrolment.Status.REJECTED)
        .exclude(pk=enrolment.pk)
        .first()
    )
    if taken is not None:
        raise ApplicationError(
            f"UTR {value} is already on {taken.reference}.",
            status_code=409,
            extra={"fields": {"utr": UTR_TAKEN}},
        )
    UtrChange.objects.create(
        enrolment=enrolment,
        old_utr=enrolment.utr,
        new_utr=value,
        reason=text,
        changed_by=_staff_or_none(by),
    )
    enrolment.utr = value
    fields = ["utr"]
    if enrolment.status == Enrolment.Status.PENDING:
        enrolment.status = Enrolment.Status.PAID_CLAIMED
        enrolment.utr_submitted_at = timezone.now()
        fields += ["status", "utr_submitted_at"]
    enrolment.save(update_fields=fields)
    return enrolment


def _staff_or_none(user: Any) -> User | None:
    """Who made the change, as recorded on the row: None for a caller without a saved
    account (a management command, a test)."""
    return user if getattr(user, "pk", None) else None


@transaction.atomic
def enrolment_confirm_payment(*, enrolment_id: int, by: User | None) -> Enrolment:
    """Staff saw the money arrive: confirm, credit the referrer, email the student.

    The enrolment row is locked first, so of two staff confirming at the same moment the
    second waits, then finds it confirmed and does nothing: the referrer is credited once.
    """
    enrolment = (
        Enrolment.objects.select_for_update(of=("self",))
        .select_related("course")
        .get(pk=enrolment_id)
    )
    if enrolment.status == Enrolment.Status.CONFIRMED:
        return enrolment
    if by is not None and by.pk is not None and enrolment.referrer_id == by.pk:
        raise ApplicationError(
            f"{enrolment.reference} would pay you a referral reward: another staff member "
            "must confirm it.",
            status_code=403,
        )
    if enrolment.status == Enrolment.Status.REJECTED:
        raise ApplicationError(
            f"{enrolment.reference} was rejected; a rejected enrolment cannot be confirmed.",
            status_code=409,
        )
    enrolment.status = Enrolment.Status.CONFIRMED
    enrolment.confirmed_at = timezone.now()
    enrolment.confirmed_by = _staff_or_none(by)
    enrolment.save(update_fields=["status", "confirmed_at", "confirmed_by"])
    referral_credit_for_enrolment(enrolment=enrolment, by=_staff_or_none(by))
    # The invoice (or receipt) exists exactly when the confirmation does: same transaction.
    invoice = invoice_issue_for_enrolment(enrolment=enrolment)
    if enrolment.event_id is not None:
        registration_confirmed_notify(enrolment=enrolment, invoice=invoice)
        return enrolment
    to = enrolment.email_to
    email: Email | None = None
    if to:
        # The email carries the invoice, a document the student keeps: notify always sends
        # it, and WhatsApp (for a student who chose it) beside it.
        subject, body = render_message(
            "enrolments/messages/payment_confirmed",
            {
                "name": enrolment.name,
                "amount": format_rupees(enrolment.amount),
                "course": enrolment.offering.name,
                "reference": enrolment.reference,
                "invoice_title": invoice.title,
                "invoice_number": invoice.number,
                "brand": site_settings_cached().brand_name,
            },
        )
        email = Email(
            to=to,
            subject=subject,
            body=body,
            reply_to=site_settings_cached().email,
            topic="enrolment.confirmed",
            attachments={document_file_name(invoice): (document_pdf(invoice), "application/pdf")},
        )
    notify(
        user=enrolment.user,
        phone=enrolment.phone,
        notice=payment_confirmed(
            name=enrolment.name,
            amount=format_rupees(enrolment.amount),
            course=enrolment.offering.name,
            reference=enrolment.reference,
            link=f"{settings.SITE_URL}/invoice/{invoice.token}",
        ),
        email=email,
    )
    return enrolment


def reason_check(reason: str) -> str:
    """A staff decision's reason, trimmed (FieldErrors when empty or too long): for a
    decision that checks it before doing anything else (enrolments.online's refund)."""
    return _reason(reason)


def registration_confirmed_notify(*, enrolment: Enrolment, invoice: Any = None) -> None:
    """Tell an event's entrant (the captain) that the registration is confirmed: after
    its payment (`invoice`: the receipt or invoice, attached to the email, always sent as
    a payment's) or at once when free (section 19's notify, by the entrant's channel)."""
    try:
        team = enrolment.registration.team_name  # type: ignore[attr-defined]
    except ObjectDoesNotExist:
        team = ""
    event = enrolment.offering.name
    brand = site_settings_cached().brand_name
    context = {
        "name": enrolment.name,
        "amount": format_rupees(enrolment.amount) if enrolment.amount else "",
        "event": event,
        "team": team,
        "reference": enrolment.reference,
        "invoice_title": invoice.title if invoice is not None else "",
        "invoice_number": invoice.number if invoice is not None else "",
        "brand": brand,
    }
    subject, body = render_message("enrolments/messages/registration_confirmed", context)
    to = enrolment.email_to
    if invoice is not None:
        notice = registration_paid(
            name=enrolment.name,
            amount=format_rupees(enrolment.amount),
            event=event,
            reference=enrolment.reference,
            link=f"{settings.SITE_URL}/invoice/{invoice.token}",
        )
        # The receipt or invoice rides on the email: notify always sends it (section 19).
        notify(
            user=enrolment.user,
            phone=enrolment.phone,
            notice=notice,
            email=Email(
                to=to,
                subject=subject,
                body=body,
                reply_to=site_settings_cached().email,
                topic="registration.confirmed",
                attachments={
                    document_file_name(invoice): (document_pdf(invoice), "application/pdf")
                },
            )
            if to
            else None,
        )
        return
    notify(
        user=enrolment.user,
        phone=enrolment.phone,
        notice=registration_confirmed(
            name=enrolment.name,
            event=event,
            reference=enrolment.reference,
            link=f"{settings.SITE_URL}/dashboard",
        ),
        email=Email(to=to, subject=subject, body=body, topic="registration.confirmed")
        if to
        else None,
    )


def _reason(reason: str) -> str:
    text = (reason or "").strip()
    if not text:
        raise FieldErrors({"reason": "Give a reason."})
    if len(text) > REASON_MAX:
        raise FieldErrors({"reason": f"Ensure this value has at most {REASON_MAX} characters."})
    return text


@transaction.atomic
def enrolment_reject(*, enrolment_id: int, by: User | None, reason: str) -> Enrolment:
    """Refuse the payment (none arrived, wrong amount) or refund a confirmed enrolment.

    Rejecting a confirmed enrolment reverses the referrer's credit. The student is told
    why by email when they gave an address.
    """
    text = _reason(reason)
    enrolment = (
        Enrolment.objects.select_for_update(of=("self",))
        .select_related("course")
        .get(pk=enrolment_id)
    )
    if enrolment.status == Enrolment.Status.REJECTED:
        return enrolment
    was_confirmed = enrolment.status == Enrolment.Status.CONFIRMED
    enrolment.status = Enrolment.Status.REJECTED
    enrolment.rejected_reason = text
    enrolment.rejected_at = timezone.now()
    enrolment.rejected_by = _staff_or_none(by)
    enrolment.save(update_fields=["status", "rejected_reason", "rejected_at", "rejected_by"])
    if was_confirmed:
        referral_reverse_for_enrolment(
            enrolment=enrolment, by=_staff_or_none(by), reason=f"Enrolment rejected: {text}"
        )
        # A refund: the invoice stays, reversed by a credit note.
        credit_note = credit_note_issue_for_enrolment(enrolment=enrolment, reason=f"Refund: {text}")
        enrolment.refunded_at = enrolment.rejected_at
        enrolment.save(update_fields=["refunded_at"])
        _send_refund(enrolment, credit_note=credit_note)
        return enrolment
    to = enrolment.email_to
    if to:
        subject, body = render_message(
            "enrolments/messages/payment_not_confirmed",
            {
                "name": enrolment.name,
                "course": enrolment.offering.name,
                "reference": enrolment.reference,
                "reason": enrolment.rejected_reason,
                "brand": site_settings_cached().brand_name,
            },
        )
        email_queue(
            to=to,
            subject=subject,
            body=body,
            reply_to=site_settings_cached().email,
            topic="enrolment.rejected",
        )
    return enrolment


def _send_refund(enrolment: Enrolment, *, credit_note: CreditNote | None) -> None:
    """ "Refund of ₹N processed", with the credit note's PDF (titled "Credit note") when
    the payment had an invoice to reverse."""
    to = enrolment.email_to
    if not to:
        return
    site = site_settings_cached()
    subject, body = render_message(
        "enrolments/messages/payment_refunded",
        {
            "name": enrolment.name,
            "course": enrolment.offering.name,
            "reference": enrolment.reference,
            "amount": format_rupees(enrolment.amount),
            "reason": enrolment.rejected_reason,
            "credit_note_number": credit_note.number if credit_note else "",
            "invoice_number": credit_note.invoice.number if credit_note else "",
            "credit_note_link": invoice_check_url(token=credit_note.token) if credit_note else "",
            "brand": site.brand_name,
        },
    )
    email_queue(
        to=to,
        subject=subject,
        body=body,
        reply_to=site.email,
        topic="enrolment.refunded",
        attachments=(
            {document_file_name(credit_note): (document_pdf(credit_note), "application/pdf")}
            if credit_note
            else None
        ),
    )


@transaction.atomic
def enrolment_unconfirm(*, enrolment_id: int, by: User | None, reason: str) -> Enrolment:
    """Undo a confirmation made by mistake: back to paid_claimed (pending without a UTR),
    and the referrer's credit is reversed by a new ledger entry. No email is sent: the
    student's payment is simply being looked at again."""
    text = _reason(reason)
    enrolment = (
        Enrolment.objects.select_for_update(of=("self",))
        .select_related("course")
        .get(pk=enrolment_id)
    )
    if enrolment.status != Enrolment.Status.CONFIRMED:
        raise ApplicationError(f"{enrolment.reference} is not confirmed.", status_code=409)
    enrolment.status = Enrolment.Status.PAID_CLAIMED if enrolment.utr else Enrolment.Status.PENDING
    enrolment.confirmed_at = None
    enrolment.confirmed_by = None
    enrolment.unconfirmed_at = timezone.now()
    enrolment.unconfirmed_by = _staff_or_none(by)
    enrolment.unconfirmed_reason = text
    try:
        with transaction.atomic():
            enrolment.save(
                update_fields=[
                    "status",
                    "confirmed_at",
                    "confirmed_by",
                    "unconfirmed_at",
                    "unconfirmed_by",
                    "unconfirmed_reason",
                ]
            )
    except IntegrityError:
        # The same phone enrolled again in the course after this one was confirmed.
        raise ApplicationError(
            f"{enrolment.reference} cannot be reopened: the same phone has another open "
            "enrolment for this course. Reject it instead, or deal with the other one first.",
            status_code=409,
        ) from None
    referral_reverse_for_enrolment(
        enrolment=enrolment, by=_staff_or_none(by), reason=f"Confirmation undone: {text}"
    )
    credit_note_issue_for_enrolment(enrolment=enrolment, reason=f"Confirmation undone: {text}")
    return enrolment


@dataclass
class StatementConfirmation:
    confirmed: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def statement_confirm_matched(
    *, statement: Statement, by: User | None, file_name: str = ""
) -> StatementConfirmation:
    """Confirm the statement's matched payments through enrolment_confirm_payment (the
    manual action's service: emails, referral rewards), each once.

    The dry run is worked out again here, so what changed since it was shown counts. Each
    line is stored (its UTR unique) in the same savepoint as its confirmation: a line that
    another upload used first, or a confirmation the service refuses, changes nothing and
    the other lines go on.
    """
    outcome = StatementConfirmation()
    for line in statement_reconcile(statement=statement).matched:
        enrolment = line.enrolment
        assert enrolment is not None
        try:
            with transaction.atomic():
                StatementLine.objects.create(
                    utr=line.utr,
                    date=line.credit.date,
                    amount=line.credit.amount,
                    narration=line.credit.narration[:500],
                    reference=line.credit.reference[:100],
                    enrolment=enrolment,
                    layout=statement.layout[:80],
                    file_name=file_name[:255],
                    used_by=_staff_or_none(by),
                )
                current = Enrolment.objects.select_for_update().get(pk=enrolment.pk)
                if current.utr != line.utr or current.status not in Enrolment.OPEN_STATUSES:
                    raise ApplicationError(
                        f"{current.reference} changed since the statement was checked; check it by hand.",
                        status_code=409,
                    )
                enrolment_confirm_payment(enrolment_id=enrolment.pk, by=by)
        except IntegrityError:
            outcome.refused.append(
                f"UTR {line.utr} ({enrolment.reference}) was used by another upload."
            )
        except ApplicationError as exc:
            outcome.refused.append(exc.message)
        else:
            outcome.confirmed.append(enrolment.reference)
    return outcome


def enrolments_link_to_account(*, user: User) -> int:
    """A phone just confirmed by a code (sign-up): the enrolments made with it while
    nobody was logged in (waiting, payment submitted or confirmed) become the account's,
    so they are on its dashboard. Returns how many."""
    if user.phone_confirmed_at is None:
        return 0
    return Enrolment.objects.filter(
        phone=user.phone,
        user__isnull=True,
        status__in=(
            Enrolment.Status.PENDING,
            Enrolment.Status.PAID_CLAIMED,
            Enrolment.Status.CONFIRMED,
        ),
    ).update(user=user)


ERASED_NAME = "Deleted account"


def enrolments_erase_personal_data(*, user: User) -> int:
    """The account is being deleted: its enrolments stay (payments and rewards are
    accounting records) without the name, phone and email copied on them. One still
    waiting for a payment that never came is expired, since nobody can pay it now; one
    whose UTR was sent stays for staff to match with the bank statement. Returns how many."""
    enrolments = list(Enrolment.objects.select_for_update().filter(user=user))
    for enrolment in enrolments:
        if enrolment.status == Enrolment.Status.PENDING and not enrolment.utr:
            enrolment.status = Enrolment.Status.EXPIRED
        enrolment.name = ERASED_NAME
        # Unique per enrolment: the one-open-enrolment-per-phone rule must not join them.
        enrolment.phone = f"deleted-{enrolment.pk}"
        enrolment.email = ""
        enrolment.save(update_fields=["status", "name", "phone", "email"])
    return len(enrolments)
