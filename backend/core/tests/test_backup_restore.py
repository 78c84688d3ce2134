"""Issue 34.1: backups that restore. A site with accounts, a paid enrolment, a submission
with its file and a certificate with its credential is backed up with `manage.py backup`,
restored with `manage.py restore` into an empty install (no rows, no files, a signing key
of its own, its own var directory), and everything is found again through the API: the
learner logs in, downloads the file, and the credential still verifies with the restored
key. On PostgreSQL (make test-pg) the same test runs pg_dump and pg_restore."""

from __future__ import annotations

import io
import json
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pyrage
import pytest
import time_machine
from django.core.files.storage import storages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import Client

from accounts.models import User
from catalog.models import Course, InternshipDomain
from certificates.models import Certificate
from certificates.tests.conftest import KEY
from core.dates import INDIA
from core.env import credential_signing_keys
from core.tests.base import LEARNER, PASSWORD
from core.tests.pages import page_json
from enrolments import services as enrolment_services
from enrolments.models import Enrolment
from internships import services as internship_services
from internships.models import TaskSubmission
from internships.tests.conftest import PDF, apply

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

NOW = datetime(2026, 12, 2, 11, 0, tzinfo=INDIA)
SITE = "https://site.example"
UTR = "412345678901"


@dataclass
class Site:
    enrolment: str
    submission_id: int
    submission_file: str
    credential: dict[str, Any]


def storages_in(root: Path) -> dict[str, Any]:
    return {
        "default": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": root / "media"},
        },
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        "private": {
            "BACKEND": "core.storage.PrivateFileSystemStorage",
            "OPTIONS": {"location": root / "private"},
        },
    }


def use_storages(settings: Any, monkeypatch: pytest.MonkeyPatch, root: Path) -> None:
    settings.STORAGES = storages_in(root)
    settings.MEDIA_ROOT = root / "media"
    # A FileField's storage is made once, when the model is loaded (internships.models):
    # pointed at this install's, so the files go where STORAGES says.
    field = TaskSubmission._meta.get_field("file")
    monkeypatch.setattr(field, "storage", storages["private"])


@pytest.fixture
def install(settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The install being backed up: its var directory, files and signing key."""
    root = tmp_path / "site"
    settings.VAR_DIR = root / "var"
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_RECIPIENT = ""
    settings.BACKUP_IDENTITY = ""
    use_storages(settings, monkeypatch, root)
    settings.CREDENTIAL_SIGNING_KEYS = [KEY]
    settings.SITE_URL = SITE
    settings.RATE_LIMIT_ENABLED = False
    settings.CERTIFICATE_RENDER_DIR = tmp_path / "rendered"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    return tmp_path


def fill() -> Site:
    learner = LEARNER.create()
    staff = User.objects.create_user(
        phone="+919900000077", name="Sam Staff", password=PASSWORD, is_staff=True
    )
    course = Course.objects.create(
        slug="test-web",
        name="Test Web Development",
        short_name="Test Web",
        route="/test-web-registration",
        summary="A test course.",
        list_fee=999,
    )
    enrolment = enrolment_services.enrolment_create(
        course_slug=course.slug,
        name=learner.name,
        phone=learner.phone,
        email=learner.email,
        referral_code="",
        user=learner,
    )
    enrolment_services.enrolment_submit_utr(enrolment=enrolment, utr=UTR)
    enrolment_services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=staff)
    application = apply(learner, InternshipDomain.objects.get(slug="web-development"))
    internship_services.application_accept(application_id=application.pk, by=staff)
    submission = internship_services.submission_submit(
        user=learner,
        board_slug="tasks-1",
        task_number=1,
        link="https://github.com/asha/task-1",
        note="",
        upload=SimpleUploadedFile("report.pdf", PDF, content_type="application/pdf"),
    )
    Certificate.objects.create(
        certificate_id="WD-001", name="Priya Sharma", course="Web Development", duration="30 Days"
    )
    credential = Client().get("/api/certificates/WD-001/credential").json()
    return Site(enrolment.reference, submission.pk, submission.file.name, credential)


def backup(**options: Any) -> Path:
    out = io.StringIO()
    call_command("backup", stdout=out, stderr=io.StringIO(), **options)
    return Path(out.getvalue().strip().splitlines()[-1])


def restore(archive: Path, **options: Any) -> str:
    out = io.StringIO()
    call_command("restore", str(archive), stdout=out, stderr=io.StringIO(), **options)
    return out.getvalue()


def check(credential: dict[str, Any]) -> str:
    """The credential check's verdict, or what it refused the file with."""
    upload = SimpleUploadedFile("credential.json", json.dumps(credential).encode())
    body = Client().post("/api/credentials/check", {"file": upload}).json()
    return str(body.get("verdict") or body["message"])


def empty_install(settings: Any, monkeypatch: pytest.MonkeyPatch, root: Path) -> None:
    """What a fresh clone is before `make restore`: no rows, no files, and the key the
    embedded demo generates for itself on its first start."""
    call_command("flush", interactive=False, verbosity=0)
    settings.VAR_DIR = root / "var"
    use_storages(settings, monkeypatch, root)
    settings.CREDENTIAL_SIGNING_KEYS = credential_signing_keys(root / "var", production=False)


def test_it_backs_up_a_site_and_restores_it_into_an_empty_install(
    install: Path, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with time_machine.travel(NOW, tick=False):
        site = fill()
        archive = backup()

    assert archive.parent == install / "backups"
    assert archive.name == "backup-20261202-053000Z.tar.gz"
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600

    fresh = install / "fresh"
    empty_install(settings, monkeypatch, fresh)
    assert settings.CREDENTIAL_SIGNING_KEYS != [KEY]
    assert check(site.credential) != "valid"

    with time_machine.travel(NOW, tick=False):
        said = restore(archive)
    assert f"the {connection.vendor} database, 1 private file(s)" in said

    # The next start reads the restored key file, as the server would after `make restore`.
    settings.CREDENTIAL_SIGNING_KEYS = credential_signing_keys(fresh / "var", production=False)
    assert settings.CREDENTIAL_SIGNING_KEYS[0] == KEY
    learner = Client()
    login = learner.post(
        "/api/auth/login",
        json.dumps({"phone": LEARNER.phone, "password": PASSWORD}),
        content_type="application/json",
    )
    assert login.status_code == 200
    mine = page_json(learner, "dashboard")["enrolments"]
    assert [(e["reference"], e["status"], e["utr"]) for e in mine] == [
        (site.enrolment, "confirmed", UTR)
    ]
    assert Enrolment.objects.get(reference=site.enrolment).confirmed_by is not None
    submission = TaskSubmission.objects.get(pk=site.submission_id)
    assert submission.file.name == site.submission_file
    assert (fresh / "private" / site.submission_file).read_bytes() == PDF
    download = learner.get(f"/api/internships/submissions/{site.submission_id}/file")
    assert download.status_code == 200
    assert b"".join(download.streaming_content) == PDF  # type: ignore[attr-defined]
    assert Client().get("/api/certificates/WD-001").json()["name"] == "Priya Sharma"
    assert check(site.credential) == "valid"


def test_it_refuses_to_overwrite_a_database_that_holds_data(install: Path) -> None:
    with time_machine.travel(NOW, tick=False):
        site = fill()
        archive = backup()
    Enrolment.objects.filter(reference=site.enrolment).update(utr="999999999999")

    with pytest.raises(CommandError, match="already holds data"):
        restore(archive)

    assert Enrolment.objects.get(reference=site.enrolment).utr == "999999999999"
    restore(archive, force=True)
    assert Enrolment.objects.get(reference=site.enrolment).utr == UTR


def test_it_encrypts_to_the_recipient_and_needs_the_identity(
    install: Path, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    identity = pyrage.x25519.Identity.generate()
    identity_file = install / "backup-identity.txt"
    identity_file.write_text(f"# created for the test\n{identity}\n")
    settings.BACKUP_RECIPIENT = str(identity.to_public())
    with time_machine.travel(NOW, tick=False):
        site = fill()
        archive = backup()

    assert archive.name.endswith(".tar.gz.age")
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600
    assert PDF not in archive.read_bytes() and b"Priya Sharma" not in archive.read_bytes()
    # Nothing unencrypted is left beside it.
    assert [p.name for p in archive.parent.iterdir()] == [archive.name]

    empty_install(settings, monkeypatch, install / "fresh")
    with pytest.raises(CommandError, match="BACKUP_IDENTITY"):
        restore(archive)
    settings.BACKUP_IDENTITY = str(pyrage.x25519.Identity.generate())
    with pytest.raises(CommandError, match="Cannot decrypt"):
        restore(archive)
    # On a server, where site.env leaves BACKUP_IDENTITY empty: --identity.
    settings.BACKUP_IDENTITY = ""
    restore(archive, identity=str(identity_file))

    assert Enrolment.objects.get(reference=site.enrolment).utr == UTR


def test_it_says_what_is_wrong_with_a_file_that_is_not_an_archive(install: Path) -> None:
    junk = install / "junk.tar.gz"
    junk.write_bytes(b"not an archive")

    with pytest.raises(CommandError, match="not a backup archive"):
        restore(junk)
    with pytest.raises(CommandError, match="No archive at"):
        restore(install / "missing.tar.gz")


def test_it_refuses_a_bad_recipient_and_writes_nothing(install: Path, settings: Any) -> None:
    settings.BACKUP_RECIPIENT = "age1-not-a-key"

    with pytest.raises(CommandError, match="not an age public key"):
        backup()

    backups = install / "backups"
    assert not backups.exists() or not any(backups.iterdir())
