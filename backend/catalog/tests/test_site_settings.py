"""The site settings every page carries, the home page's team and the portfolio: the
cached rows as their schemas render them (SiteOut's socials, phone and phrases; the files'
addresses; empty links as null)."""

from __future__ import annotations

import pytest
from django.test import Client

from catalog.models import PortfolioItem, TeamMember
from catalog.selectors import site_settings_cached, site_settings_row
from core.tests.pages import page_json

pytestmark = pytest.mark.django_db


def test_it_renders_the_settings_with_their_socials_phone_and_phrases(client: Client) -> None:
    row = site_settings_row()
    row.brand_name = "Test Brand"
    row.phone = "+919876500000"
    for field in ("linkedin_url", "youtube_url", "x_url", "github_url"):
        setattr(row, field, "")
    row.instagram_url = "https://instagram.com/test"
    row.facebook_url = "https://facebook.com/test"
    row.whatsapp_number = "+91 98765 00000"
    row.typed_phrases = "Websites\n  Apps  \n\nIoT"
    row.save()

    body = page_json(client, "basic")["site"]

    assert body["brand_name"] == "Test Brand"
    assert (body["phone"], body["phone_display"]) == ("+919876500000", "+91 98765 00000")
    # In a fixed order (Facebook before Instagram), then WhatsApp by its number.
    assert body["socials"] == [
        {"label": "Facebook", "url": "https://facebook.com/test", "icon": "facebook"},
        {"label": "Instagram", "url": "https://instagram.com/test", "icon": "instagram"},
        {"label": "WhatsApp", "url": "https://wa.me/919876500000", "icon": "whatsapp"},
    ]
    assert body["typed_phrases"] == ["Websites", "Apps", "IoT"]
    assert set(body) == {
        "brand_name",
        "tagline",
        "email",
        "phone",
        "phone_display",
        "address",
        "socials",
        "typed_phrases",
        "upi_payee_id",
        "upi_payee_name",
        "grievance_officer",
    }


def test_it_shows_a_phone_that_is_no_international_number_as_typed(client: Client) -> None:
    row = site_settings_row()
    row.phone = "080 1234 5678"
    row.save()

    assert page_json(client, "basic")["site"]["phone_display"] == "080 1234 5678"


def test_a_save_shows_at_once_and_the_cached_copy_is_the_row(client: Client) -> None:
    page_json(client, "basic")
    row = site_settings_row()
    row.tagline = "New tagline"
    row.save()

    assert page_json(client, "basic")["site"]["tagline"] == "New tagline"
    assert site_settings_cached().tagline == "New tagline"


def test_it_gives_the_files_addresses_and_null_for_what_is_missing(client: Client) -> None:
    TeamMember.objects.all().delete()
    TeamMember.objects.create(name="Asha", role="Lead", bio="", photo="team/asha.png")
    TeamMember.objects.create(name="Ravi", role="Dev", bio="")
    PortfolioItem.objects.all().delete()
    PortfolioItem.objects.create(
        slug="shop",
        title="Shop",
        summary="A shop.",
        tech_stack="React\nDjango",
        link_url="https://shop.example",
        image="portfolio/shop.png",
    )
    PortfolioItem.objects.create(slug="app", title="App", category="app", summary="An app.")

    team = page_json(client, "home")["team"]
    portfolio = page_json(client, "portfolio")["portfolio"]

    assert [m["photo_url"] for m in team] == ["/media/team/asha.png", None]
    assert portfolio == [
        {
            "slug": "app",
            "title": "App",
            "category": "app",
            "category_label": "Mobile app",
            "summary": "An app.",
            "description": "",
            "tech_stack": [],
            "link_url": None,
            "image_url": None,
        },
        {
            "slug": "shop",
            "title": "Shop",
            "category": "web",
            "category_label": "Website",
            "summary": "A shop.",
            "description": "",
            "tech_stack": ["React", "Django"],
            "link_url": "https://shop.example",
            "image_url": "/media/portfolio/shop.png",
        },
    ]
