"""The back office's Message texts (backoffice.message_texts): every message as its reader
sees it, from the live site settings, with this site's links; staff allowed add a
paragraph of their own words to an email, which is stored and sent as plain data."""

from __future__ import annotations

import html

import pytest
from django.conf import settings
from django.contrib.auth.models import Permission
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.models import User
from backoffice.message_texts import APP_MESSAGES, editable_keys, message_texts
from catalog.selectors import site_settings_row
from certificates.models import Certificate
from core.messages import message_templates, render_message
from core.models import MessageWords
from core.tests.base import LEARNER, STAFF
from core.tests.mail import queued_about
from notifications import messages
from notifications.services import notify

pytestmark = pytest.mark.django_db

URL = "/admin/notifications/messagepreferences/texts/"
KEY = "enrolments/messages/payment_not_confirmed"
HOSTILE = "{{ settings.SECRET_KEY }} {% debug %} <script>alert(1)</script>"


def _staff(*codenames: str) -> User:
    staff = STAFF.create()
    for codename in codenames:
        staff.user_permissions.add(Permission.objects.get(codename=codename))
    return staff


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _viewer() -> Client:
    return _client(_staff("view_messagepreferences"))


def _editor() -> Client:
    return _client(_staff("view_messagepreferences", "change_messagewords"))


def _page(response: object) -> str:
    return html.unescape(response.content.decode())  # type: ignore[attr-defined]


def test_it_is_at_its_address_and_the_list_button_leads_there() -> None:
    assert reverse("messagetexts:page") == URL
    response = _viewer().get("/admin/notifications/messagepreferences/texts-link/", follow=False)
    assert response.status_code == 302 and response["Location"] == URL


def test_every_app_message_has_a_heading_on_the_page() -> None:
    shown = set(APP_MESSAGES) | {t.app_email for t in messages.TEMPLATES}
    assert {t.name for t in message_templates()} <= shown


def test_each_message_is_shown_as_sent_with_office_headings_and_no_file_paths() -> None:
    row = site_settings_row()
    row.brand_name = "Skillpath Academy"
    row.save()
    cache.clear()

    response = _viewer().get(URL)

    assert response.status_code == 200
    page = _page(response)
    assert "YourBrand" not in page and "https://example.com" not in page
    assert "/messages/" not in page and ".txt" not in page
    texts = message_texts()
    assert len(texts) == len(messages.TEMPLATES) + len(APP_MESSAGES)
    for text in texts:
        assert text.heading in page and text.when in page
        assert text.subject in page
        for words in (text.sms, text.whatsapp):
            assert words in page
    [confirmed] = [t for t in texts if t.whatsapp_name == "payment_confirmed"]
    assert "Skillpath Academy" in confirmed.email
    assert f"{settings.SITE_URL}/dashboard" in confirmed.whatsapp


def test_the_sample_verify_link_is_a_real_certificates_page() -> None:
    Certificate.objects.create(certificate_id="WD-900", name="Priya Sharma", course="Web")

    [text] = [t for t in message_texts() if t.whatsapp_name == "certificate_issued"]

    assert f"{settings.SITE_URL}/verify/WD-900" in text.whatsapp
    assert f"{settings.SITE_URL}/verify/WD-900" in text.email
    assert Client().get("/api/certificates/WD-900").status_code == 200


def test_view_only_staff_read_the_page_but_cannot_save() -> None:
    client = _viewer()

    page = _page(client.get(URL))
    refused = client.post(URL, {"message": KEY, "email_extra": "Hi", "action": "save"})

    assert "Your words in this email" not in page and "<textarea" not in page
    assert refused.status_code == 403
    assert not MessageWords.objects.exists()


def test_staff_words_are_saved_and_sent_as_typed_never_as_a_template() -> None:
    client = _editor()

    response = client.post(URL, {"message": KEY, "email_extra": HOSTILE, "action": "save"})

    assert response.status_code == 302
    assert MessageWords.objects.get(message=KEY).email_extra == HOSTILE
    raw = client.get(response["Location"]).content.decode()
    assert "<script>alert(1)</script>" not in raw
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in raw
    assert settings.SECRET_KEY not in raw
    _subject, body = render_message(
        KEY,
        {"name": "Asha", "course": "Web", "reference": "ENR-1", "reason": "No", "brand": "B"},
    )
    assert body.endswith(f"\n\n{HOSTILE}\n\n-- B\n")
    assert settings.SECRET_KEY not in body


def test_words_added_to_a_notify_message_go_in_its_email(learner: User) -> None:
    name = "notifications/messages/task_opened"
    assert name in editable_keys()
    _editor().post(URL, {"message": name, "email_extra": HOSTILE, "action": "save"})

    notify(
        user=learner,
        notice=messages.task_opened(name="Asha", number=2, title="Page", board_link="b"),
    )

    [email] = queued_about("internship.task_opened")
    assert f"\n\n{HOSTILE}\n\n-- {settings.SITE_URL}\n" in email.message
    assert settings.SECRET_KEY not in email.message


def test_a_preview_shows_the_words_and_saves_nothing() -> None:
    response = _editor().post(
        URL, {"message": KEY, "email_extra": "See you soon.", "action": "preview"}
    )

    assert response.status_code == 200
    page = _page(response)
    assert "preview, not saved" in page and "See you soon." in page
    assert not MessageWords.objects.exists()


def test_too_many_words_are_refused_and_nothing_changes() -> None:
    MessageWords.objects.create(message=KEY, email_extra="Before")

    response = _editor().post(URL, {"message": KEY, "email_extra": "x" * 501, "action": "save"})

    assert response.status_code == 400
    assert "Use at most 500 characters (you typed 501). Nothing was saved." in _page(response)
    assert MessageWords.objects.get(message=KEY).email_extra == "Before"


def test_back_to_our_standard_words_removes_them() -> None:
    MessageWords.objects.create(message=KEY, email_extra="Before")
    client = _editor()

    response = client.post(URL, {"message": KEY, "email_extra": "Before", "action": "reset"})

    assert not MessageWords.objects.exists()
    assert "Back to our standard words." in _page(client.get(response["Location"]))


def test_an_unknown_message_or_action_is_refused_and_nothing_saved() -> None:
    client = _editor()

    for data in (
        {"message": "accounts/messages/code", "email_extra": "x", "action": "save"},
        {"message": "../settings", "email_extra": "x", "action": "save"},
        {"message": KEY, "email_extra": "x", "action": "delete"},
    ):
        response = client.post(URL, data)
        assert response.status_code == 400
        assert "Nothing was saved." in _page(response)
    assert not MessageWords.objects.exists()


def test_it_refuses_staff_without_the_permission_and_sends_others_to_the_login() -> None:
    assert _client(STAFF.create()).get(URL).status_code == 403
    learner = _client(LEARNER.create()).get(URL)
    visitor = Client().get(URL)
    assert learner.status_code == 302 and "/admin/login/" in learner["Location"]
    assert visitor.status_code == 302 and "/admin/login/" in visitor["Location"]
