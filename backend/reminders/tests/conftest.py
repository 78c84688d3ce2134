from __future__ import annotations

from enrolments.tests.conftest import (  # noqa: F401  (fixtures shared with those apps)
    _enrolment_settings,
    course,
    payee,
)
from internships.tests.conftest import (  # noqa: F401
    _india_date,
    _programme_settings,
    application,
    board,
    brand,
    placement,
    web,
)
