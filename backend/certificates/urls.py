"""Included at the site root by config/urls.py, before the single-page app's catch-all.

`path:` rather than `str:` because IDs may contain '/' (sent as %2F, which the server
decodes before matching).
"""

from __future__ import annotations

from django.urls import path

from certificates import views

urlpatterns = [
    path("Certificate/<path:cert_id>.png", views.certificate_png, name="certificate-png"),
    path("Certificate/<path:cert_id>.pdf", views.certificate_pdf, name="certificate-pdf"),
    path("LOR/<path:cert_id>.png", views.letter_png, name="letter-png"),
    path("LOR/<path:cert_id>.pdf", views.letter_pdf, name="letter-pdf"),
]
