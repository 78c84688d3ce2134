from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_lists_sample_portfolio_items_marked_as_samples(page) -> None:
    body = page("portfolio")["portfolio"]
    assert 4 <= len(body) <= 6
    for item in body:
        assert item["title"].startswith("Sample:")
        assert "sample" in item["summary"].lower()
        assert item["tech_stack"]
        assert item["image_url"] is None
    assert {i["category"] for i in body} >= {"web", "app", "iot"}
