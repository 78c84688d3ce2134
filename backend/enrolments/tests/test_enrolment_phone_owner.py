"""Issue 28.5: a squatter cannot hold a phone's place.

Anyone could enrol with someone else's phone, post any 12 digits as a UTR and so keep the
phone's owner out of the course until staff got round to rejecting it, while the owner was
told the claim would be "released after a few days" (untrue once a UTR is sent). An account
whose phone is confirmed by a code may always enrol; the stranger's claim stays for staff,
marked in the admin as made by someone who did not confirm the phone.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from accounts.models import User
from catalog.models import Course
from core.tests.pages import page_json
from enrolments.models import Enrolment
from enrolments.services import enrolments_link_to_account
from enrolments.tests.conftest import API, back_office, enrol_payload, post

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/enrolments/enrolment/"
STRANGERS_EMAIL = "squatter@example.org"


@pytest.fixture
def owner(learner: User) -> User:
    """The learner, whose phone a sign-up code confirmed."""
    learner.phone_confirmed_at = timezone.now()
    learner.save(update_fields=["phone_confirmed_at"])
    return learner


@pytest.fixture
def owner_client(owner: User) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def squat(course: Course, phone: str, *, utr: str | None = "123456789012") -> str:
    """A stranger, signed out in their own browser, enrols with the phone and (unless told
    otherwise) posts twelve digits as the UTR. Returns the enrolment's reference."""
    stranger = Client()
    response = post(stranger, API, enrol_payload(course, phone=phone, email=STRANGERS_EMAIL))
    assert response.status_code == 201
    reference = response.json()["reference"]
    if utr is not None:
        assert post(stranger, f"{API}/{reference}/utr", {"utr": utr}).status_code == 200
    return str(reference)


def test_the_confirmed_owner_enrols_past_a_strangers_claimed_payment(
    owner_client: Client, owner: User, course: Course
) -> None:
    squatted = squat(course, owner.phone)

    response = post(owner_client, API, enrol_payload(course, phone=owner.phone))

    assert response.status_code == 201
    mine = Enrolment.objects.get(reference=response.json()["reference"])
    assert mine.user == owner and mine.status == Enrolment.Status.PENDING
    assert mine.phone_confirmed is True
    claim = Enrolment.objects.get(reference=squatted)
    # The stranger's claim is not ours to throw away: staff decide it on its UTR.
    assert claim.status == Enrolment.Status.PAID_CLAIMED and claim.utr == "123456789012"
    assert claim.phone_confirmed is False
    assert page_json(owner_client, "dashboard")["enrolments"][0]["reference"] == mine.reference


def test_the_owner_who_signed_up_after_the_squatter_enrols_too(
    owner_client: Client, owner: User, course: Course
) -> None:
    """Sign-up hands the enrolments made logged out with the phone to the new account; a
    squatter's claimed payment must not become a lock on the owner's own account."""
    squatted = squat(course, owner.phone)
    enrolments_link_to_account(user=owner)

    response = post(owner_client, API, enrol_payload(course, phone=owner.phone))

    assert response.status_code == 201
    assert Enrolment.objects.get(reference=squatted).status == Enrolment.Status.PAID_CLAIMED


def test_the_confirmed_owner_releases_an_unpaid_claim_by_another_account(
    owner_client: Client, owner: User, other_learner: User, course: Course
) -> None:
    someone = Client()
    someone.force_login(other_learner)
    theirs = post(someone, API, enrol_payload(course, phone=owner.phone)).json()["reference"]

    response = post(owner_client, API, enrol_payload(course, phone=owner.phone))

    assert response.status_code == 201
    assert Enrolment.objects.get(reference=theirs).status == Enrolment.Status.EXPIRED


def test_the_confirmed_owner_still_gets_their_own_open_enrolment_back(
    owner_client: Client, owner: User, course: Course
) -> None:
    squat(course, owner.phone)
    first = post(owner_client, API, enrol_payload(course, phone=owner.phone)).json()["reference"]

    again = post(owner_client, API, enrol_payload(course, phone=owner.phone))

    assert again.status_code == 409
    assert again.json()["extra"]["reference"] == first
    assert Enrolment.objects.filter(phone=owner.phone).count() == 2


def test_the_owners_enrolment_made_in_this_browser_signed_out_is_handed_back(
    owner: User, course: Course
) -> None:
    """The owner enrolled and paid signed out, then logged in in the same browser: that
    is their payment being checked, not a stranger's claim to enrol beside."""
    browser = Client()
    reference = post(browser, API, enrol_payload(course, phone=owner.phone)).json()["reference"]
    post(browser, f"{API}/{reference}/utr", {"utr": "123456789012"})
    browser.force_login(owner)

    response = post(browser, API, enrol_payload(course, phone=owner.phone))

    assert response.status_code == 409
    assert response.json()["extra"]["reference"] == reference
    assert Enrolment.objects.count() == 1


def test_a_stranger_cannot_claim_the_phone_again_beside_the_owner(
    owner_client: Client, owner: User, course: Course
) -> None:
    post(owner_client, API, enrol_payload(course, phone=owner.phone))

    response = post(Client(), API, enrol_payload(course, phone=owner.phone, email=STRANGERS_EMAIL))

    assert response.status_code == 409
    assert response.json()["extra"]["can_view"] is False
    assert Enrolment.objects.count() == 1


def test_a_stranger_cannot_add_a_second_claim_beside_the_first(
    owner_client: Client, owner: User, course: Course
) -> None:
    squat(course, owner.phone)
    post(owner_client, API, enrol_payload(course, phone=owner.phone))

    response = post(Client(), API, enrol_payload(course, phone=owner.phone, email=STRANGERS_EMAIL))

    assert response.status_code == 409
    assert Enrolment.objects.count() == 2


def test_an_account_with_an_unconfirmed_phone_is_told_how_to_confirm_it(
    learner_client: Client, learner: User, course: Course
) -> None:
    """Accounts made before codes were asked (or by staff) have no confirmed phone: the
    phone in the form proves nothing, so the claim holds, and the answer says what does."""
    squat(course, learner.phone)

    response = post(learner_client, API, enrol_payload(course, phone=learner.phone))

    assert response.status_code == 409
    message = response.json()["extra"]["fields"]["phone"]
    assert "Confirm that this phone number is yours" in message
    assert "Forgot password" in message
    assert "released" not in message
    assert Enrolment.objects.count() == 1


def test_a_claimed_payment_is_not_said_to_be_released_in_a_few_days(
    owner: User, course: Course
) -> None:
    squat(course, owner.phone)

    response = post(Client(), API, enrol_payload(course, phone=owner.phone))

    assert response.status_code == 409
    message = response.json()["extra"]["fields"]["phone"]
    assert "released" not in message
    assert "we are checking its payment" in message
    assert "log in with it to enrol" in message


def test_an_unpaid_claim_is_said_to_be_released_after_the_pending_days(
    owner: User, course: Course, settings: Any
) -> None:
    """The refusal of an enrolment without a UTR says it is released after a few days, and
    it is: the same form goes through once ENROLMENT_PENDING_DAYS have passed."""
    settings.ENROLMENT_PENDING_DAYS = 3
    with time_machine.travel(datetime(2026, 11, 1, 10, tzinfo=UTC), tick=False):
        squat(course, owner.phone, utr=None)
        refused = post(Client(), API, enrol_payload(course, phone=owner.phone))
    with time_machine.travel(datetime(2026, 11, 4, 10, 1, tzinfo=UTC), tick=False):
        later = post(Client(), API, enrol_payload(course, phone=owner.phone))

    assert refused.status_code == 409
    assert "Unpaid enrolments are released after a few days." in refused.json()["message"]
    assert later.status_code == 201


def test_the_admin_marks_and_filters_the_claims_made_without_the_phone(
    owner_client: Client, owner: User, staff: User, course: Course
) -> None:
    squatted = squat(course, owner.phone)
    mine = post(owner_client, API, enrol_payload(course, phone=owner.phone)).json()["reference"]
    admin = Client()
    admin.force_login(back_office(staff))

    unconfirmed = admin.get(CHANGELIST, {"status__exact": "all", "phone_confirmed__exact": "0"})
    confirmed = admin.get(CHANGELIST, {"status__exact": "all", "phone_confirmed__exact": "1"})
    page = admin.get(f"{CHANGELIST}{Enrolment.objects.get(reference=squatted).pk}/change/")
    own_page = admin.get(f"{CHANGELIST}{Enrolment.objects.get(reference=mine).pk}/change/")

    # (The stranger's row names the owner's enrolment in its check: look for the row links.)
    assert f">{squatted}</a>" in unconfirmed.content.decode()
    assert f">{mine}</a>" not in unconfirmed.content.decode()
    assert mine in confirmed.content.decode() and squatted not in confirmed.content.decode()
    assert "By phone confirmed by the enroller" in unconfirmed.content.decode()
    note = "Made by someone who did not confirm this phone number"
    assert note in re.sub(r"\s+", " ", page.content.decode())
    assert note not in re.sub(r"\s+", " ", own_page.content.decode())
    # The list flags the stranger's open claim, naming the owner's own enrolment; not the owner's.
    rows = {
        row: row_html
        for row_html in unconfirmed.content.decode().split("<tr")
        for row in (squatted, mine)
        if row in row_html
    }
    assert f"Check: the phone&#x27;s owner has {mine}" in rows[squatted] or (
        f"Check: the phone's owner has {mine}" in rows[squatted]
    )
    assert "Check:" not in confirmed.content.decode()


def test_a_signed_out_enrolment_with_no_owner_beside_it_is_not_flagged(
    staff: User, course: Course, learner: User
) -> None:
    """Issue 41 item 9: the warning only where it matters. Alone, a signed-out enrolment is
    just that; once its phone's owner signs up, it is theirs."""
    alone = squat(course, "+919811122233", utr="223456789012")
    linked = squat(course, learner.phone)
    learner.phone_confirmed_at = timezone.now()
    learner.save(update_fields=["phone_confirmed_at"])
    assert enrolments_link_to_account(user=learner) == 1
    admin = Client()
    admin.force_login(back_office(staff))

    listing = admin.get(CHANGELIST, {"status__exact": "all"}).content.decode()
    alone_page = admin.get(f"{CHANGELIST}{Enrolment.objects.get(reference=alone).pk}/change/")
    linked_page = admin.get(f"{CHANGELIST}{Enrolment.objects.get(reference=linked).pk}/change/")

    assert alone in listing and linked in listing and "Check:" not in listing
    for page in (alone_page, linked_page):
        assert "anyone could have typed it" not in re.sub(r"\s+", " ", page.content.decode())
    assert "no one else claims this phone here" in re.sub(r"\s+", " ", alone_page.content.decode())
    assert "it now belongs to the phone owner" in re.sub(r"\s+", " ", linked_page.content.decode())
