from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from catalog.models import Course
from catalog.selectors import site_settings_row
from enrolments.models import Enrolment
from enrolments.tests.conftest import (  # noqa: F401  (fixtures used by these tests)
    _enrolment_settings,
    back_office_client,
    course,
    enrol,
    other_course,
    payee,
)

# A valid GSTIN of a Karnataka business (check character verified) for the seller, and one
# of a Maharashtra business for a buyer.
SELLER_GSTIN = "29AAGCB7383J1Z4"
BUYER_GSTIN = "27AAPFU0939F1ZV"


@pytest.fixture
def seller(payee: None) -> None:  # noqa: F811
    """A seller registered for GST in Karnataka, at 18 %."""
    row = site_settings_row()
    row.legal_name = "Test Brand Private Limited"
    row.legal_address = "12 MG Road\nBengaluru 560001"
    row.state = "29"
    row.gstin = SELLER_GSTIN
    row.sac = "999293"
    row.gst_rate = Decimal("18.00")
    row.invoice_prefix = "INV"
    row.save()


@pytest.fixture
def unregistered_seller(payee: None) -> None:  # noqa: F811
    row = site_settings_row()
    row.legal_name = "Test Brand Private Limited"
    row.gstin = ""
    row.save()


def confirmed(of: Course, by: Any = None, **overrides: Any) -> Enrolment:
    from enrolments import services

    enrolment = enrol(of, **overrides)
    return services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=by)
