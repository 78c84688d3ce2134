"""The dry run sorts a statement's credits; "Confirm matched" confirms through the same
service as the manual action, once: a re-upload or an overlapping statement confirms
nothing twice."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User
from catalog.models import Course
from core.tests.mail import queued_about
from enrolments import services
from enrolments.models import Enrolment, StatementLine
from enrolments.selectors import mismatch_next_step, statement_reconcile
from enrolments.statements import statement_parse
from enrolments.tests.conftest import enrol
from referrals.models import RewardEntry

pytestmark = pytest.mark.django_db

SAMPLES = Path(__file__).parent / "statements"
HDFC_UTR = "412345678901"


def claimed(course: Course, utr: str, **overrides: object) -> Enrolment:
    enrolment = enrol(course, **overrides)
    return services.enrolment_submit_utr(enrolment=enrolment, utr=utr)


def hdfc() -> bytes:
    return (SAMPLES / "hdfc-delimited.csv").read_bytes()


def test_it_sorts_the_credits_for_the_dry_run(course: Course, other_course: Course) -> None:
    match = claimed(course, HDFC_UTR)  # ₹999 on the statement, ₹999 due
    waiting = claimed(other_course, "499999999999", phone="98111 00001")

    result = statement_reconcile(statement=statement_parse(hdfc()))

    assert [(r.utr, r.enrolment) for r in result.matched] == [(HDFC_UTR, match)]
    assert [r.credit.amount for r in result.no_enrolment] == [5000]
    assert result.amount_mismatch == [] and result.already_used == []
    assert result.waiting == [waiting]
    assert Enrolment.objects.get(pk=match.pk).status == "paid_claimed"  # a dry run


def test_it_lists_a_different_amount_as_a_mismatch(other_course: Course) -> None:
    enrolment = claimed(other_course, HDFC_UTR)  # ₹4499 due, ₹999 received

    result = statement_reconcile(statement=statement_parse(hdfc()))

    assert [r.enrolment for r in result.amount_mismatch] == [enrolment]
    assert result.matched == []


def test_it_confirms_the_matched_payments_once(course: Course, learner: User, staff: User) -> None:
    enrolment = claimed(course, HDFC_UTR, referral_code=learner.referral_code)

    first = services.statement_confirm_matched(
        statement=statement_parse(hdfc()), by=staff, file_name="hdfc.csv"
    )
    again = services.statement_confirm_matched(
        statement=statement_parse(hdfc()), by=staff, file_name="hdfc.csv"
    )

    enrolment.refresh_from_db()
    assert first.confirmed == [enrolment.reference] and again.confirmed == []
    assert enrolment.status == "confirmed" and enrolment.confirmed_by == staff
    line = StatementLine.objects.get()
    assert (line.utr, line.enrolment, line.used_by) == (HDFC_UTR, enrolment, staff)
    assert RewardEntry.objects.filter(kind="credit", user=learner).count() == 1
    assert len(queued_about("enrolment.confirmed")) == 1
    # On another upload the line is listed as already used, never as matched.
    result = statement_reconcile(statement=statement_parse(hdfc()))
    assert result.matched == [] and [r.utr for r in result.already_used] == [HDFC_UTR]


def test_an_overlapping_statement_confirms_nothing_twice(course: Course, staff: User) -> None:
    enrolment = claimed(course, HDFC_UTR)
    services.statement_confirm_matched(statement=statement_parse(hdfc()), by=staff)
    # The same transfer in the other HDFC layout, within a later period.
    services.enrolment_unconfirm(enrolment_id=enrolment.pk, by=staff, reason="Checking.")
    overlapping = (
        "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n"
        f"01/11/26,UPI-KIRAN-{HDFC_UTR}-X,0000{HDFC_UTR},01/11/26,,999.00,1.00\n"
    ).encode()

    outcome = services.statement_confirm_matched(statement=statement_parse(overlapping), by=staff)

    assert outcome.confirmed == []
    assert Enrolment.objects.get(pk=enrolment.pk).status == "paid_claimed"
    assert StatementLine.objects.count() == 1


def test_a_utr_twice_in_one_file_is_used_once(course: Course, staff: User) -> None:
    claimed(course, HDFC_UTR)
    twice = (
        "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n"
        f"01/11/26,UPI-{HDFC_UTR}-X,,01/11/26,,999.00,1.00\n"
        f"02/11/26,UPI-{HDFC_UTR}-X,,02/11/26,,999.00,2.00\n"
    ).encode()

    result = statement_reconcile(statement=statement_parse(twice))

    assert len(result.matched) == 1 and len(result.already_used) == 1


def test_a_refused_confirmation_changes_nothing_and_the_others_go_on(
    course: Course, other_course: Course, staff: User
) -> None:
    # The staff member who confirms is the referrer of the first payment.
    own = claimed(course, HDFC_UTR, referral_code=staff.referral_code)
    other = claimed(other_course, "412345678902", phone="98111 00002")
    statement = (
        "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n"
        f"01/11/26,UPI-{HDFC_UTR}-X,,01/11/26,,999.00,1.00\n"
        "02/11/26,UPI-412345678902-X,,02/11/26,,4499.00,2.00\n"
    ).encode()

    outcome = services.statement_confirm_matched(statement=statement_parse(statement), by=staff)

    assert outcome.confirmed == [other.reference]
    assert "another staff member must confirm it" in outcome.refused[0]
    assert Enrolment.objects.get(pk=own.pk).status == "paid_claimed"
    assert list(StatementLine.objects.values_list("utr", flat=True)) == ["412345678902"]


def test_the_command_prints_the_dry_run_and_confirms(course: Course, tmp_path: Path) -> None:
    enrolment = claimed(course, HDFC_UTR)
    path = tmp_path / "statement.csv"
    path.write_bytes(hdfc())

    dry = StringIO()
    call_command("reconcile_statement", str(path), "--dry-run", stdout=dry)
    assert Enrolment.objects.get(pk=enrolment.pk).status == "paid_claimed"
    assert "Matched (1)" in dry.getvalue() and "No enrolment (1)" in dry.getvalue()
    assert "Dry run: nothing was confirmed." in dry.getvalue()

    real = StringIO()
    call_command("reconcile_statement", str(path), stdout=real)
    assert "1 payment confirmed." in real.getvalue()
    assert Enrolment.objects.get(pk=enrolment.pk).status == "confirmed"

    again = StringIO()
    call_command("reconcile_statement", str(path), stdout=again)
    assert "Already used (1)" in again.getvalue() and "0 payments confirmed." in again.getvalue()


def test_the_command_refuses_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "letter.csv"
    path.write_bytes(b"Dear customer,\nhello\n")

    with pytest.raises(CommandError, match="does not look like a bank statement"):
        call_command("reconcile_statement", str(path))
    with pytest.raises(CommandError, match="No such file"):
        call_command("reconcile_statement", str(tmp_path / "missing.csv"))


def test_a_mismatch_says_what_to_do_next_short_or_over() -> None:
    assert mismatch_next_step(received=Decimal("999.00"), due=4499).startswith(
        "₹3,500 less than the fee arrived. Ask the student to send the rest"
    )
    over = mismatch_next_step(received=Decimal("1000.50"), due=999)
    assert over.startswith("₹1.50 more than the fee arrived.")
    assert "pay the extra back from the bank account" in over


def test_a_mismatch_line_carries_its_next_step(other_course: Course) -> None:
    claimed(other_course, HDFC_UTR)  # ₹4499 due, ₹999 received

    [line] = statement_reconcile(statement=statement_parse(hdfc())).amount_mismatch

    assert line.next_step == mismatch_next_step(received=Decimal("999"), due=4499)
    assert line.note == "The enrolment's amount is ₹4,499."


def test_the_command_prints_a_mismatch_with_its_next_step(
    other_course: Course, tmp_path: Path
) -> None:
    claimed(other_course, HDFC_UTR)  # ₹4499 due, ₹999 received
    path = tmp_path / "statement.csv"
    path.write_bytes(hdfc())

    dry = StringIO()
    call_command("reconcile_statement", str(path), "--dry-run", stdout=dry)

    assert "Amount mismatch (1)" in dry.getvalue()
    assert "    Next step: ₹3,500 less than the fee arrived." in dry.getvalue()
