from django.apps import AppConfig

from play.signals import match_finished


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        # Receivers and outbox handlers use models, which exist only once the registry is ready.
        from tournaments import jobs, receivers  # noqa: F401 - jobs registers its handlers

        match_finished.connect(receivers.table_result_record, dispatch_uid="tournaments.result")
