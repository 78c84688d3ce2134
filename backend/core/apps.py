from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from core.permissions import back_office_group_sync

        # Runs once after every migrate (sender limited to this app so it runs once).
        post_migrate.connect(back_office_group_sync, sender=self)
