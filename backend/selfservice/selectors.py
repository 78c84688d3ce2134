from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from accounts.models import User
from enrolments.models import Enrolment
from internships.models import InternshipApplication, TaskSubmission
from referrals.models import PayoutRequest, RewardEntry
from referrals.selectors import referral_entry_list


@dataclass(frozen=True)
class AccountExport:
    """Everything the site holds about the account (AccountDataOut renders it)."""

    exported_at: datetime
    account: User
    enrolments: list[Enrolment]
    referral_ledger: list[RewardEntry]
    payout_requests: list[PayoutRequest]
    internship_applications: list[InternshipApplication]
    task_submissions: list[TaskSubmission]


def account_export(*, user: User) -> AccountExport:
    """Everything the site holds about the account, for "Download my data" (the right to
    access under India's DPDP Act 2023)."""
    return AccountExport(
        exported_at=timezone.now(),
        account=user,
        enrolments=list(Enrolment.objects.filter(user=user).select_related("course")),
        referral_ledger=list(referral_entry_list(user=user)),
        payout_requests=list(PayoutRequest.objects.filter(user=user)),
        internship_applications=list(
            InternshipApplication.objects.filter(user=user).select_related("domain")
        ),
        task_submissions=list(
            TaskSubmission.objects.filter(placement__user=user).select_related("task__board")
        ),
    )
