from __future__ import annotations

import os
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import settings as hypothesis_settings

from accounts.models import User
from core import sms, whatsapp
from core.tests.base import LEARNER, OTHER_LEARNER, STAFF

# Property tests draw the same examples on every run (a run never fails by luck); set
# HYPOTHESIS_PROFILE=explore to search with fresh random examples while working on them.
hypothesis_settings.register_profile("repeatable", derandomize=True, database=None)
hypothesis_settings.register_profile("explore", max_examples=500)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

# What PostgreSQL can answer differently from SQLite: row locks and concurrent writers,
# constraints and their errors, transactions, aggregates and date functions over money and
# time, the migrations' seed, the database cache and queues. `make test-pg` runs the tests
# of these modules (marked `postgres`) and every transactional test; PG_TESTS=all runs the
# whole suite there (docs/ci.md has the figures behind the choice).
POSTGRES_MODULES = re.compile(
    r"concurrency|constraint|ledger|seed|backup_restore|queue|services|self_dealing|hold|"
    r"payout|invoice_issue|certificate_id|verification_counts|ratelimit|otp|statement|"
    r"reminders|enrolment_create\b|confirm_payment|phone_owner|referral_summary|"
    r"referral_entry|multikey|cache_outage|account_delete|account_data|user_model|metrics"
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "postgres: also run on PostgreSQL by make test-pg (see POSTGRES_MODULES)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        module = item.path.stem
        fixtures = set(getattr(item, "fixturenames", ()))
        marker = item.get_closest_marker("django_db")
        transactional = "transactional_db" in fixtures or bool(
            marker and marker.kwargs.get("transaction")
        )
        if transactional or POSTGRES_MODULES.search(module):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(autouse=True)
def _clear_cache(request: pytest.FixtureRequest) -> None:
    # Rate-limit counters live in the cache (the database cache by default); every test
    # that can reach the database starts with none.
    uses_db = "django_db" in request.keywords or {"db", "transactional_db"} & set(
        request.fixturenames
    )
    if uses_db:
        cache.clear()


@pytest.fixture(autouse=True)
def _email_attachments_in_tmp(
    request: pytest.FixtureRequest, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Emails' attachments (invoices) are files in the private storage, chosen when
    # post-office's model is imported: tests keep theirs in a temporary directory.
    uses_db = "django_db" in request.keywords or {"db", "transactional_db"} & set(
        request.fixturenames
    )
    if uses_db:
        from django.core.files.storage import FileSystemStorage
        from post_office.models import Attachment

        field = Attachment._meta.get_field("file")
        monkeypatch.setattr(field, "storage", FileSystemStorage(location=tmp_path / "mail"))


@pytest.fixture(autouse=True)
def _sms_outbox(settings: Any) -> None:
    # Text messages go to core.sms.outbox (the locmem backend), empty for every test.
    settings.SMS_BACKEND = "locmem"
    sms.outbox.clear()


@pytest.fixture(autouse=True)
def _whatsapp_outbox(settings: Any) -> None:
    # WhatsApp messages go to core.whatsapp.outbox (the locmem backend), empty every test.
    settings.WHATSAPP_BACKEND = "locmem"
    whatsapp.outbox.clear()


@pytest.fixture
def learner(db: None) -> User:
    return LEARNER.create()


@pytest.fixture
def other_learner(db: None) -> User:
    return OTHER_LEARNER.create()


@pytest.fixture
def staff(db: None) -> User:
    return STAFF.create()


@pytest.fixture
def learner_client(learner: User) -> Client:
    client = Client()
    client.force_login(learner)
    return client


@pytest.fixture
def staff_client(staff: User) -> Client:
    client = Client()
    client.force_login(staff)
    return client


@pytest.fixture
def csrf_client() -> Client:
    """A client that enforces CSRF like a browser would."""
    return Client(enforce_csrf_checks=True)
