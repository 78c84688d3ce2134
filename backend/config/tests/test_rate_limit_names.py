"""The rate limits' environment variables are a contract (docs/product.md section 11): an
operator who sets the documented name changes the limit. Each is read in a fresh process,
as a server reads its settings at start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parents[2]

# The documented variable -> the setting the limit is read from.
DOCUMENTED = {
    "RATE_LIMIT_SIGNUP": "RATE_LIMIT_SIGNUP",
    "RATE_LIMIT_ENROLMENT": "RATE_LIMIT_ENROLMENT",
    "RATE_LIMIT_ENQUIRY": "RATE_LIMIT_ENQUIRY",
    "RATE_LIMIT_VERIFY": "RATE_LIMIT_VERIFY",
    "RATE_LIMIT_SMS_PER_IP": "RATE_LIMIT_SMS_PER_IP",
    "RATE_LIMIT_APPLICATION": "RATE_LIMIT_APPLICATION",
    "LOGIN_FAILURES_PER_IP": "LOGIN_FAILURES_PER_IP",
    "LOGIN_FAILURES_PER_PHONE": "LOGIN_FAILURES_PER_PHONE",
}


def settings_read(env: dict[str, str], names: list[str]) -> list[str]:
    code = (
        "import django, sys; django.setup(); from django.conf import settings; "
        "print('\\n'.join(str(getattr(settings, n)) for n in sys.argv[1:]))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in DOCUMENTED}
    clean.pop("RATE_LIMIT_OTP", None)
    clean.pop("RATE_LIMIT_INTERNSHIP_APPLICATION", None)
    result = subprocess.run(
        [sys.executable, "-c", code, *names],
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        cwd=BACKEND,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stdout.split()


def test_every_documented_rate_limit_variable_sets_its_limit() -> None:
    env = {name: f"{index + 7}/h" for index, name in enumerate(DOCUMENTED)}
    assert settings_read(env, list(DOCUMENTED.values())) == list(env.values())


@pytest.mark.parametrize(
    ("old", "setting"),
    [
        ("RATE_LIMIT_OTP", "RATE_LIMIT_SMS_PER_IP"),
        ("RATE_LIMIT_INTERNSHIP_APPLICATION", "RATE_LIMIT_APPLICATION"),
    ],
)
def test_the_older_names_still_count_when_the_documented_one_is_not_set(
    old: str, setting: str
) -> None:
    assert settings_read({old: "3/m"}, [setting]) == ["3/m"]
    assert settings_read({old: "3/m", setting: "4/m"}, [setting]) == ["4/m"]
