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
