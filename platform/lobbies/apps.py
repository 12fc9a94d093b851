from django.apps import AppConfig

from accounts.signals import account_erasing, data_sections, profile_sections
from play.signals import result_links


class LobbiesConfig(AppConfig):
    name = "lobbies"

    def ready(self) -> None:
        # Receivers use models, which exist only once the registry is ready (the Django idiom).
        from lobbies import personal, receivers, sockets

        sockets.register()
        profile_sections.connect(receivers.profile_games, dispatch_uid="lobbies.profile")
        profile_sections.connect(receivers.table_invitations, dispatch_uid="lobbies.invite")
        result_links.connect(receivers.rematch_link, dispatch_uid="lobbies.rematch")
        data_sections.connect(personal.data_section, dispatch_uid="lobbies.data")
        account_erasing.connect(personal.let_go, dispatch_uid="lobbies.erase")
