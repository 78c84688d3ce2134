from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from accounts.models import User
from core.permissions import BACK_OFFICE_GROUP, back_office_group_sync


@pytest.fixture
def office(staff: User) -> Client:
    """A staff member of the Back office group (its emails included), logged in."""
    back_office_group_sync()
    staff.groups.add(Group.objects.get(name=BACK_OFFICE_GROUP))
    client = Client()
    client.force_login(User.objects.get(pk=staff.pk))
    return client
