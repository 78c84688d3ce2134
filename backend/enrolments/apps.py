from __future__ import annotations

from django.apps import AppConfig


class EnrolmentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "enrolments"
    verbose_name = "Enrolments and payments"
