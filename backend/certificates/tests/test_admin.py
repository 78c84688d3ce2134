from __future__ import annotations

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client

from certificates.models import Certificate
from certificates.tests.conftest import make
from core.tests.admin_pages import links_to

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/certificates/certificate/"


def test_it_searches_by_id_and_name(admin_client: Client) -> None:
    make("WD-001", name="Priya Sharma")
    make("WD-002", name="Ravi Kumar")

    by_id = admin_client.get(CHANGELIST, {"q": "wd-001"})
    by_name = admin_client.get(CHANGELIST, {"q": "ravi"})

    assert b"Priya Sharma" in by_id.content and b"Ravi Kumar" not in by_id.content
    assert b"Ravi Kumar" in by_name.content and b"Priya Sharma" not in by_name.content


def test_the_holders_name_opens_the_certificate_as_its_id_does(admin_client: Client) -> None:
    certificate = make("WD-001", name="Priya Sharma")

    page = admin_client.get(CHANGELIST).content.decode()

    url = f"{CHANGELIST}{certificate.pk}/change/"
    assert links_to(page, url, "Priya Sharma") and links_to(page, url, "WD-001")


def test_it_filters_by_status_course_and_duration(admin_client: Client) -> None:
    make("WD-001", course="Java", duration="30 Days")

    response = admin_client.get(
        CHANGELIST, {"status__exact": "valid", "course": "Java", "duration": "30 Days"}
    )

    assert response.status_code == 200
    assert b"WD-001" in response.content


def test_it_asks_for_a_reason_before_revoking(admin_client: Client) -> None:
    certificate = make("WD-001")

    response = admin_client.post(
        CHANGELIST, {"action": "revoke", ACTION_CHECKBOX_NAME: [certificate.pk]}
    )

    assert response.status_code == 200
    assert b"1 certificate will be revoked." in response.content
    assert b'name="reason"' in response.content
    assert Certificate.objects.get().status == "valid"


def test_it_revokes_with_the_reason(admin_client: Client) -> None:
    certificate = make("WD-001")
    before = certificate.updated_at

    response = admin_client.post(
        CHANGELIST,
        {
            "action": "revoke",
            ACTION_CHECKBOX_NAME: [certificate.pk],
            "apply": "1",
            "reason": "  Issued in error.  ",
        },
    )

    assert response.status_code == 302
    certificate.refresh_from_db()
    assert (certificate.status, certificate.revoked_reason) == ("revoked", "Issued in error.")
    assert certificate.revoked_at is not None
    assert certificate.updated_at > before


def test_it_does_not_revoke_without_a_reason(admin_client: Client) -> None:
    certificate = make("WD-001")

    response = admin_client.post(
        CHANGELIST,
        {"action": "revoke", ACTION_CHECKBOX_NAME: [certificate.pk], "apply": "1", "reason": ""},
    )

    assert response.status_code == 200
    assert b"This field is required" in response.content
    assert Certificate.objects.get().status == "valid"


def test_it_reinstates(admin_client: Client) -> None:
    certificate = make("WD-001", status="revoked", revoked_reason="Oops")

    step = admin_client.post(
        CHANGELIST, {"action": "reinstate", ACTION_CHECKBOX_NAME: [certificate.pk]}
    )
    assert b"1 certificate will be reinstated." in step.content
    assert Certificate.objects.get().status == "revoked"

    admin_client.post(
        CHANGELIST, {"action": "reinstate", ACTION_CHECKBOX_NAME: [certificate.pk], "apply": "1"}
    )

    certificate.refresh_from_db()
    assert (certificate.status, certificate.revoked_reason, certificate.revoked_at) == (
        "valid",
        "",
        None,
    )


def test_it_upper_cases_an_id_typed_in_the_admin(admin_client: Client) -> None:
    response = admin_client.post(
        f"{CHANGELIST}add/",
        {"certificate_id": "  wd-100 ", "name": "Asha", "course": "Java", "duration": "30 Days"},
    )

    assert response.status_code == 302
    assert Certificate.objects.get().certificate_id == "WD-100"


def test_it_refuses_a_malformed_id_in_the_admin(admin_client: Client) -> None:
    response = admin_client.post(f"{CHANGELIST}add/", {"certificate_id": "wd 100"})

    assert response.status_code == 200
    assert b"may contain only letters" in response.content
    assert not Certificate.objects.exists()


def test_it_shows_preview_links(admin_client: Client) -> None:
    certificate = make("WD-001", duration="30 Days")

    response = admin_client.get(f"{CHANGELIST}{certificate.pk}/change/")

    assert b'href="/Certificate/WD-001.png"' in response.content
    assert b'href="/LOR/WD-001.pdf"' in response.content


def test_it_is_closed_to_learners(learner_client: Client) -> None:
    response = learner_client.get(CHANGELIST)

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_the_certificate_page_revokes_and_reinstates_with_the_reason(
    admin_client: Client,
) -> None:
    certificate = make("WD-001")
    page = f"{CHANGELIST}{certificate.pk}/"
    change = admin_client.get(f"{page}change/").content.decode()
    assert f"{page}revoke/" in change and f"{page}reinstate/" not in change

    asked = admin_client.post(f"{page}revoke/", {"reason": ""})
    assert "This field is required." in asked.content.decode()
    done = admin_client.post(f"{page}revoke/", {"reason": "Issued in error."}, follow=True)

    assert "Certificate WD-001 revoked." in done.content.decode()
    certificate.refresh_from_db()
    assert (certificate.status, certificate.revoked_reason) == ("revoked", "Issued in error.")
    revoked_page = admin_client.get(f"{page}change/").content.decode()
    assert f"{page}reinstate/" in revoked_page and f"{page}revoke/" not in revoked_page

    admin_client.post(f"{page}reinstate/")
    assert Certificate.objects.get().status == "valid"


def test_a_certificate_is_never_deleted_in_the_admin(admin_client: Client) -> None:
    certificate = make("WD-001")

    listing = admin_client.get(CHANGELIST).content.decode()
    refused = admin_client.post(f"{CHANGELIST}{certificate.pk}/delete/", {"post": "yes"})
    bulk = admin_client.post(
        CHANGELIST,
        {"action": "delete_selected", ACTION_CHECKBOX_NAME: [certificate.pk], "post": "yes"},
    )

    assert 'value="delete_selected"' not in listing
    assert refused.status_code == 403 and bulk.status_code == 302
    assert Certificate.objects.get().status == "valid"
