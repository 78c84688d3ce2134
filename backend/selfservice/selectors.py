from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.models import User
from enrolments.models import Enrolment
from internships.models import InternshipApplication, TaskSubmission
from referrals.models import PayoutRequest
from referrals.selectors import referral_entry_list, reward_entry_public_note


def account_export(*, user: User) -> dict[str, Any]:
    """Everything the site holds about the account, for "Download my data" (the right to
    access under India's DPDP Act 2023)."""
    enrolments = Enrolment.objects.filter(user=user).select_related("course")
    payouts = PayoutRequest.objects.filter(user=user)
    applications = InternshipApplication.objects.filter(user=user).select_related("domain")
    submissions = TaskSubmission.objects.filter(placement__user=user).select_related("task__board")
    return {
        "exported_at": timezone.now(),
        "account": {
            "name": user.name,
            "phone": user.phone,
            "email": user.email,
            "referral_code": user.referral_code,
            "date_joined": user.date_joined,
            "last_login": user.last_login,
            "phone_confirmed_at": user.phone_confirmed_at,
        },
        "enrolments": [
            {
                "course": e.course.name,
                "reference": e.reference,
                "amount": e.amount,
                "status": e.get_status_display(),
                "name": e.name,
                "phone": e.phone,
                "email": e.email,
                "referral_code_used": e.referral_code_used,
                "utr": e.utr,
                "created_at": e.created_at,
                "utr_submitted_at": e.utr_submitted_at,
                "confirmed_at": e.confirmed_at,
                "rejected_reason": e.rejected_reason,
            }
            for e in enrolments
        ],
        "referral_ledger": [
            {
                "kind": entry.get_kind_display(),
                "amount": entry.signed_amount,
                "course": entry.enrolment.course.name if entry.enrolment else "",
                "note": reward_entry_public_note(entry),
                "created_at": entry.created_at,
            }
            for entry in referral_entry_list(user=user)
        ],
        "payout_requests": [
            {
                "amount": p.amount,
                "upi_id": p.upi_id,
                "status": p.get_status_display(),
                "requested_at": p.requested_at,
                "paid_at": p.paid_at,
                "payment_reference": p.payment_reference,
            }
            for p in payouts
        ],
        "internship_applications": [
            {
                "reference": a.reference,
                "domain": a.domain.title,
                "college": a.college,
                "year": a.year,
                "profile_url": a.profile_url,
                "statement": a.statement,
                "batch": a.get_batch_display(),
                "status": a.get_status_display(),
                "rejection_reason": a.rejection_reason,
                "created_at": a.created_at,
                "decided_at": a.decided_at,
            }
            for a in applications
        ],
        "task_submissions": [
            {
                "board": f"/{s.task.board.slug}",
                "task": f"Task {s.task.number}: {s.task.title}",
                "link": s.link,
                "note": s.note,
                "file_name": s.file_name,
                "state": s.get_state_display(),
                "feedback": s.feedback,
                "submitted_at": s.submitted_at,
                "reviewed_at": s.reviewed_at,
            }
            for s in submissions
        ],
    }
