from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from certificates.models import Certificate

SITE = "https://site.example"
# Fixed Ed25519 keys (multibase secret, public): the current one, a retired one, and one
# that is not ours.
KEY = "z3u2hvC5mMUqhW18wcYyTWeqzzN2gDRybRntgWkZQorh4pxj"
KEY_PUBLIC = "z6Mkv27JbL4QuV2FfV7Vi5988dQMGz6z5Eq5as4Vkuiaqvzk"
RETIRED_KEY = "z3u2dhAqcDc4B6FN3wp6kF13V8qk5bQZNqmsn5JREvsUKzMC"
RETIRED_KEY_PUBLIC = "z6MkfqUw1wxPRyXBCs2ovLxfenoNoSUxF6jo1nc7RPXmMLNT"
FOREIGN_KEY = "z3u2brtRjkRYJzLHD3KDDtarnCDK8weV8AeAngU2bWZgWkye"
HEADER = "CertificateID,Course,Duration,Name\n"


@pytest.fixture(autouse=True)
def _certificate_settings(settings: Any, tmp_path: Path) -> None:
    settings.SITE_URL = SITE
    settings.RATE_LIMIT_ENABLED = True
    settings.RATE_LIMIT_VERIFY = "1000/m"
    settings.RATE_LIMIT_CERTIFICATE_IMPORT = "1000/h"
    settings.CERTIFICATE_IMPORT_MAX_BYTES = 10 * 1024 * 1024
    settings.CERTIFICATE_RENDER_DIR = tmp_path / "rendered"
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.CREDENTIAL_SIGNING_KEYS = [KEY]


def make(certificate_id: str = "WD-001", **fields: Any) -> Certificate:
    values: dict[str, Any] = {
        "name": "Priya Sharma",
        "course": "Web Development",
        "duration": "30 Days",
    }
    values.update(fields)
    return Certificate.objects.create(certificate_id=certificate_id, **values)


def csv_bytes(*rows: str, header: str = HEADER, bom: bool = False) -> bytes:
    text = header + "".join(f"{row}\n" for row in rows)
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode()


def source(data: bytes) -> io.BytesIO:
    return io.BytesIO(data)


@pytest.fixture
def certificate_admin(staff: User) -> User:
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="certificates"))
    return User.objects.get(pk=staff.pk)


@pytest.fixture
def admin_client(certificate_admin: User) -> Client:
    client = Client()
    client.force_login(certificate_admin)
    return client
