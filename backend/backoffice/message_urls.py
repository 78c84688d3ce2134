"""The back office's Message texts (backoffice.message_texts), at the address it has had
under Message preferences; config/urls.py mounts it before the admin's catch-all, behind
the admin site's login."""

from __future__ import annotations

from django.contrib import admin
from django.urls import path

from backoffice import message_texts

app_name = "messagetexts"

urlpatterns = [
    path("", admin.site.admin_view(message_texts.message_texts_page), name="page"),
]
