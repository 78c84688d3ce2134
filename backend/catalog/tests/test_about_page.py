from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_serves_the_about_page(page) -> None:
    about = page("about")["about"]
    assert about["title"] == "About us"
    assert about["summary"]
    assert [s["title"] for s in about["sections"]] == [
        "Who we are",
        "What we do",
        "How we teach",
        "Why work with us",
    ]
    assert "<h2 id=" in about["body_html"]
