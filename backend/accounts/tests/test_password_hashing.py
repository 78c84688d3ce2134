"""Issue 29.7: Argon2id at OWASP's recommended parameters (19 MiB, 2 iterations, 1 lane),
and hashes made with other parameters upgraded at the account's next login."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.hashers import Argon2PasswordHasher, PBKDF2PasswordHasher, make_password
from django.test import Client

from accounts.models import User
from core.tests.base import LEARNER, PASSWORD

pytestmark = pytest.mark.django_db

OWASP = "argon2$argon2id$v=19$m=19456,t=2,p=1$"


def login(client: Client, password: str) -> int:
    response = client.post(
        "/api/auth/login",
        json.dumps({"phone": LEARNER.phone, "password": password}),
        content_type="application/json",
    )
    return response.status_code


def test_it_hashes_new_passwords_with_argon2id_at_owasps_parameters(learner: User) -> None:
    assert learner.password.startswith(OWASP)
    assert learner.check_password(PASSWORD)


@pytest.mark.parametrize(
    "old_hasher",
    [Argon2PasswordHasher(), PBKDF2PasswordHasher()],
    ids=["argon2-django-defaults", "pbkdf2"],
)
def test_it_upgrades_an_old_hash_at_the_next_login(
    client: Client, learner: User, old_hasher: object
) -> None:
    # Django's stock Argon2 parameters (m=102400, t=2, p=8), or PBKDF2: what accounts made
    # before this change hold.
    old = make_password(PASSWORD, hasher=old_hasher)  # type: ignore[arg-type]
    assert not old.startswith(OWASP)
    User.objects.filter(pk=learner.pk).update(password=old)

    assert login(client, PASSWORD) == 200

    learner.refresh_from_db()
    assert learner.password.startswith(OWASP)
    assert learner.password != old
    assert learner.check_password(PASSWORD)


def test_a_wrong_password_upgrades_nothing(client: Client, learner: User) -> None:
    old = make_password(PASSWORD, hasher=Argon2PasswordHasher())
    User.objects.filter(pk=learner.pk).update(password=old)

    assert login(client, "not-the-password-1") == 401

    learner.refresh_from_db()
    assert learner.password == old
