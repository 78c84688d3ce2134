from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

# Every figure of docs/product.md §2: (slug, route, list, offer, timing, days, doubt, reward).
COURSES = [
    (
        "web-development",
        "/Web-Development-registration",
        2499,
        999,
        "9:00 PM - 11:00 PM",
        "Mon/Wed/Fri",
        "Sunday",
        150,
    ),
    (
        "android-development",
        "/Android-Development-registration",
        3499,
        None,
        "9:00 PM - 11:00 PM",
        "Mon/Wed/Fri",
        "Sunday",
        200,
    ),
    ("java", "/java-registration", 2499, 499, "9:00 PM - 11:00 PM", "Mon/Wed/Fri", "Sunday", 100),
    (
        "python",
        "/python-registration",
        4499,
        None,
        "5:00 PM - 7:00 PM",
        "Mon/Wed/Fri",
        "Saturday",
        300,
    ),
]


def test_it_lists_the_four_course_cards_in_order_without_the_bootcamp(get_json) -> None:
    status, body = get_json("/api/courses")
    assert status == 200
    assert [c["slug"] for c in body] == [c[0] for c in COURSES]
    assert all(not c["is_bootcamp"] for c in body)


@pytest.mark.parametrize(
    ("slug", "route", "list_fee", "offer_fee", "timing", "days", "doubt", "reward"), COURSES
)
def test_it_serves_every_seeded_course_figure(
    get_json, slug, route, list_fee, offer_fee, timing, days, doubt, reward
) -> None:
    status, course = get_json(f"/api/courses/{slug}")
    assert status == 200
    assert course["route"] == route
    assert course["list_fee"] == list_fee
    assert course["offer_fee"] == offer_fee
    assert course["has_offer"] is (offer_fee is not None)
    assert course["payable_fee"] == (offer_fee or list_fee)
    assert course["timing"] == timing
    assert course["days"] == days
    assert course["doubt_session"] == doubt
    assert course["referral_reward"] == reward
    assert course["duration_text"] == "3 Months"
    assert course["mode"] == "Online"
    assert course["certificate"] is True
    assert len(course["highlights"]) >= 3
    assert len(course["syllabus"]) >= 5


def test_it_formats_fees_in_rupees(get_json) -> None:
    _, web = get_json("/api/courses/web-development")
    assert web["list_fee_display"] == "₹2,499"
    assert web["offer_fee_display"] == "₹999"
    assert web["payable_fee_display"] == "₹999"
    assert web["referral_reward_display"] == "₹150"
    _, java = get_json("/api/courses/java")
    assert java["offer_fee_display"] == "₹499"
    assert java["offer_label"] == "Promotional offer"
    _, python = get_json("/api/courses/python")
    assert python["list_fee_display"] == "₹4,499"
    assert python["offer_fee_display"] is None
    assert python["payable_fee_display"] == "₹4,499"


def test_it_serves_the_bootcamp_by_slug_and_route(get_json) -> None:
    status, bootcamp = get_json("/api/courses/java-android-bootcamp")
    assert status == 200
    assert bootcamp["is_bootcamp"] is True
    assert bootcamp["list_fee"] == 199
    assert bootcamp["payable_fee_display"] == "₹199"
    assert bootcamp["duration_text"] == "1 Month"
    assert bootcamp["timing"] == bootcamp["days"] == bootcamp["doubt_session"] == ""
    assert bootcamp["referral_reward"] == 0
    assert bootcamp["referral_reward_display"] is None
    # Properly encoded, and with "+" left raw (which a query string decodes to a space).
    for url in (
        "/api/courses/by-route?path=%2Fjava%2Bandroid_bootcamp",
        "/api/courses/by-route?path=/java+android_bootcamp",
    ):
        status, found = get_json(url)
        assert status == 200
        assert found["slug"] == "java-android-bootcamp"


def test_it_finds_a_course_by_its_page_path(get_json) -> None:
    status, course = get_json("/api/courses/by-route", path="/java-registration")
    assert status == 200
    assert course["slug"] == "java"


def test_it_answers_404_with_the_envelope_for_an_unknown_course(get_json) -> None:
    status, body = get_json("/api/courses/no-such-course")
    assert status == 404
    assert body == {"message": "No such course.", "extra": {}}
    status, body = get_json("/api/courses/by-route", path="/nowhere")
    assert status == 404
    assert set(body) == {"message", "extra"}


def test_it_hides_inactive_courses(get_json) -> None:
    from catalog.models import Course

    Course.objects.filter(slug="python").update(is_active=False)
    _, body = get_json("/api/courses")
    assert "python" not in [c["slug"] for c in body]
    status, _ = get_json("/api/courses/python")
    assert status == 404
