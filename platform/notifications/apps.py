from django.apps import AppConfig

from accounts.signals import account_erasing, data_sections
from play.signals import match_changed, watchdog_passing


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self) -> None:
        # Receivers use models, which exist only once the registry is ready (the Django idiom).
        from anymail.signals import inbound, tracking

        from notifications import jobs, personal, push, receivers, sweep  # noqa: F401 - handlers

        match_changed.connect(receivers.turn_emails_on_change, dispatch_uid="notifications.turn")
        watchdog_passing.connect(receivers.turn_emails_lost, dispatch_uid="notifications.lost")
        inbound.connect(receivers.reply_from_provider, dispatch_uid="notifications.reply")
        tracking.connect(receivers.suppress_on_bounce, dispatch_uid="notifications.bounce")
        data_sections.connect(personal.data_section, dispatch_uid="notifications.data")
        account_erasing.connect(personal.let_go, dispatch_uid="notifications.erase")
