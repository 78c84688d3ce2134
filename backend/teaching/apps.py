from django.apps import AppConfig


class TeachingConfig(AppConfig):
    name = "teaching"
    verbose_name = "Teaching"
    default_auto_field = "django.db.models.BigAutoField"
