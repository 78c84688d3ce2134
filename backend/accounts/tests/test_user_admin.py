"""The back office's accounts: whether a phone is confirmed, and "Send password reset
code" (accounts.change_user, as changing the account would need)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.utils import timezone

from accounts.models import User
from core.permissions import BACK_OFFICE_GROUP, back_office_group_sync
from core.tests.base import LEARNER
from core.tests.sms import last_code

pytestmark = pytest.mark.django_db


def send_url(user: User) -> str:
    return f"/admin/accounts/user/{user.pk}/send-reset-code/"


@pytest.fixture
def superuser_client() -> Client:
    boss = User.objects.create_superuser(phone="98000 11122", name="Boss", password="boss-pass-77")
    client = Client()
    client.force_login(boss)
    return client


def test_the_list_shows_whether_the_phone_is_confirmed(
    superuser_client: Client, learner: User, other_learner: User
) -> None:
    User.objects.filter(pk=other_learner.pk).update(phone_confirmed_at=timezone.now())
    page = superuser_client.get("/admin/accounts/user/").content.decode()
    assert "phone confirmed" in page.lower()
    confirmed = superuser_client.get(
        "/admin/accounts/user/?phone_confirmed_at__isempty=0"
    ).content.decode()
    assert other_learner.name in confirmed and learner.name not in confirmed


# The clock stands still: the wait reads 60 seconds however slow the machine is.
@time_machine.travel(datetime(2026, 11, 24, 10, 0, tzinfo=UTC), tick=False)
def test_a_superuser_sends_a_reset_code(superuser_client: Client, learner: User) -> None:
    page = superuser_client.get(f"/admin/accounts/user/{learner.pk}/change/").content.decode()
    assert send_url(learner) in page
    assert superuser_client.get(send_url(learner)).status_code == 200  # the confirmation
    response = superuser_client.post(send_url(learner), follow=True)
    assert "A password reset code was sent to +91 98765 43210." in response.content.decode()
    assert len(last_code(LEARNER.phone)) == 6
    # Again at once: the 60-second wait, shown, nothing sent.
    again = superuser_client.post(send_url(learner), follow=True).content.decode()
    assert "No code sent: You can ask for a new code in 60 seconds." in again


def test_back_office_staff_without_the_change_permission_cannot(staff: User, learner: User) -> None:
    back_office_group_sync()
    staff.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    client = Client()
    client.force_login(staff)
    assert client.get(f"/admin/accounts/user/{learner.pk}/change/").status_code == 200
    assert client.post(send_url(learner)).status_code == 403
    # With it, they can.
    staff.user_permissions.add(Permission.objects.get(codename="change_user"))
    assert client.post(send_url(learner)).status_code == 302


def test_back_office_staff_see_and_clear_lockouts_and_see_sms(staff: User) -> None:
    back_office_group_sync()
    staff.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    staff = User.objects.get(pk=staff.pk)
    assert staff.has_perms(["axes.view_accessattempt", "axes.delete_accessattempt"])
    assert staff.has_perm("core.view_outboundsms")
    assert not staff.has_perm("core.change_outboundsms")
    client = Client()
    client.force_login(staff)
    assert client.get("/admin/axes/accessattempt/").status_code == 200
    assert client.get("/admin/core/outboundsms/").status_code == 200


def test_a_deleted_account_is_shown_but_not_edited(superuser_client: Client, learner: User) -> None:
    from accounts.services import account_erase

    account_erase(user=learner)
    change = f"/admin/accounts/user/{learner.pk}/change/"

    page = superuser_client.get(change)
    assert page.status_code == 200
    assert "Deleted account" in page.content.decode()
    assert 'name="_save"' not in page.content.decode()

    refused = superuser_client.post(change, {"name": "Back Again", "phone": "98765 00000"})
    assert refused.status_code == 403
    learner.refresh_from_db()
    assert learner.name == "Deleted account" and learner.phone == f"deleted-{learner.pk}"
    password = superuser_client.get(f"/admin/accounts/user/{learner.pk}/password/")
    assert password.status_code == 403
