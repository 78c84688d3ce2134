from django.apps import AppConfig


class BackofficeConfig(AppConfig):
    """The admin's home (to-do counts, launch checklist) and its navigation. It owns no
    models: it reads the other apps' selectors and links to their admin pages."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "backoffice"
    verbose_name = "Back office"
