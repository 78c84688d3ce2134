"""A payout request's page: the upi://pay link and its QR code for the referrer's UPI ID
and amount, so staff pay from their phone; then Mark paid or Cancel in one click, each
with its confirmation step."""

from __future__ import annotations

import base64
import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from enrolments.tests.test_qr import decode, rasterise
from referrals import services
from referrals.models import PayoutRequest, RewardEntry
from referrals.tests.conftest import UPI_ID

pytestmark = pytest.mark.django_db


def page(payout: PayoutRequest, step: str = "") -> str:
    return f"/admin/referrals/payoutrequest/{payout.pk}/{step or 'change'}/"


@pytest.fixture
def payout(learner: User, earned: int) -> PayoutRequest:
    return services.payout_request_create(user=learner, upi_id=UPI_ID)


def test_the_page_shows_a_qr_code_of_the_upi_link(
    back_office_client: Client, payout: PayoutRequest, learner: User
) -> None:
    content = back_office_client.get(page(payout)).content.decode()

    link = html.unescape(re.search(r'href="(upi://pay\?[^"]+)"', content).group(1))
    params = parse_qs(urlsplit(link).query)
    assert params["pa"] == [UPI_ID] and params["am"] == ["150.00"] and params["cu"] == ["INR"]
    assert params["pn"] == [learner.name]
    assert params["tr"] == [f"PAYOUT-{payout.pk}"]
    assert params["tn"] == [f"Referral reward payout {payout.pk}"]
    svg = base64.b64decode(re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', content).group(1))
    assert decode(rasterise(svg)) == [link]
    assert 'name="_save"' not in content


def test_mark_paid_asks_for_the_reference_then_pays_once(
    back_office_client: Client, payout: PayoutRequest
) -> None:
    assert back_office_client.get(page(payout, "mark-paid")).status_code == 200
    missing = back_office_client.post(page(payout, "mark-paid"), {"reference": ""})
    assert "This field is required." in missing.content.decode()
    assert PayoutRequest.objects.get(pk=payout.pk).status == "requested"

    done = back_office_client.post(page(payout, "mark-paid"), {"reference": "UTR5555"}, follow=True)

    assert f"Payout #{payout.pk} marked as paid." in done.content.decode()
    assert PayoutRequest.objects.get(pk=payout.pk).payment_reference == "UTR5555"
    assert back_office_client.post(page(payout, "mark-paid"), {"reference": "X"}).status_code == 403
    assert RewardEntry.objects.filter(kind="payout").count() == 1
    # Paid: the page no longer offers a QR code to pay again.
    assert "upi://pay" not in back_office_client.get(page(payout)).content.decode()


def test_cancel_in_one_click(back_office_client: Client, payout: PayoutRequest) -> None:
    back_office_client.post(page(payout, "cancel"))

    assert PayoutRequest.objects.get(pk=payout.pk).status == "cancelled"


def test_staff_who_may_only_look_cannot_pay(staff: User, payout: PayoutRequest) -> None:
    staff.user_permissions.add(Permission.objects.get(codename="view_payoutrequest"))
    client = Client()
    client.force_login(User.objects.get(pk=staff.pk))

    assert page(payout, "mark-paid") not in client.get(page(payout)).content.decode()
    assert client.post(page(payout, "mark-paid"), {"reference": "U1"}).status_code == 403
    assert PayoutRequest.objects.get(pk=payout.pk).status == "requested"


def test_the_list_opens_on_requests_to_pay(
    back_office_client: Client, payout: PayoutRequest
) -> None:
    services.payout_cancel(payout_id=payout.pk, by=None)

    default = back_office_client.get("/admin/referrals/payoutrequest/").content.decode()
    every = back_office_client.get(
        "/admin/referrals/payoutrequest/", {"status__exact": "all"}
    ).content.decode()

    assert page(payout) not in default and page(payout) in every
