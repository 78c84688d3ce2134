from django.apps import AppConfig


class SelfserviceConfig(AppConfig):
    """What people do with their own account that reaches into the other apps: finishing a
    sign-up (their earlier enrolments join the account), downloading their data and
    deleting their account. Its endpoints sit under /api/auth/ with the accounts app's."""

    name = "selfservice"
    verbose_name = "Self-service"
