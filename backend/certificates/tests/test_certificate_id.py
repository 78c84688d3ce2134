from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from certificates.models import (
    Certificate,
    certificate_id_normalise,
    certificate_id_problem,
    validate_certificate_id,
)


def test_it_trims_and_upper_cases() -> None:
    assert certificate_id_normalise("  wd-001/a_b \t") == "WD-001/A_B"


@pytest.mark.parametrize("value", ["WD-001", "IRC/2026/7", "A_B", "9"])
def test_it_accepts_letters_digits_dash_underscore_slash(value: str) -> None:
    assert certificate_id_problem(value) is None


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("", "empty"),
        ("A" * 65, "longer than 64"),
        ("WD 001", "a space"),
        ("WD.001", "'.'"),
        ("WDÉ1", "'É'"),
        ("WD<1>", "'<'"),
    ],
)
def test_it_explains_a_malformed_id(value: str, fragment: str) -> None:
    problem = certificate_id_problem(value)

    assert problem is not None
    assert fragment in problem
    with pytest.raises(ValidationError):
        validate_certificate_id(value)


@pytest.mark.django_db
def test_it_refuses_a_lower_case_id_in_the_database() -> None:
    with pytest.raises(IntegrityError):
        Certificate.objects.create(certificate_id="wd-001")
