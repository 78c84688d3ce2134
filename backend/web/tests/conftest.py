from __future__ import annotations

from invoices.tests.conftest import (  # noqa: F401  (fixtures shared with these apps' tests)
    _enrolment_settings,
    course,
    payee,
    seller,
)
