"""The contact form on /getquote (the header's Contact Us, "Ask about this course", the
policies' contact link): a student's general enquiry names no package; a quote does."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from catalog.models import ProjectPackage
from enquiries.models import Enquiry
from enquiries.tests.conftest import contact_payload, post, quote_payload

pytestmark = pytest.mark.django_db

GENERAL = {"omitted": {}, "null": {"package": None}, "empty": {"package": ""}}


@pytest.mark.parametrize("package", GENERAL.values(), ids=GENERAL.keys())
def test_it_stores_a_general_enquiry_without_a_package(
    client: Client, package: dict[str, Any]
) -> None:
    payload = contact_payload(subject="Question about Java", **package)

    response = post(client, payload)

    assert response.status_code == 201, response.json()
    enquiry = Enquiry.objects.get()
    assert (enquiry.kind, enquiry.package, enquiry.package_name) == ("contact", None, "")
    assert enquiry.subject == "Question about Java"


def test_it_stores_a_quote_for_the_package_chosen(client: Client, package: ProjectPackage) -> None:
    response = post(client, quote_payload(package=package.slug))

    assert response.status_code == 201, response.json()
    enquiry = Enquiry.objects.get()
    assert (enquiry.kind, enquiry.package, enquiry.package_name) == ("quote", package, "Test Shop")


def test_it_documents_the_package_as_optional(client: Client) -> None:
    schema = client.get("/api/openapi.json").json()["components"]["schemas"]["EnquiryCreateIn"]

    assert "package" not in schema["required"]
    assert {"type": "null"} in schema["properties"]["package"]["anyOf"]
    assert "general enquiry" in schema["properties"]["package"]["description"].lower()
