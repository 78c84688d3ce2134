"""SITE_URL, the address every absolute link is built on (certificates, letters, QR codes,
share and LinkedIn links, emails): `make run` sets it from HOST and PORT when it is unset;
production refuses to start without it."""

from __future__ import annotations

import os
import re
import runpy
import secrets
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured

BACKEND_DIR = Path(django_settings.BACKEND_DIR)
REPO_DIR = BACKEND_DIR.parent
SETTINGS = str(BACKEND_DIR / "config" / "settings.py")


def _settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str | None) -> dict[str, Any]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path / "var"))
    for name, value in env.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    return runpy.run_path(SETTINGS)


def _production(**env: str | None) -> dict[str, str | None]:
    return {
        "DJANGO_ENV": "production",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(64),
        # A throwaway Ed25519 key (production refuses to start without one).
        "CREDENTIAL_SIGNING_KEY": "z3u2dsjcyU63dDnjH34VW1hxhJzdgywArsDhKtMKG54FNuGc",
        "ALLOWED_HOSTS": "site.example",
        # Production refuses the console SMS backend while sign-up asks for a code.
        "PHONE_VERIFICATION": "false",
        **env,
    }


def test_it_uses_the_site_url_it_is_given(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    computed = _settings(monkeypatch, tmp_path, SITE_URL="http://10.0.0.5:9000/")
    assert computed["SITE_URL"] == "http://10.0.0.5:9000"
    assert computed["CSRF_TRUSTED_ORIGINS"] == ["http://10.0.0.5:9000"]


def test_it_defaults_to_the_local_address_outside_production(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    computed = _settings(monkeypatch, tmp_path, SITE_URL=None, DJANGO_ENV=None)
    assert computed["SITE_URL"] == "http://127.0.0.1:8000"


@pytest.mark.parametrize("value", [None, "", "  "])
def test_it_refuses_to_start_in_production_without_a_site_url(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str | None
) -> None:
    with pytest.raises(ImproperlyConfigured, match="SITE_URL must be set"):
        _settings(monkeypatch, tmp_path, **_production(SITE_URL=value))


def test_it_starts_in_production_with_a_site_url(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    computed = _settings(monkeypatch, tmp_path, **_production(SITE_URL="https://site.example"))
    assert computed["SITE_URL"] == "https://site.example"


@pytest.mark.parametrize("value", ["site.example", "ftp://site.example", "//site.example"])
def test_it_refuses_a_site_url_that_is_not_an_http_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str
) -> None:
    with pytest.raises(ImproperlyConfigured, match="SITE_URL must start with http"):
        _settings(monkeypatch, tmp_path, SITE_URL=value)


def test_manage_py_says_why_it_refuses_to_start(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update({k: v for k, v in _production().items() if v is not None})
    env["VAR_DIR"] = str(tmp_path / "var")
    result = subprocess.run(
        [sys.executable, str(BACKEND_DIR / "manage.py"), "check"],
        cwd=BACKEND_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "SITE_URL must be set when DJANGO_ENV=production" in result.stderr


def _make_run_dry(*args: str, site_url: str | None = None) -> str:
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "MAKEFLAGS", "MAKELEVEL")}
    if site_url is not None:
        env["SITE_URL"] = site_url
    result = subprocess.run(
        [make, "--no-print-directory", "-n", "run", *args],
        cwd=REPO_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    # The recipe: gunicorn on DJANGO_PORT behind the Node server on PORT.
    return result.stdout


def test_make_run_sets_site_url_from_host_and_port() -> None:
    serve = _make_run_dry("PORT=9000")
    assert re.search(r"""\bSITE_URL=["']?http://127\.0\.0\.1:9000["']?\s""", serve), serve
    assert "PORT=9000 DJANGO_URL=http://127.0.0.1:9001" in serve
    assert "--bind 127.0.0.1:9001" in serve

    serve = _make_run_dry("HOST=0.0.0.0", "PORT=8080")
    assert re.search(r"""\bSITE_URL=["']?http://0\.0\.0\.0:8080["']?\s""", serve), serve


def test_make_run_keeps_a_site_url_that_is_set() -> None:
    serve = _make_run_dry("PORT=9000", site_url="https://www.site.example")
    assert re.search(r"""\bSITE_URL=["']?https://www\.site\.example["']?\s""", serve), serve
