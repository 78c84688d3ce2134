"""One-time codes: the one service behind sign-up and password reset (docs/product.md 15).

- 6 digits from `secrets`; only an HMAC-SHA256 of (phone, purpose, code) keyed with
  SECRET_KEY is stored, compared with hmac.compare_digest.
- A code works for CODE_MINUTES; only the newest code of a phone and purpose works (a new
  one voids the others). Wrong entries count per code and client (OneTimeCodeMiss):
  CODE_TRIES from one client shut that client out of the code (even the right code is
  then refused to it), and void the code only when that client is the one that asked for
  it (it may then ask for a new one at once); STRANGER_TRIES from all other clients
  together shut every other client out of it. Another client's wrong entries never void
  the owner's code, so they never make the owner ask for another and spend the phone's
  codes of the day.
- A new code for the same phone and purpose only RESEND_SECONDS after the previous one,
  while that one is unused (a used or voided code does not hold the next one back).
- At most DAILY_CAP codes a day (India's) for one phone and purpose from one client: the
  client that used the allowance up is refused, not the phone's owner asking from elsewhere.
  Past DAILY_CEILING codes for the phone and purpose from all clients together, only the
  clients that already had one today are refused (a new client still gets its code), so an
  attacker cannot spend a phone's allowance to keep its owner from signing up or
  recovering, and cannot send a phone more than DAILY_CAP texts from one address.
- Per client address: RATE_LIMIT_SMS_PER_IP codes sent (counted when one is sent), and the entries
  of both forms are limited by RATE_LIMIT_OTP_CHECK (accounts.api).
- otp_decoy answers as otp_issue would for a phone that must get no code (a reset asked
  for a phone without an account): nothing is stored or counted for the phone.

Wrong entries are counted in their own transaction and committed before the refusal is
raised, so a caller's rollback can never undo them: `otp_check` must not be called inside
an atomic block that the refusal would roll back (the services call it first).
"""

from __future__ import annotations

import hmac
import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.models import OneTimeCode, OneTimeCodeMiss
from core.dates import INDIA
from core.errors import FieldErrors, RateLimited
from core.messages import render_message
from core.ratelimit import rate_limit_check, rate_limit_hit
from core.sms.queue import sms_queue

CODE_LENGTH = 6
CODE_MINUTES = 10
CODE_TRIES = 5
# Wrong entries from all clients but the code's asker, together: past these the code is
# refused to every other client (many addresses guess no further), still never voided, so
# its owner keeps it (a one-in-50,000 chance of a guess getting through before then).
STRANGER_TRIES = 4 * CODE_TRIES
RESEND_SECONDS = 60
DAILY_CAP = 5
DAILY_CEILING = 4 * DAILY_CAP
# Rows are kept this long for the daily cap, then deleted.
KEEP = timedelta(days=2)

EXPIRED = "This code has expired. Ask for a new one."
TOO_MANY_WRONG = "Too many wrong codes. Ask for a new one."
ENTER_CODE = "Enter the 6-digit code we sent you."
DAILY_CAP_MESSAGE = "Too many codes today for this phone. Try again tomorrow."
CLIENT_LIMIT_MESSAGE = "Too many codes asked for from your network."
CHECKS_MESSAGE = "Too many codes entered from your network."


def _digest(*, phone: str, purpose: str, code: str) -> str:
    return salted_hmac("accounts.otp", f"{phone}:{purpose}:{code}", algorithm="sha256").hexdigest()


def _seconds(delta: timedelta) -> int:
    return max(1, math.ceil(delta.total_seconds()))


def _india_midnight_after(now: datetime) -> datetime:
    local = timezone.localtime(now, INDIA)
    return (local + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)


@dataclass(frozen=True)
class IssuedCode:
    row: OneTimeCode
    code: str  # the plain code, to be sent by SMS and then forgotten


def otp_resend_wait(*, phone: str, purpose: str, now: datetime | None = None) -> int:
    """Seconds before a new code may be sent for this phone and purpose (0: now)."""
    now = now or timezone.now()
    latest = (
        OneTimeCode.objects.filter(phone=phone, purpose=purpose, used_at=None, voided_at=None)
        .order_by("-created_at", "-pk")
        .first()
    )
    if latest is None:
        return 0
    ready = latest.created_at + timedelta(seconds=RESEND_SECONDS)
    return _seconds(ready - now) if ready > now else 0


def _resend_refusal(wait: int) -> RateLimited:
    return RateLimited(
        f"You can ask for a new code in {wait} second{'s' if wait != 1 else ''}.",
        retry_after=wait,
    )


def _day_start(now: datetime) -> datetime:
    return timezone.localtime(now, INDIA).replace(hour=0, minute=0, second=0, microsecond=0)


def _daily_cap_refusal(now: datetime) -> RateLimited:
    return RateLimited(DAILY_CAP_MESSAGE, retry_after=_seconds(_india_midnight_after(now) - now))


def _client_check(client: str | None) -> None:
    if client is not None:
        rate_limit_check(
            scope="otp",
            ident=client,
            rate=settings.RATE_LIMIT_SMS_PER_IP,
            message=CLIENT_LIMIT_MESSAGE,
        )


def _client_hit(client: str | None) -> None:
    if client is not None:
        rate_limit_hit(
            scope="otp",
            ident=client,
            rate=settings.RATE_LIMIT_SMS_PER_IP,
            message=CLIENT_LIMIT_MESSAGE,
        )


def otp_issue(*, phone: str, purpose: str, client: str | None) -> IssuedCode:
    """A new code for (phone, purpose), or RateLimited (429 with extra.retry_after):
    the client's limit (when `client` is given; staff sending from the admin pass None),
    the 60-second wait, the daily cap. The caller sends the code (accounts.services)."""
    now = timezone.now()
    _client_check(client)
    wait = otp_resend_wait(phone=phone, purpose=purpose, now=now)
    if wait:
        raise _resend_refusal(wait)
    asker = (client or "")[:64]
    today = OneTimeCode.objects.filter(
        phone=phone, purpose=purpose, created_at__gte=_day_start(now)
    )
    mine = today.filter(client=asker).count()
    if mine >= DAILY_CAP or (mine and today.count() >= DAILY_CEILING):
        raise _daily_cap_refusal(now)
    _client_hit(client)
    code = f"{secrets.randbelow(10**CODE_LENGTH):0{CODE_LENGTH}d}"
    try:
        with transaction.atomic():
            OneTimeCode.objects.filter(created_at__lt=now - KEEP).delete()
            # The wait again, under row locks: a request that checked it at the same
            # instant as this one now sees this one's code, or (both finding none) meets
            # the constraint "one_time_code_one_live" below.
            live = list(
                OneTimeCode.objects.select_for_update().filter(
                    phone=phone, purpose=purpose, used_at=None, voided_at=None
                )
            )
            ready = max((code.created_at for code in live), default=now) + timedelta(
                seconds=RESEND_SECONDS
            )
            if live and ready > now:
                raise _resend_refusal(_seconds(ready - now))
            OneTimeCode.objects.filter(pk__in=[code.pk for code in live]).update(voided_at=now)
            row = OneTimeCode.objects.create(
                phone=phone,
                purpose=purpose,
                code_hash=_digest(phone=phone, purpose=purpose, code=code),
                client=asker,
                created_at=now,
                expires_at=now + timedelta(minutes=CODE_MINUTES),
            )
    except IntegrityError:
        # Another request made a code for this phone in the same instant (the constraint
        # "one_time_code_one_live"): that one is being sent, so this one waits its turn.
        raise _resend_refusal(RESEND_SECONDS) from None
    return IssuedCode(row=row, code=code)


def otp_decoy(*, phone: str, purpose: str, client: str | None) -> None:
    """Answer as otp_issue would, issuing nothing: the client's limit counts as for a real
    code (it is the client's), while the 60-second wait and the client's daily cap for
    this phone are only imitated, in the cache, so the answers cannot tell a phone
    without an account from one with it. Nothing of the phone's own allowance is used."""
    now = timezone.now()
    _client_check(client)
    wait_key = "otp-decoy:" + _digest(phone=phone, purpose=purpose, code="")
    last = cache.get(wait_key)
    if last is not None:
        ready = datetime.fromisoformat(last) + timedelta(seconds=RESEND_SECONDS)
        if ready > now:
            raise _resend_refusal(_seconds(ready - now))
    day = _day_start(now)
    count_key = "otp-decoy:" + _digest(
        phone=phone, purpose=purpose, code=f"{client or ''}:{day.date().isoformat()}"
    )
    count = int(cache.get(count_key) or 0)
    if count >= DAILY_CAP:
        raise _daily_cap_refusal(now)
    _client_hit(client)
    cache.set(wait_key, now.isoformat(), timeout=RESEND_SECONDS + 5)
    cache.set(count_key, count + 1, timeout=_seconds(_india_midnight_after(now) - now) + 60)


def otp_check(*, phone: str, purpose: str, code: str, client: str | None) -> OneTimeCode:
    """The newest code of (phone, purpose) if `code` is it and it still works for `client`
    (core.http.client_key); otherwise FieldErrors on "code" (a wrong entry is counted for
    this client and committed first). The code is not used up here: the caller does that
    with otp_use() in the transaction that acts on it."""
    entered = "".join((code or "").split())
    if len(entered) != CODE_LENGTH or not entered.isdigit():
        raise FieldErrors({"code": ENTER_CODE})
    now = timezone.now()
    who = (client or "")[:64]
    latest = (
        OneTimeCode.objects.filter(phone=phone, purpose=purpose)
        .order_by("-created_at", "-pk")
        .first()
    )
    if latest is None or latest.used_at is not None:
        raise FieldErrors({"code": EXPIRED})
    misses = OneTimeCodeMiss.objects.filter(code=latest, client=who).values_list("count", flat=True)
    missed = next(iter(misses), 0)
    if latest.voided_at is not None:
        # Voided by its asker's wrong entries, or by a sign-up started again.
        raise FieldErrors({"code": TOO_MANY_WRONG if missed >= CODE_TRIES else EXPIRED})
    if latest.expires_at <= now:
        raise FieldErrors({"code": EXPIRED})
    if missed >= CODE_TRIES:
        raise FieldErrors({"code": TOO_MANY_WRONG})
    if who != latest.client:
        strangers = (
            OneTimeCodeMiss.objects.filter(code=latest)
            .exclude(client=latest.client)
            .aggregate(total=Sum("count"))["total"]
        )
        if (strangers or 0) >= STRANGER_TRIES:
            raise FieldErrors({"code": TOO_MANY_WRONG})
    expected = latest.code_hash
    if hmac.compare_digest(
        expected.encode(), _digest(phone=phone, purpose=purpose, code=entered).encode()
    ):
        return latest
    with transaction.atomic():
        miss, _created = OneTimeCodeMiss.objects.get_or_create(code=latest, client=who)
        OneTimeCodeMiss.objects.filter(pk=miss.pk).update(count=F("count") + 1)
        miss.refresh_from_db(fields=["count"])
        OneTimeCode.objects.filter(pk=latest.pk).update(wrong_attempts=F("wrong_attempts") + 1)
        if miss.count >= CODE_TRIES and who == latest.client:
            OneTimeCode.objects.filter(pk=latest.pk, voided_at=None).update(voided_at=now)
    left = CODE_TRIES - miss.count
    if left <= 0:
        raise FieldErrors({"code": TOO_MANY_WRONG})
    raise FieldErrors({"code": f"Incorrect code. {left} {'try' if left == 1 else 'tries'} left."})


def otp_use(*, row: OneTimeCode) -> bool:
    """Use the code up (once: False when another request got there first). Called inside
    the transaction that acts on the code, so a failure there leaves it usable."""
    return bool(
        OneTimeCode.objects.filter(pk=row.pk, used_at=None, voided_at=None).update(
            used_at=timezone.now()
        )
    )


def otp_void_live(*, phone: str, purpose: str) -> None:
    """Void the codes of (phone, purpose) that still work: the request they answer was
    settled another way (a reset by the emailed link ends the SMS code sent with it)."""
    OneTimeCode.objects.filter(
        phone=phone, purpose=purpose, used_at=None, voided_at=None, expires_at__gt=timezone.now()
    ).update(voided_at=timezone.now())


def otp_checks_hit(*, client: str) -> None:
    """One entry of a code (or of a reset link) from this client (RATE_LIMIT_OTP_CHECK)."""
    rate_limit_hit(
        scope="otp-check", ident=client, rate=settings.RATE_LIMIT_OTP_CHECK, message=CHECKS_MESSAGE
    )


# --- Sending a code, and the answer that says so ----------------------------------------
@dataclass(frozen=True)
class CodeSent:
    message: str
    phone: str
    expires_in: int
    resend_after: int


def phone_masked(e164: str) -> str:
    """'+919876543210' -> '+91 98xxxxx210': enough for its owner to recognise."""
    national = e164.removeprefix("+91")
    return f"+91 {national[:2]}{'x' * (len(national) - 5)}{national[-3:]}"


def _text(code: str, purpose: str) -> str:
    _subject, text = render_message(
        "accounts/messages/code",
        {"code": code, "signup": purpose == OneTimeCode.Purpose.SIGNUP, "minutes": CODE_MINUTES},
    )
    return text


def otp_send(issued: IssuedCode) -> None:
    """Text the code to its phone (through the SMS queue)."""
    row = issued.row
    sms_queue(
        to=row.phone,
        text=_text(issued.code, row.purpose),
        variables={"otp": issued.code},
        topic=f"code.{row.purpose}",
        expires_at=row.expires_at,
    )


def otp_sent(*, phone: str, purpose: str, message: str) -> CodeSent:
    """The answer to a request for a code: when it expires, when a new one may be asked for."""
    return CodeSent(
        message=message,
        phone=phone,
        expires_in=CODE_MINUTES * 60,
        resend_after=otp_resend_wait(phone=phone, purpose=purpose),
    )
