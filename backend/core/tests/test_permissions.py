from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from accounts.models import User
from core.permissions import BACK_OFFICE_GROUP, back_office_group_sync

pytestmark = pytest.mark.django_db


def test_it_lets_back_office_staff_work_on_content_but_not_accounts(staff: User) -> None:
    back_office_group_sync()
    staff.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    staff = User.objects.get(pk=staff.pk)  # fresh permission cache
    assert staff.has_perm("catalog.change_sitesettings")
    assert staff.has_perm("enquiries.change_enquiry")
    assert staff.has_perm("accounts.view_user")
    assert not staff.has_perm("accounts.change_user")


def test_it_keeps_learners_out_of_the_admin(learner_client: Client) -> None:
    response = learner_client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
