"""The one-time code service (accounts.otp): every limit, with time-machine."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from accounts import otp
from accounts.models import OneTimeCode
from core.errors import FieldErrors, RateLimited

pytestmark = pytest.mark.django_db

PHONE = "+919876543210"
SIGNUP = OneTimeCode.Purpose.SIGNUP
RESET = OneTimeCode.Purpose.RESET
# 10:00 UTC is 15:30 in India: the India day ends 8 h 30 min later.
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)


OWNER = "203.0.113.5"
STRANGER = "198.51.100.66"


def issue(purpose: str = SIGNUP, client: str | None = OWNER, phone: str = PHONE):
    return otp.otp_issue(phone=phone, purpose=purpose, client=client)


def check(*, purpose: str, code: str, client: str | None = OWNER) -> OneTimeCode:
    return otp.otp_check(phone=PHONE, purpose=purpose, code=code, client=client)


def refusal(exc: pytest.ExceptionInfo) -> str:
    return exc.value.extra["fields"]["code"]


@time_machine.travel(NOW, tick=False)
def test_a_code_is_six_random_digits_stored_only_as_a_hash() -> None:
    issued = issue()
    assert len(issued.code) == 6 and issued.code.isdigit()
    row = OneTimeCode.objects.get()
    assert issued.code not in row.code_hash and len(row.code_hash) == 64
    assert row.expires_at == NOW + timedelta(minutes=10)
    assert check(purpose=SIGNUP, code=issued.code) == row
    # For its own phone and purpose only.
    with pytest.raises(FieldErrors):
        check(purpose=RESET, code=issued.code)


@time_machine.travel(NOW, tick=False)
def test_it_expires_after_ten_minutes() -> None:
    issued = issue()
    with time_machine.travel(NOW + timedelta(minutes=9, seconds=59), tick=False):
        check(purpose=SIGNUP, code=issued.code)
    with (
        time_machine.travel(NOW + timedelta(minutes=10), tick=False),
        pytest.raises(FieldErrors) as exc,
    ):
        check(purpose=SIGNUP, code=issued.code)
    assert refusal(exc) == "This code has expired. Ask for a new one."


@time_machine.travel(NOW, tick=False)
def test_five_wrong_entries_void_it_counting_down_the_tries() -> None:
    issued = issue()
    wrong = f"{(int(issued.code) + 1) % 10**6:06d}"
    messages = []
    for _ in range(5):
        with pytest.raises(FieldErrors) as exc:
            check(purpose=SIGNUP, code=wrong)
        messages.append(refusal(exc))
    assert messages == [
        "Incorrect code. 4 tries left.",
        "Incorrect code. 3 tries left.",
        "Incorrect code. 2 tries left.",
        "Incorrect code. 1 try left.",
        "Too many wrong codes. Ask for a new one.",
    ]
    # The right code no longer works either.
    with pytest.raises(FieldErrors) as exc:
        check(purpose=SIGNUP, code=issued.code)
    assert refusal(exc) == "Too many wrong codes. Ask for a new one."
    # A voided code does not hold the next one back.
    issue()


@time_machine.travel(NOW, tick=False)
@pytest.mark.parametrize("purpose", [SIGNUP, RESET])
def test_another_clients_wrong_entries_never_void_the_owners_code(purpose: str) -> None:
    """Issue 40.3: five wrong entries from anyone voided the newest code, and five such
    rounds spent the phone's codes of the day."""
    issued = issue(purpose=purpose)
    wrong = f"{(int(issued.code) + 1) % 10**6:06d}"
    messages = []
    for _ in range(6):
        with pytest.raises(FieldErrors) as exc:
            check(purpose=purpose, code=wrong, client=STRANGER)
        messages.append(refusal(exc))
    assert messages[3:] == [
        "Incorrect code. 1 try left.",
        "Too many wrong codes. Ask for a new one.",
        "Too many wrong codes. Ask for a new one.",
    ]
    # The stranger is shut out of the code, even with the right one...
    with pytest.raises(FieldErrors) as exc:
        check(purpose=purpose, code=issued.code, client=STRANGER)
    assert refusal(exc) == "Too many wrong codes. Ask for a new one."
    # ...while the owner still has all its tries, and its code works.
    with pytest.raises(FieldErrors) as exc:
        check(purpose=purpose, code=wrong)
    assert refusal(exc) == "Incorrect code. 4 tries left."
    row = OneTimeCode.objects.get()
    assert row.voided_at is None
    assert check(purpose=purpose, code=issued.code) == row
    assert dict(row.misses.values_list("client", "count")) == {STRANGER: 5, OWNER: 1}


@time_machine.travel(NOW, tick=False)
def test_many_addresses_guess_no_further_together_and_the_owner_keeps_its_code() -> None:
    issued = issue(purpose=SIGNUP)
    wrong = f"{(int(issued.code) + 1) % 10**6:06d}"
    for n in range(otp.STRANGER_TRIES):
        with pytest.raises(FieldErrors):
            check(purpose=SIGNUP, code=wrong, client=f"198.51.100.{n % 250}")
    # A new address, even with the right code, is refused...
    with pytest.raises(FieldErrors) as exc:
        check(purpose=SIGNUP, code=issued.code, client="192.0.2.77")
    assert refusal(exc) == "Too many wrong codes. Ask for a new one."
    # ...and the owner's code still works.
    assert check(purpose=SIGNUP, code=issued.code) == OneTimeCode.objects.get()


@time_machine.travel(NOW, tick=False)
def test_strangers_wrong_entries_all_day_leave_the_owner_its_codes() -> None:
    issued = issue(purpose=RESET)
    wrong = f"{(int(issued.code) + 1) % 10**6:06d}"
    for n in range(5):
        with pytest.raises(FieldErrors):
            check(purpose=RESET, code=wrong, client=f"198.51.100.{n}")
    # The owner's code was never voided: it needs no new one and may still ask for them.
    assert OneTimeCode.objects.get().voided_at is None
    assert check(purpose=RESET, code=issued.code) == OneTimeCode.objects.get()
    for minute in range(1, 5):
        with time_machine.travel(NOW + timedelta(minutes=2 * minute), tick=False):
            issue(purpose=RESET)


def test_a_malformed_entry_is_not_counted_as_a_try() -> None:
    issue()
    for entered in ("", "12345", "abcdef", "1234567"):
        with pytest.raises(FieldErrors) as exc:
            check(purpose=SIGNUP, code=entered)
        assert refusal(exc) == "Enter the 6-digit code we sent you."
    assert OneTimeCode.objects.get().wrong_attempts == 0


@time_machine.travel(NOW, tick=False)
def test_a_new_code_waits_sixty_seconds_per_phone_and_purpose() -> None:
    first = issue()
    with time_machine.travel(NOW + timedelta(seconds=18), tick=False):
        with pytest.raises(RateLimited) as exc:
            issue()
        assert exc.value.message == "You can ask for a new code in 42 seconds."
        assert exc.value.extra == {"retry_after": 42}
        # Another purpose, another phone: no wait.
        issue(purpose=RESET)
        issue(phone="+919812345678")
    with time_machine.travel(NOW + timedelta(seconds=60), tick=False):
        second = issue()
        # Only the newest code works: the old one is just a wrong code now.
        with pytest.raises(FieldErrors) as exc:
            check(purpose=SIGNUP, code=first.code)
        assert refusal(exc) == "Incorrect code. 4 tries left."
        check(purpose=SIGNUP, code=second.code)


@time_machine.travel(NOW, tick=False)
def test_a_used_code_does_not_hold_the_next_one_back_and_works_once() -> None:
    issued = issue()
    row = check(purpose=SIGNUP, code=issued.code)
    assert otp.otp_use(row=row) is True
    assert otp.otp_use(row=row) is False
    with pytest.raises(FieldErrors):
        check(purpose=SIGNUP, code=issued.code)
    issue()


@time_machine.travel(NOW, tick=False)
def test_at_most_five_codes_per_phone_and_purpose_per_india_day() -> None:
    for minute in range(5):
        with time_machine.travel(NOW + timedelta(minutes=2 * minute), tick=False):
            issue()
    with time_machine.travel(NOW + timedelta(minutes=20), tick=False):
        with pytest.raises(RateLimited) as exc:
            issue()
        assert exc.value.message == "Too many codes today for this phone. Try again tomorrow."
        # Until midnight in India (18:30 UTC).
        assert exc.value.extra["retry_after"] == (8 * 60 + 10) * 60
        # Issue 28.6: the other purpose has its own allowance.
        issue(purpose=RESET)
    with time_machine.travel(datetime(2026, 11, 24, 18, 30, tzinfo=UTC), tick=False):
        issue()


@time_machine.travel(NOW, tick=False)
def test_the_daily_cap_refuses_the_client_that_used_it_up_not_the_owner() -> None:
    """Issue 28.6: five resets asked for by someone else kept the owner from recovering."""
    for minute in range(5):
        with time_machine.travel(NOW + timedelta(minutes=2 * minute), tick=False):
            issue(purpose=RESET, client="198.51.100.66")
    with time_machine.travel(NOW + timedelta(minutes=20), tick=False):
        with pytest.raises(RateLimited):
            issue(purpose=RESET, client="198.51.100.66")
        owner = issue(purpose=RESET, client="203.0.113.5")
        check(purpose=RESET, code=owner.code)


@time_machine.travel(NOW, tick=False)
def test_past_the_phones_ceiling_only_clients_that_had_a_code_today_are_refused() -> None:
    attackers = [f"198.51.100.{n}" for n in range(otp.DAILY_CEILING // otp.DAILY_CAP)]
    at = NOW
    for attacker in attackers:
        for _ in range(otp.DAILY_CAP):
            with time_machine.travel(at, tick=False):
                issue(purpose=RESET, client=attacker)
            at += timedelta(minutes=2)
    with time_machine.travel(at, tick=False):
        # One code today from this address, and the phone past its ceiling: refused.
        issue(purpose=RESET, client="192.0.2.1")
    with time_machine.travel(at + timedelta(minutes=2), tick=False):
        with pytest.raises(RateLimited):
            issue(purpose=RESET, client="192.0.2.1")
        # A client new to the phone today still gets its code (the owner recovers).
        issue(purpose=RESET, client="192.0.2.2")


@time_machine.travel(NOW, tick=False)
def test_a_decoy_issues_and_counts_nothing_for_the_phone_but_answers_alike(settings) -> None:
    settings.RATE_LIMIT_SMS_PER_IP = "100/h"
    for minute in range(5):
        with time_machine.travel(NOW + timedelta(minutes=2 * minute), tick=False):
            otp.otp_decoy(phone=PHONE, purpose=RESET, client="198.51.100.9")
    with time_machine.travel(NOW + timedelta(minutes=8, seconds=30), tick=False):
        with pytest.raises(RateLimited) as wait:
            otp.otp_decoy(phone=PHONE, purpose=RESET, client="198.51.100.9")
        assert wait.value.message == "You can ask for a new code in 30 seconds."
    with time_machine.travel(NOW + timedelta(minutes=20), tick=False):
        with pytest.raises(RateLimited) as cap:
            otp.otp_decoy(phone=PHONE, purpose=RESET, client="198.51.100.9")
        assert cap.value.message == "Too many codes today for this phone. Try again tomorrow."
        assert not OneTimeCode.objects.exists()
        # The phone's own allowance is untouched, for either purpose.
        issue(purpose=RESET, client="198.51.100.9")
        issue(purpose=SIGNUP, client="198.51.100.9")


@time_machine.travel(NOW, tick=False)
def test_each_client_may_ask_for_so_many_codes(settings) -> None:
    settings.RATE_LIMIT_SMS_PER_IP = "2/h"
    issue(phone="+919800000001")
    issue(phone="+919800000002")
    with pytest.raises(RateLimited) as exc:
        issue(phone="+919800000003")
    assert exc.value.message.startswith("Too many codes asked for from your network.")
    # Another address, and staff sending from the admin (no client), are not counted.
    issue(phone="+919800000003", client="198.51.100.7")
    issue(phone="+919800000004", client=None)


@time_machine.travel(NOW, tick=False)
def test_a_refused_request_is_not_counted_against_the_client(settings) -> None:
    settings.RATE_LIMIT_SMS_PER_IP = "2/h"
    issue()
    for _ in range(3):
        with pytest.raises(RateLimited):
            issue()  # the 60-second wait
    issue(phone="+919800000001")


@time_machine.travel(NOW, tick=False)
def test_old_codes_are_deleted() -> None:
    issue()
    with time_machine.travel(NOW + timedelta(days=3), tick=False):
        issue(phone="+919812345678")
    assert list(OneTimeCode.objects.values_list("phone", flat=True)) == ["+919812345678"]


def test_the_database_holds_one_live_code_per_phone_and_purpose() -> None:
    from django.db import IntegrityError, transaction

    issued = issue()
    fields = {"phone": PHONE, "code_hash": "x" * 64, "expires_at": NOW + timedelta(minutes=10)}
    with pytest.raises(IntegrityError), transaction.atomic():
        OneTimeCode.objects.create(purpose=SIGNUP, **fields)
    OneTimeCode.objects.create(purpose=RESET, **fields)  # another purpose has its own
    OneTimeCode.objects.filter(pk=issued.row.pk).update(voided_at=NOW)
    OneTimeCode.objects.create(purpose=SIGNUP, **fields)  # once voided, a new one may live
