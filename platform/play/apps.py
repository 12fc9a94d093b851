from django.apps import AppConfig

from play.signals import match_changed


class PlayConfig(AppConfig):
    name = "play"

    def ready(self) -> None:
        # Receivers use models, which exist only once the registry is ready (the Django idiom).
        from play import jobs, receivers  # noqa: F401 - jobs registers the outbox handler

        match_changed.connect(receivers.bots_wake, dispatch_uid="play.bots_wake")
