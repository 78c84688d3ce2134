"""The API's status and kind values are exactly the models' choices (the typed client's unions)."""

from __future__ import annotations

from typing import get_args

from enrolments.models import Enrolment
from enrolments.schemas import EnrolmentOut
from referrals.models import RewardEntry
from referrals.schemas import RewardEntryOut


def test_enrolment_status_values_match_the_model() -> None:
    annotation = EnrolmentOut.model_fields["status"].annotation
    assert list(get_args(annotation)) == list(Enrolment.Status.values)


def test_reward_entry_kind_values_match_the_model() -> None:
    annotation = RewardEntryOut.model_fields["kind"].annotation
    assert list(get_args(annotation)) == list(RewardEntry.Kind.values)


def test_referrals_name_the_confirmed_status_as_the_model_does() -> None:
    from referrals.selectors import CONFIRMED

    assert Enrolment.Status.CONFIRMED == CONFIRMED
