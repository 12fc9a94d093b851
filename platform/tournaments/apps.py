from django.apps import AppConfig

from accounts.signals import account_erasing, data_sections
from chat.signals import account_banned
from play.signals import match_finished, matches_finished


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        # Receivers and outbox handlers use models, which exist only once the registry is ready.
        from tournaments import jobs, personal, receivers  # noqa: F401 - jobs: its handlers

        match_finished.connect(receivers.table_result_record, dispatch_uid="tournaments.result")
        matches_finished.connect(receivers.table_results_record, dispatch_uid="tournaments.results")
        account_banned.connect(receivers.banned_disqualify, dispatch_uid="tournaments.banned")
        data_sections.connect(personal.data_section, dispatch_uid="tournaments.data")
        account_erasing.connect(personal.let_go, dispatch_uid="tournaments.erase")
