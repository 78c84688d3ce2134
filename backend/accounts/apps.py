from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Login throttling's counters follow every login path's signals (accounts.backends).
        from accounts import backends  # noqa: F401
