from enrolments.tests.conftest import (  # noqa: F401  (fixtures shared with the enrolments app)
    _enrolment_settings,
    course,
    other_course,
    payee,
)
