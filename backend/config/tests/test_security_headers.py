"""Security headers on a page, an API answer and an admin page, in development and
production settings, and `manage.py check --deploy` clean with production settings."""

from __future__ import annotations

import os
import re
import runpy
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

BACKEND_DIR = Path(django_settings.BACKEND_DIR)
# Pages are the Node server's (frontend/server.mjs, checked by the e2e suite); Django
# answers the API, the admin and a few files such as robots.txt.
PAGE, API, ADMIN = "/robots.txt", "/api/pages/basic", "/admin/login/"
PRODUCTION_HOST = "site.example"


def _production_env(tmp_path: Path) -> dict[str, str]:
    return {
        "DJANGO_ENV": "production",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(64),
        # A throwaway Ed25519 key (production refuses to start without one).
        "CREDENTIAL_SIGNING_KEY": "z3u2dsjcyU63dDnjH34VW1hxhJzdgywArsDhKtMKG54FNuGc",
        "ALLOWED_HOSTS": PRODUCTION_HOST,
        "SITE_URL": f"https://{PRODUCTION_HOST}",
        "VAR_DIR": str(tmp_path / "var"),
        # Production refuses the console SMS backend while sign-up asks for a code.
        "PHONE_VERIFICATION": "false",
    }


def _csp(response: Any) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = [part.strip().split() for part in header.split(";") if part.strip()]
    return {d[0]: d[1:] for d in directives}


def _assert_common_headers(response: Any, *, admin: bool = False) -> None:
    csp = _csp(response)
    assert csp["default-src"] == ["'self'"]
    if admin:
        # The admin theme's two exceptions (config/urls.py, django-csp's csp_update):
        # scripts still only from this origin.
        assert csp["script-src"] == ["'self'", "'unsafe-eval'"]
        assert csp["style-src"] == ["'self'", "'unsafe-inline'"]
    else:
        assert csp["script-src"] == ["'self'"]
        assert csp["style-src"] == ["'self'"]
        assert "'unsafe-inline'" not in response["Content-Security-Policy"]
        assert "'unsafe-eval'" not in response["Content-Security-Policy"]
    assert csp["object-src"] == ["'none'"]
    assert csp["base-uri"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["form-action"] == ["'self'"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    policy = response["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in policy
    assert "clipboard-write=(self)" in policy


@pytest.mark.parametrize("path", [PAGE, API, ADMIN])
def test_it_sends_the_security_headers_in_development(path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 200
    _assert_common_headers(response, admin=path == ADMIN)
    assert "upgrade-insecure-requests" not in _csp(response)
    assert "Strict-Transport-Security" not in response


def test_it_serves_the_api_docs_under_the_same_policy() -> None:
    response = Client().get("/api/docs")
    assert response.status_code == 200
    _assert_common_headers(response)
    html = response.content.decode()
    # Swagger UI comes from this origin (ninja's copy in /static/), with no inline script.
    assert "/static/ninja/swagger-ui-bundle.js" in html
    # Every script and stylesheet is this origin's (the page's random tokens are not read).
    sources = re.findall(r"""<(?:script|link)\b[^>]*\b(?:src|href)=["']([^"']+)""", html)
    assert sources
    assert [s for s in sources if not s.startswith("/") or s.startswith("//")] == []


@pytest.fixture
def production(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The security settings settings.py computes with DJANGO_ENV=production."""
    for name, value in _production_env(tmp_path).items():
        monkeypatch.setenv(name, value)
    computed = runpy.run_path(str(BACKEND_DIR / "config" / "settings.py"))
    names = [
        n
        for n in computed
        if n.startswith(("SECURE_", "SESSION_COOKIE_", "CSRF_COOKIE_"))
        or n in ("CONTENT_SECURITY_POLICY", "PERMISSIONS_POLICY", "X_FRAME_OPTIONS")
    ]
    return {name: computed[name] for name in names} | {"ALLOWED_HOSTS": [PRODUCTION_HOST]}


@pytest.mark.parametrize("path", [PAGE, API, ADMIN])
def test_it_sends_the_production_headers(production: dict[str, Any], path: str) -> None:
    with override_settings(**production):
        client = Client(HTTP_HOST=PRODUCTION_HOST)
        insecure = client.get(path)
        response = client.get(path, secure=True)
    assert insecure.status_code == 301
    assert insecure["Location"] == f"https://{PRODUCTION_HOST}{path}"
    assert response.status_code == 200
    _assert_common_headers(response, admin=path == ADMIN)
    assert "upgrade-insecure-requests" in _csp(response)
    assert response["Strict-Transport-Security"] == ("max-age=31536000; includeSubDomains; preload")


def test_it_sets_secure_cookies_in_production(production: dict[str, Any]) -> None:
    assert production["SESSION_COOKIE_SECURE"] is True
    assert production["CSRF_COOKIE_SECURE"] is True
    with override_settings(**production):
        response = Client(HTTP_HOST=PRODUCTION_HOST).get("/api/auth/csrf", secure=True)
    cookie = response.cookies[django_settings.CSRF_COOKIE_NAME]
    assert cookie["secure"] is True
    assert cookie["samesite"] == "Lax"


def test_it_refuses_to_start_with_debug_in_production(tmp_path: Path) -> None:
    env = {**os.environ, **_production_env(tmp_path), "DEBUG": "true"}
    result = _manage(["check"], env)
    assert result.returncode != 0
    assert "DEBUG must be false when DJANGO_ENV=production" in result.stderr


def test_it_passes_check_deploy_with_production_settings(tmp_path: Path) -> None:
    env = {**os.environ, **_production_env(tmp_path)}
    for name in ("DEBUG", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "DATABASE_URL"):
        env.pop(name, None)
    result = _manage(["check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def _manage(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, str(BACKEND_DIR / "manage.py"), *args],
        cwd=BACKEND_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
