from django.apps import AppConfig
from django.db.models.signals import post_delete

from accounts.signals import account_erasing, data_sections, profile_sections
from chat.signals import account_banned, account_unbanned
from play.signals import match_finished, matches_finished, outcome_notes, rating_explained


class LaddersConfig(AppConfig):
    name = "ladders"

    def ready(self) -> None:
        # Receivers use models, which exist only once the registry is ready (the Django idiom).
        from ladders import personal, receivers

        match_finished.connect(receivers.rate_finished_match, dispatch_uid="ladders.rate")
        matches_finished.connect(receivers.rate_finished_matches, dispatch_uid="ladders.rate_many")
        outcome_notes.connect(receivers.rating_notes, dispatch_uid="ladders.notes")
        rating_explained.connect(receivers.rating_why, dispatch_uid="ladders.why")
        profile_sections.connect(receivers.profile_ratings, dispatch_uid="ladders.profile")
        account_banned.connect(receivers.queue_leave_banned, dispatch_uid="ladders.banned")
        account_unbanned.connect(receivers.relist_unbanned, dispatch_uid="ladders.unbanned")
        data_sections.connect(personal.data_section, dispatch_uid="ladders.data")
        account_erasing.connect(personal.let_go, dispatch_uid="ladders.erase")
        post_delete.connect(
            receivers.rating_deleted, sender="ladders.Rating", dispatch_uid="ladders.unbucket"
        )
