from __future__ import annotations

from datetime import datetime

from ninja import Schema


class ExportAccount(Schema):
    name: str
    phone: str
    email: str
    referral_code: str
    date_joined: datetime
    last_login: datetime | None
    phone_confirmed_at: datetime | None


class ExportEnrolment(Schema):
    course: str
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


class ExportLedgerLine(Schema):
    kind: str
    amount: int
    course: str
    note: str
    created_at: datetime


class ExportPayout(Schema):
    amount: int
    upi_id: str
    status: str
    requested_at: datetime
    paid_at: datetime | None
    payment_reference: str


class ExportApplication(Schema):
    reference: str
    domain: str
    college: str
    year: str
    profile_url: str
    statement: str
    batch: str
    status: str
    rejection_reason: str
    created_at: datetime
    decided_at: datetime | None


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


class AccountDataOut(Schema):
    exported_at: datetime
    account: ExportAccount
    enrolments: list[ExportEnrolment]
    referral_ledger: list[ExportLedgerLine]
    payout_requests: list[ExportPayout]
    internship_applications: list[ExportApplication]
    task_submissions: list[ExportSubmission]
