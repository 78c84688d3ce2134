"""The students' class links and calendar feeds (teaching/views.py), at the site's root:
frontend/server/django-prefixes.json sends /classes/ and /calendar/ to Django."""

from __future__ import annotations

from django.urls import path

from teaching import views

urlpatterns = [
    path("classes/<int:class_id>/join", views.class_join, name="class-join"),
    path("calendar/<str:token>.ics", views.calendar_feed, name="calendar-feed"),
]
