from __future__ import annotations

from django.apps import AppConfig


class InvoicesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "invoices"
    verbose_name = "Invoices and credit notes (GST)"
