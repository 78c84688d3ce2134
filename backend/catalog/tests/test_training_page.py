from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_lists_the_five_programme_rows(page) -> None:
    body = page("training")["programme"]
    assert [(r["title"], r["duration_text"]) for r in body] == [
        ("Live Projects", "2 months"),
        ("Summer Internship", "2 months"),
        ("Industrial Project Completion Certificate", "Duration varies"),
        ("Internship Completion Certificate", "2 months"),
        ("Job Opportunities", "After 2 months of live projects and 2 months of internship"),
    ]
    assert "3 live projects" in body[0]["detail"]
