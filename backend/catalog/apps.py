from django.apps import AppConfig


class CatalogConfig(AppConfig):
    name = "catalog"
    verbose_name = "Catalogue and site content"

    def ready(self) -> None:
        from catalog import signals

        signals.connect()
