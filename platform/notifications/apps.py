from django.apps import AppConfig

from play.signals import match_changed


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self) -> None:
        # Receivers use models, which exist only once the registry is ready (the Django idiom).
        from notifications import receivers

        match_changed.connect(receivers.turn_emails_on_change, dispatch_uid="notifications.turn")
