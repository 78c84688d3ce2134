"""Production refuses to start with an SMS backend that sends nothing while sign-up and
password reset send codes (docs/product.md 15)."""

from __future__ import annotations

import runpy
import secrets
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured

SETTINGS = str(Path(django_settings.BACKEND_DIR) / "config" / "settings.py")
REFUSED = "sends no text message"


def _settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str | None) -> dict[str, Any]:
    base = {
        "DJANGO_ENV": "production",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "CREDENTIAL_SIGNING_KEY": "z3u2dsjcyU63dDnjH34VW1hxhJzdgywArsDhKtMKG54FNuGc",
        "ALLOWED_HOSTS": "site.example",
        "SITE_URL": "https://site.example",
        "VAR_DIR": str(tmp_path / "var"),
        "SMS_BACKEND": None,
        "PHONE_VERIFICATION": None,
    }
    for name, value in {**base, **env}.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    return runpy.run_path(SETTINGS)


@pytest.mark.parametrize(
    "backend", [None, "console", "locmem", "core.sms.backends.console.ConsoleBackend"]
)
def test_production_refuses_a_backend_that_sends_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, backend: str | None
) -> None:
    with pytest.raises(ImproperlyConfigured, match=REFUSED):
        _settings(monkeypatch, tmp_path, SMS_BACKEND=backend)


def test_production_starts_with_the_console_when_codes_are_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    computed = _settings(monkeypatch, tmp_path, PHONE_VERIFICATION="false")
    assert computed["SMS_BACKEND"] == "console" and computed["PHONE_VERIFICATION"] is False


def test_production_starts_with_a_provider(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    computed = _settings(monkeypatch, tmp_path, SMS_BACKEND="msg91")
    assert computed["PHONE_VERIFICATION"] is True


def test_development_keeps_the_console_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    computed = _settings(monkeypatch, tmp_path, DJANGO_ENV="development")
    assert computed["SMS_BACKEND"] == "console" and computed["PHONE_VERIFICATION"] is True
