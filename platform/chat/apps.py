from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"

    def ready(self) -> None:
        # The socket handlers reach models, which exist only once the registry is ready.
        from chat import sockets

        sockets.register()
