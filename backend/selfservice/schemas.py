from __future__ import annotations

from datetime import datetime

from ninja import Schema
from pydantic import Field

from enrolments.models import Enrolment
from internships.models import InternshipApplication, TaskSubmission
from referrals.models import PayoutRequest, RewardEntry
from referrals.selectors import reward_entry_referrer_note


# From the User.
class ExportAccount(Schema):
    name: str
    phone: str
    email: str
    referral_code: str
    date_joined: datetime
    last_login: datetime | None
    phone_confirmed_at: datetime | None


# From an Enrolment (its course loaded).
class ExportEnrolment(Schema):
    course: str = Field(alias="course.name")
    reference: str
    amount: int
    status: str
    name: str
    phone: str
    email: str
    referral_code_used: str
    utr: str
    created_at: datetime
    utr_submitted_at: datetime | None
    confirmed_at: datetime | None
    rejected_reason: str

    @staticmethod
    def resolve_status(obj: Enrolment) -> str:
        return obj.get_status_display()


# From a RewardEntry of the account's ledger.
class ExportLedgerLine(Schema):
    kind: str
    amount: int = Field(alias="signed_amount")
    course: str
    note: str
    created_at: datetime

    @staticmethod
    def resolve_kind(obj: RewardEntry) -> str:
        return obj.get_kind_display()

    @staticmethod
    def resolve_course(obj: RewardEntry) -> str:
        return obj.enrolment.offering.name if obj.enrolment else ""

    @staticmethod
    def resolve_note(obj: RewardEntry) -> str:
        return reward_entry_referrer_note(obj)


# From a PayoutRequest.
class ExportPayout(Schema):
    amount: int
    upi_id: str
    status: str
    requested_at: datetime
    paid_at: datetime | None
    payment_reference: str

    @staticmethod
    def resolve_status(obj: PayoutRequest) -> str:
        return obj.get_status_display()


# From an InternshipApplication (its domain loaded).
class ExportApplication(Schema):
    reference: str
    domain: str = Field(alias="domain.title")
    college: str
    year: str
    profile_url: str
    statement: str
    batch: str
    status: str
    rejection_reason: str
    created_at: datetime
    decided_at: datetime | None

    @staticmethod
    def resolve_batch(obj: InternshipApplication) -> str:
        return obj.get_batch_display()

    @staticmethod
    def resolve_status(obj: InternshipApplication) -> str:
        return obj.get_status_display()


# From a TaskSubmission (its task and board loaded).
class ExportSubmission(Schema):
    board: str
    task: str
    link: str
    note: str
    file_name: str
    state: str
    feedback: str
    submitted_at: datetime
    reviewed_at: datetime | None

    @staticmethod
    def resolve_board(obj: TaskSubmission) -> str:
        return f"/{obj.task.board.slug}"

    @staticmethod
    def resolve_task(obj: TaskSubmission) -> str:
        return f"Task {obj.task.number}: {obj.task.title}"

    @staticmethod
    def resolve_state(obj: TaskSubmission) -> str:
        return obj.get_state_display()


# From a selectors.AccountExport.
class AccountDataOut(Schema):
    exported_at: datetime
    account: ExportAccount
    enrolments: list[ExportEnrolment]
    referral_ledger: list[ExportLedgerLine]
    payout_requests: list[ExportPayout]
    internship_applications: list[ExportApplication]
    task_submissions: list[ExportSubmission]
