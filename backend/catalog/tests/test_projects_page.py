from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_lists_the_six_packages_with_their_dollar_prices(page) -> None:
    body = page("projects")["packages"]
    assert page("home")["packages"] == body
    assert {p["name"]: p["price_usd"] for p in body} == {
        "Web Project": 50,
        "Full Stack Web Project": 100,
        "E-Commerce Project": 170,
        "IoT Project": 30,
        "iOS App Project": 500,
        "Android App Project": 300,
    }
    assert set(body[0]) == {"slug", "name", "price_usd", "price_usd_display", "summary", "features"}
    assert {p["price_usd_display"] for p in body} >= {"$50", "$500"}
    ios = next(p for p in body if p["slug"] == "ios-app-project")
    assert {"Deployment", "Analytics"} <= set(ios["features"])


def test_it_keeps_the_site_and_team_shapes(page) -> None:
    site = page("basic")["site"]
    assert "brand_name" in site and "socials" in site
    team = page("home")["team"]
    assert set(team[0]) == {"name", "role", "bio", "photo_url"}
