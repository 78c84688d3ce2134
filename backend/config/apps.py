"""Third-party apps as the back office names them, with Django's documented way of
renaming an installed app: a subclass of its AppConfig named in INSTALLED_APPS
(https://docs.djangoproject.com/en/5.2/ref/applications/#for-application-users)."""

from __future__ import annotations

from post_office.apps import PostOfficeConfig


class MessagesConfig(PostOfficeConfig):
    """django-post-office's emails: "Messages > Emails" in the back office's breadcrumbs,
    not "Post Office". The app's label (post_office) and its tables stay as they are."""

    verbose_name = "Messages"
