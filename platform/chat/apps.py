from django.apps import AppConfig

from accounts.signals import account_erasing, data_sections


class ChatConfig(AppConfig):
    name = "chat"

    def ready(self) -> None:
        # The socket handlers reach models, which exist only once the registry is ready.
        from chat import personal, sockets

        sockets.register()
        data_sections.connect(personal.data_section, dispatch_uid="chat.data")
        account_erasing.connect(personal.let_go, dispatch_uid="chat.erase")
