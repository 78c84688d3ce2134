from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client

from accounts.models import User
from core.tests.admin_pages import links_to
from referrals import services
from referrals.models import PayoutRequest, RewardEntry
from referrals.tests.conftest import UPI_ID, paid_out

pytestmark = pytest.mark.django_db

PAYOUTS = "/admin/referrals/payoutrequest/"
LEDGER = "/admin/referrals/rewardentry/"
BALANCES = "/admin/referrals/referrer/"


def act(client: Client, action: str, *payouts: PayoutRequest, **data: str) -> Any:
    return client.post(
        PAYOUTS, {"action": action, ACTION_CHECKBOX_NAME: [p.pk for p in payouts], **data}
    )


@pytest.mark.parametrize("path", [PAYOUTS, LEDGER, BALANCES])
def test_it_keeps_learners_out(learner_client: Client, path: str) -> None:
    assert learner_client.get(path).status_code == 302


def test_it_shows_the_ledger_read_only_and_undeletable(
    back_office_client: Client, learner: User, earned: int
) -> None:
    entry = RewardEntry.objects.get()

    listing = back_office_client.get(LEDGER, {"kind__exact": "credit", "q": learner.phone})
    change = back_office_client.get(f"{LEDGER}{entry.pk}/change/")

    assert listing.status_code == 200 and b"Credit" in listing.content
    assert change.status_code == 200 and b'name="amount"' not in change.content
    assert back_office_client.get(f"{LEDGER}{entry.pk}/delete/").status_code == 403
    assert back_office_client.get(f"{LEDGER}add/").status_code == 403
    assert back_office_client.post(f"{LEDGER}{entry.pk}/change/", {"amount": 1}).status_code == 403
    assert RewardEntry.objects.get().amount == 150


def test_it_asks_for_the_payment_reference_then_marks_paid(
    back_office_client: Client, learner: User, earned: int
) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)

    form = act(back_office_client, "mark_paid", payout)
    act(back_office_client, "mark_paid", payout, apply="1", reference="UTR5555")

    assert form.status_code == 200 and b'name="reference"' in form.content
    assert UPI_ID.encode() in form.content
    payout.refresh_from_db()
    assert payout.status == "paid" and payout.payment_reference == "UTR5555"
    assert RewardEntry.objects.filter(kind="payout", amount=150).count() == 1


def test_it_cancels_requests(back_office_client: Client, learner: User, earned: int) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)

    step = act(back_office_client, "cancel", payout)
    page = step.content.decode()
    assert "1 payout request will be cancelled." in page
    assert "₹150 in all becomes available to the referrers again." in page
    payout.refresh_from_db()
    assert payout.status == "requested"

    act(back_office_client, "cancel", payout, apply="1")

    payout.refresh_from_db()
    assert payout.status == "cancelled"
    assert "1 payout request cancelled." in back_office_client.get(PAYOUTS).content.decode()


def test_it_shows_a_referrers_debt_after_a_refund_of_a_paid_reward(
    back_office_client: Client, learner: User, staff: User, earned: int
) -> None:
    """A reversal of paid money is written only before rewards had a hold (here, directly)."""
    paid_out(learner, staff)
    RewardEntry.objects.create(
        user=learner, kind="reversal", amount=150, enrolment_id=earned, note="Refunded."
    )

    response = back_office_client.get(BALANCES, {"q": learner.phone})

    assert response.status_code == 200
    owes = re.search(
        r'<td class="[^"]*\bfield-owes\b[^"]*"[^>]*>\s*([^<]+?)\s*</td>', response.content.decode()
    )
    assert owes is not None and owes.group(1) == "₹150"


def test_the_referrers_name_opens_the_payout_and_the_ledger_entry_with_rupees(
    back_office_client: Client, learner: User, earned: int
) -> None:
    payout = services.payout_request_create(user=learner, upi_id=UPI_ID)
    entry = RewardEntry.objects.get()

    payouts = back_office_client.get(PAYOUTS).content.decode()
    ledger = back_office_client.get(LEDGER).content.decode()
    balances = back_office_client.get(BALANCES).content.decode()

    assert links_to(payouts, f"{PAYOUTS}{payout.pk}/change/", str(learner))
    assert links_to(ledger, f"{LEDGER}{entry.pk}/change/", str(learner))
    for page in (payouts, ledger, balances):
        assert "₹150" in page and "(₹)" not in page
    assert "+₹150" in ledger
