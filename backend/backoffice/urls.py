"""The back office's own pages beside the models' (config/urls.py mounts them under
/admin/reports/, each behind the admin site's login)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import path

from backoffice import views

app_name = "backoffice"

urlpatterns = [
    path("", admin.site.admin_view(views.reports_page), name="reports"),
    path("<slug:slug>.csv", admin.site.admin_view(views.report_csv), name="report_csv"),
]
