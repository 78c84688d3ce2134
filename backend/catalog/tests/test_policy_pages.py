from __future__ import annotations

import pytest

from catalog.models import PolicyPage
from catalog.selectors import policy_page_get
from core.errors import NotFound

pytestmark = pytest.mark.django_db


def policy(page, slug: str, path: str):
    return page(f"policies/{slug}", path=path)["policy"]


def test_it_serves_the_privacy_policy_with_its_sections_and_date(page) -> None:
    privacy = policy(page, "privacy", "/privacy-policy")
    assert privacy["route"] == "/privacy-policy"
    assert privacy["last_updated"] == "2023-04-01"
    titles = [s["title"] for s in privacy["sections"]]
    for expected in (
        "Information we collect",
        "Disclosure of information",
        "Data retention",
        "Your rights",
        "Children under 13",
        "Do Not Track",
        "Security",
        "Data breach",
        "Changes to this policy",
        "Refunds",
        "Acceptance of this policy",
        "Contact us",
    ):
        assert expected in titles
    for section in privacy["sections"]:
        assert f'<h2 id="{section["id"]}">' in privacy["body_html"]


def test_it_serves_the_project_terms_and_refund_rule(page) -> None:
    terms = policy(page, "terms", "/t&c")
    assert terms["route"] == "/t&c"
    assert "Project terms" in [s["title"] for s in terms["sections"]]
    assert "Rs. 2,000 per hour" in terms["body_html"]
    assert "Rs. 500 per hour" in terms["body_html"]
    refund = policy(page, "refund", "/refund-and-cancellation-policy")
    assert refund["route"] == "/refund-and-cancellation-policy"
    text = " ".join(refund["body_html"].split())
    assert "<strong>not allotted</strong>" in text
    assert "we refund the full amount you paid" in text


def test_it_strips_scripts_and_unsafe_links_from_the_markdown(page) -> None:
    PolicyPage.objects.filter(slug="refund").update(
        body="## Hello\n\n<script>alert('x')</script>\n\n"
        '[click](javascript:alert(1)) <img src=x onerror="alert(2)"> <b onclick="x()">bold</b>'
    )
    # .update() skips the signals; a save from the admin bumps the cache version itself.
    PolicyPage.objects.get(slug="refund").save()
    refund = policy(page, "refund", "/refund-and-cancellation-policy")
    html = refund["body_html"]
    assert "<script" not in html and "alert('x')" not in html
    assert "javascript:" not in html
    assert "onerror" not in html and "onclick" not in html and "<img" not in html
    assert "<b>bold</b>" in html
    assert refund["sections"] == [{"id": "hello", "title": "Hello"}]


def test_it_answers_a_null_policy_for_an_unknown_policy(page) -> None:
    assert policy(page, "cookies", "/cookies") is None
    with pytest.raises(NotFound, match=r"No such policy page\."):
        policy_page_get(slug="cookies")
