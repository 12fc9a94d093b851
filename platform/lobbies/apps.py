from django.apps import AppConfig

from accounts.signals import profile_sections


class LobbiesConfig(AppConfig):
    name = "lobbies"

    def ready(self) -> None:
        # Receivers use models, which exist only once the registry is ready (the Django idiom).
        from lobbies import receivers

        profile_sections.connect(receivers.profile_games, dispatch_uid="lobbies.profile")
