from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.models import User
from enrolments.models import Enrolment
from referrals.models import PayoutRequest
from referrals.selectors import referral_entry_list


def account_export(*, user: User) -> dict[str, Any]:
    """Everything the site holds about the account, for "Download my data" (the right to
    access under India's DPDP Act 2023)."""
    enrolments = Enrolment.objects.filter(user=user).select_related("course")
    payouts = PayoutRequest.objects.filter(user=user)
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
                "kind": entry["kind_display"],
                "amount": entry["signed_amount"],
                "course": entry["course_name"],
                "note": entry["note"],
                "created_at": entry["created_at"],
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
    }
