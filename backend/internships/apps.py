from django.apps import AppConfig


class InternshipsConfig(AppConfig):
    name = "internships"
    verbose_name = "Internships"
