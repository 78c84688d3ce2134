"""Any holder name, domain and duration a record can hold signs and then verifies; any
change to the name afterwards is caught."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from certificates import openbadges, openbadges_check
from certificates.models import NAME_MAX_LENGTH, Certificate

pytestmark = pytest.mark.django_db

# What a stored text field can hold: no surrogates, no control characters (PostgreSQL
# refuses NUL, and the import and the admin refuse control characters anyway).
TEXT_CHARACTERS = st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"])
TEXT = st.text(alphabet=TEXT_CHARACTERS, max_size=NAME_MAX_LENGTH)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=TEXT, course=TEXT, duration=st.text(alphabet=TEXT_CHARACTERS, max_size=100))
@example(name="प्रिया शर्मा", course="वेब विकास", duration="30 दिन")
@example(name="محمد عبد الله", course="تطوير الويب", duration="٣٠ يوم")
@example(name='Zoë 👩🏽‍💻 "The Coder" O\'Brien', course='Web <Dev> & \\ "AI"', duration="")
@example(name="x" * NAME_MAX_LENGTH, course=" ", duration="\t30\u00a0Days ")
def test_it_signs_and_verifies_any_name(name: str, course: str, duration: str) -> None:
    Certificate.objects.all().delete()
    certificate = Certificate.objects.create(
        certificate_id="WD-1", name=name, course=course, duration=duration
    )
    if course.strip().lower() == "eliminated":
        return
    credential = openbadges.certificate_credential(certificate=certificate)
    identifier = credential["credentialSubject"]["identifier"][0]
    assert identifier["identityHash"] == name.strip()
    check = openbadges_check.credential_check(data=json.dumps(credential).encode())
    assert check.verdict == "valid", check.reason
    assert check.holder == name.strip()[:500]
    identifier["identityHash"] = name.strip() + "."
    assert (
        openbadges_check.credential_check(data=json.dumps(credential).encode()).verdict
        == "not_valid"
    )
