from django.apps import AppConfig

from chat.signals import account_banned
from play.signals import match_finished


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        # Receivers and outbox handlers use models, which exist only once the registry is ready.
        from tournaments import jobs, receivers  # noqa: F401 - jobs registers its handlers

        match_finished.connect(receivers.table_result_record, dispatch_uid="tournaments.result")
        account_banned.connect(receivers.banned_disqualify, dispatch_uid="tournaments.banned")
