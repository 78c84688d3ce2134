"""The grievance contact (DPDP Act 2023): a site setting that the privacy policy's rights
section (rendered by the frontend) names, read from the site settings every page carries."""

from __future__ import annotations

import pytest
from django.test import Client

from catalog.selectors import site_settings_row
from core.tests.pages import page_json

pytestmark = pytest.mark.django_db


def test_the_pages_give_the_grievance_officer(client: Client) -> None:
    row = site_settings_row()
    row.grievance_officer = "Priya Sharma, privacy@company.in"
    row.save()
    site = page_json(client, "policies/privacy", path="/privacy-policy")["site"]
    assert site["grievance_officer"] == "Priya Sharma, privacy@company.in"


def test_the_shipped_value_is_a_placeholder_on_the_launch_checklist() -> None:
    from backoffice.selectors import site_settings_placeholders

    assert "Grievance officer" in site_settings_placeholders()
