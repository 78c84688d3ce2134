"""Which paths Django answers is one list, frontend/server/django-prefixes.json: the Node
server proxies them to Django, deploy/nginx/site.conf sends the same ones straight to
Django, and Django's URLs (or its static files) answer each of them. A prefix added in
one place and not the others fails here."""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.urls import Resolver404, resolve

PREFIXES: list[str] = json.loads(
    (settings.REPO_DIR / "frontend" / "server" / "django-prefixes.json").read_text("utf-8")
)
SITE_CONF = (settings.REPO_DIR / "deploy" / "nginx" / "site.conf").read_text("utf-8")

# A path under each prefix that Django's URLconf resolves (static files are whitenoise's).
EXAMPLES = {
    "/api/": "/api/pages/basic",
    "/admin": "/admin/",
    "/Certificate/": "/Certificate/IRC-1.png",
    "/LOR/": "/LOR/IRC-1.pdf",
    "/media/": "/media/team/photo.jpg",
    "/robots.txt": "/robots.txt",
    "/og-image.png": "/og-image.png",
    "/classes/": "/classes/1/join",
    "/calendar/": "/calendar/token.ics",
}


def test_nginx_sends_exactly_these_paths_to_django() -> None:
    # The public server's plain locations (the internal listener for the Node server
    # sends it everything, with its own block), less those inside one of them (the API's
    # upload endpoints, which take larger bodies).
    plain = r"location\s+(?:=\s+)?(\S+)\s*\{[^{}]*?proxy_pass http://site_django;[^{}]*\}"
    public = SITE_CONF.split("listen 127.0.0.1:8080;", 1)[0]
    found = set(re.findall(plain, public))
    locations = {a for a in found if not any(a != b and a.startswith(b) for b in found)}
    assert locations == set(PREFIXES)


def test_django_answers_each_of_them() -> None:
    assert settings.STATIC_URL in PREFIXES
    for prefix in PREFIXES:
        if prefix == settings.STATIC_URL:
            continue
        example = EXAMPLES[prefix]
        assert example.startswith(prefix)
        try:
            resolve(example)
        except Resolver404:  # pragma: no cover - the failure this test is for
            raise AssertionError(f"{example} ({prefix}) is not one of Django's URLs") from None
