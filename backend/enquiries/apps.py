from django.apps import AppConfig


class EnquiriesConfig(AppConfig):
    name = "enquiries"
    verbose_name = "Enquiries and outgoing email"
