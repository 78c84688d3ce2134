from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

NOT_OPEN = {"UI/UX Design", "Python", "Machine Learning", "Artificial Intelligence", "Java"}


def test_it_disables_the_domains_that_are_not_open(page) -> None:
    body = page("internship")["domains"]
    assert page("home")["domains"] == body
    closed = {d["title"] for d in body if not d["is_open"]}
    assert closed == NOT_OPEN
    for domain in body:
        if domain["is_open"]:
            assert domain["disabled_reason"] is None
            assert domain["apply_url"] == f"/internship/apply/{domain['slug']}"
        else:
            assert domain["disabled_reason"] == "Applications are not open yet."
            assert domain["apply_url"] is None


def test_it_keeps_some_domains_open_with_icons(page) -> None:
    body = page("internship")["domains"]
    open_titles = {d["title"] for d in body if d["is_open"]}
    assert {"Web Development", "Android Development"} <= open_titles
    assert {d["icon"] for d in body} >= {"web", "android", "uiux", "python", "ml", "ai", "java"}


def test_it_gives_each_domain_its_duration(page) -> None:
    body = page("internship")["domains"]
    durations = {d["slug"]: d["duration"] for d in body}
    assert durations["web-development"] == "30 Days"
    assert durations["python"] == "2 Months"
