from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from core.errors import ApplicationError, FieldErrors
from enrolments.tests.conftest import post, with_csrf
from referrals import services
from referrals.models import PayoutRequest
from referrals.tests.conftest import API, UPI_ID, paid_out

pytestmark = pytest.mark.django_db


def test_it_requests_the_whole_balance(learner: User, earned: int) -> None:
    payout = services.payout_request_create(user=learner, upi_id=f"  {UPI_ID} ")

    assert payout.amount == 150 and payout.upi_id == UPI_ID
    assert payout.status == PayoutRequest.Status.REQUESTED


@pytest.mark.parametrize(
    "upi_id",
    ["", "asha", "a@b", "@okbank", "asha@ok-bank", "as ha@okbank", "asha@okbank1", "a@b@c"],
)
def test_it_refuses_a_malformed_upi_id(learner: User, earned: int, upi_id: str) -> None:
    with pytest.raises(FieldErrors) as caught:
        services.payout_request_create(user=learner, upi_id=upi_id)

    assert caught.value.extra["fields"] == {
        "upi_id": "Enter a valid UPI ID, for example name@bank."
    }


@pytest.mark.parametrize("upi_id", ["98765.43210@ybl", "a_b-c.d@okhdfcbank", "ab@UPI"])
def test_it_accepts_common_upi_ids(learner: User, earned: int, upi_id: str) -> None:
    assert services.payout_request_create(user=learner, upi_id=upi_id).upi_id == upi_id


def test_it_refuses_when_there_is_nothing_to_pay(learner: User) -> None:
    with pytest.raises(ApplicationError, match="no reward balance"):
        services.payout_request_create(user=learner, upi_id=UPI_ID)


def test_it_refuses_once_everything_is_paid(learner: User, staff: User, earned: int) -> None:
    paid_out(learner, staff)

    with pytest.raises(ApplicationError, match="no reward balance"):
        services.payout_request_create(user=learner, upi_id=UPI_ID)


def test_it_allows_one_open_request_at_a_time(learner: User, earned: int) -> None:
    services.payout_request_create(user=learner, upi_id=UPI_ID)

    with pytest.raises(ApplicationError, match="is waiting since"):
        services.payout_request_create(user=learner, upi_id=UPI_ID)


def test_it_answers_201_through_the_api(learner_client: Client, earned: int) -> None:
    response = post(learner_client, f"{API}/payouts", {"upi_id": UPI_ID})

    assert response.status_code == 201
    body = response.json()
    assert body["amount"] == 150 and body["upi_id"] == UPI_ID
    assert body["amount_display"] == "₹150"
    assert set(body) == {"id", "amount", "amount_display", "upi_id", "requested_at"}


def test_it_answers_409_and_422_through_the_api(learner_client: Client) -> None:
    bad = post(learner_client, f"{API}/payouts", {"upi_id": "nope"})
    empty = post(learner_client, f"{API}/payouts", {"upi_id": UPI_ID})

    assert bad.status_code == 422 and "upi_id" in bad.json()["extra"]["fields"]
    assert empty.status_code == 409


@pytest.mark.parametrize("upi_id", ["", "   "])
def test_it_answers_an_empty_upi_id_at_the_field(
    learner_client: Client, earned: int, upi_id: str
) -> None:
    # The dashboard's payout form says these words itself for an empty field (its one
    # check before sending): a change here must change frontend/src/features/referrals.
    response = post(learner_client, f"{API}/payouts", {"upi_id": upi_id})

    assert response.status_code == 422
    assert response.json()["extra"]["fields"] == {
        "upi_id": "Enter a valid UPI ID, for example name@bank."
    }
    assert PayoutRequest.objects.count() == 0


def test_it_asks_anonymous_visitors_to_log_in(client: Client) -> None:
    assert post(client, f"{API}/payouts", {"upi_id": UPI_ID}).status_code == 401


def test_it_refuses_a_request_without_the_csrf_token(
    csrf_client: Client, learner: User, earned: int
) -> None:
    csrf_client.force_login(learner)

    refused = post(csrf_client, f"{API}/payouts", {"upi_id": UPI_ID})
    accepted = post(csrf_client, f"{API}/payouts", {"upi_id": UPI_ID}, **with_csrf(csrf_client))

    assert refused.status_code == 403 and refused.json()["extra"] == {"reason": "csrf"}
    assert accepted.status_code == 201
    assert PayoutRequest.objects.count() == 1
