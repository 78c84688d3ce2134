"""Payout paid reaches the referrer by their channel (docs/product.md section 19)."""

from __future__ import annotations

import pytest

from accounts.models import User
from core import whatsapp
from core.tests.mail import queued_about
from core.whatsapp.queue import whatsapp_send_queued
from notifications.models import ConsentRecord
from notifications.services import whatsapp_consent_set
from referrals.tests.conftest import paid_out

pytestmark = pytest.mark.django_db


def test_an_opted_in_referrer_gets_it_on_whatsapp(learner: User, staff: User, earned: int) -> None:
    whatsapp_consent_set(user=learner, given=True, source=ConsentRecord.Source.ACCOUNT)
    paid_out(learner, staff, reference="998877")
    whatsapp_send_queued()
    [message] = [m for m in whatsapp.outbox if m.template == "payout_paid"]
    assert message.to == learner.phone
    assert message.parameters == (learner.name, "₹150", "asha.learner@okbank", "998877")
    assert queued_about("referral.payout") == []


def test_without_consent_the_email_goes(learner: User, staff: User, earned: int) -> None:
    paid_out(learner, staff)
    assert queued_about("referral.payout")[0].to == [learner.email]
