"""Production refuses to start with PAYMENT_GATEWAY=razorpay and a key missing (docs/product.md
section 22): payments would be taken and never confirmed."""

from __future__ import annotations

import runpy
import secrets
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured

SETTINGS = str(Path(django_settings.BACKEND_DIR) / "config" / "settings.py")
KEYS = {
    "RAZORPAY_KEY_ID": "rzp_live_key",
    "RAZORPAY_KEY_SECRET": "key-secret",
    "RAZORPAY_WEBHOOK_SECRET": "webhook-secret",
}


def _settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str | None) -> dict[str, Any]:
    base: dict[str, str | None] = {
        "DJANGO_ENV": "production",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "CREDENTIAL_SIGNING_KEY": "z3u2dsjcyU63dDnjH34VW1hxhJzdgywArsDhKtMKG54FNuGc",
        "ALLOWED_HOSTS": "site.example",
        "SITE_URL": "https://site.example",
        "VAR_DIR": str(tmp_path / "var"),
        "PHONE_VERIFICATION": "false",
        "PAYMENT_GATEWAY": "razorpay",
        **KEYS,
    }
    for name, value in {**base, **env}.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    return runpy.run_path(SETTINGS)


@pytest.mark.parametrize("missing", list(KEYS))
def test_production_refuses_razorpay_with_a_key_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, missing: str
) -> None:
    with pytest.raises(ImproperlyConfigured, match=f"PAYMENT_GATEWAY=razorpay needs {missing}"):
        _settings(monkeypatch, tmp_path, **{missing: None})


def test_production_starts_with_razorpay_and_its_keys(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    loaded = _settings(monkeypatch, tmp_path, RAZORPAY_API_URL="https://sandbox.example/")
    assert loaded["PAYMENT_GATEWAY"] == "razorpay"
    assert loaded["RAZORPAY_API_URL"] == "https://sandbox.example"
    assert loaded["RAZORPAY_RECONCILE_SECONDS"] == 300


def test_production_starts_with_upi_and_no_keys(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    empty: dict[str, str | None] = dict.fromkeys(KEYS)
    loaded = _settings(monkeypatch, tmp_path, PAYMENT_GATEWAY=None, **empty)
    assert loaded["PAYMENT_GATEWAY"] == "upi"


def test_an_unknown_gateway_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with pytest.raises(ImproperlyConfigured, match="PAYMENT_GATEWAY must be upi or razorpay"):
        _settings(monkeypatch, tmp_path, PAYMENT_GATEWAY="paypal")
