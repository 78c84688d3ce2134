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
    # The office sees the emails the site sent and sends a failed one again, no more.
    assert staff.has_perm("post_office.view_email")
    assert staff.has_perm("post_office.change_email")
    assert not staff.has_perm("post_office.delete_email")
    assert staff.has_perm("invoices.view_invoice")
    assert staff.has_perm("reminders.view_remindersent")


def test_it_keeps_learners_out_of_the_admin(learner_client: Client) -> None:
    response = learner_client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
