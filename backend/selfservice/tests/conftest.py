from typing import Any

import pytest

from enrolments.tests.conftest import (  # noqa: F401  (fixtures shared with the enrolments app)
    _enrolment_settings,
    course,
    other_course,
    payee,
)
from internships.tests.conftest import (  # noqa: F401  (fixtures of the internships app)
    _india_date,
    _programme_settings,
    application,
    board,
    brand,
    placement,
    web,
)


@pytest.fixture(autouse=True)
def _rewards_payable_at_once(settings: Any) -> None:
    """These tests are about personal data, not the reward hold (referrals/tests): a
    confirmed referral is payable at once, so a payout can be asked for straight away."""
    settings.REFERRAL_HOLD_DAYS = 0
