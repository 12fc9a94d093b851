from django.apps import AppConfig

from accounts.signals import account_erasing, data_sections
from play.signals import match_changed


class PlayConfig(AppConfig):
    name = "play"

    def ready(self) -> None:
        # Receivers use models, which exist only once the registry is ready (the Django idiom).
        from play import jobs, personal, receivers  # noqa: F401 - jobs: the outbox handler

        match_changed.connect(receivers.bots_wake, dispatch_uid="play.bots_wake")
        data_sections.connect(personal.data_section, dispatch_uid="play.data")
        account_erasing.connect(personal.let_go, dispatch_uid="play.erase")
