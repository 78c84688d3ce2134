from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Event registrations"
    default_auto_field = "django.db.models.BigAutoField"
