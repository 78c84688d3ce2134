"""The back office's Reports page (docs/product.md section 23) and its tables' CSV files.

Both only read: GET (and HEAD) alone are answered. The figures are the enrolments' money
and progress, so reading them takes the view permission on enrolments (REPORTS_PERMISSION),
which view-only staff hold; staff without it are refused (403), and anyone not logged in
as staff is sent to the back office's login by the admin site's own view wrapper.
"""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.http import require_safe

from backoffice.report_tables import report_sections, report_table
from backoffice.reports import report_cached
from core.dates import datetime_display

REPORTS_PERMISSION = "enrolments.view_enrolment"


def reports_allowed(request: HttpRequest) -> bool:
    user = request.user
    return bool(user.is_active and user.is_staff and user.has_perm(REPORTS_PERMISSION))


def _check(request: HttpRequest) -> None:
    if not reports_allowed(request):
        raise PermissionDenied("Reading the reports needs the view permission on enrolments.")


@require_safe
def reports_page(request: HttpRequest) -> HttpResponse:
    _check(request)
    report = report_cached()
    context = {
        **admin.site.each_context(request),
        "title": "Reports",
        "made_at": datetime_display(report.made_at),
        "sections": report_sections(report),
    }
    # The admin site's view wrapper marks the answers private and never cached.
    return TemplateResponse(request, "backoffice/reports.html", context)


@require_safe
def report_csv(request: HttpRequest, slug: str) -> HttpResponse:
    _check(request)
    table = report_table(report_cached(), slug)
    if table is None:
        raise Http404("No such report table.")
    response = HttpResponse(table.csv(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{table.csv_name}"'
    return response
