"""The back office's page of message texts: every email and SMS filled with its sample
values, for staff who may view message preferences; refused to anyone else."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from core.messages import message_templates, render_message
from core.tests.base import LEARNER, STAFF

pytestmark = pytest.mark.django_db

URL = "/admin/notifications/messagepreferences/texts/"


def _client(persona_user: object) -> Client:
    client = Client()
    client.force_login(persona_user)  # type: ignore[arg-type]
    return client


def test_it_is_at_its_address() -> None:
    assert reverse("admin:notifications_texts") == URL


def test_it_shows_every_message_filled_with_its_sample_to_staff_allowed() -> None:
    staff = STAFF.create()
    staff.user_permissions.add(Permission.objects.get(codename="view_messagepreferences"))

    response = _client(staff).get(URL)

    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    templates = message_templates()
    assert len(templates) >= 14
    for template in templates:
        subject, body = render_message(template.name, template.sample)
        assert template.name in page
        assert subject in page
        assert body in page


def test_it_refuses_staff_without_the_permission() -> None:
    response = _client(STAFF.create()).get(URL)

    assert response.status_code == 403


def test_it_sends_a_learner_and_a_visitor_to_the_login() -> None:
    learner = _client(LEARNER.create()).get(URL)
    visitor = Client().get(URL)

    assert learner.status_code == 302 and "/admin/login/" in learner["Location"]
    assert visitor.status_code == 302 and "/admin/login/" in visitor["Location"]
