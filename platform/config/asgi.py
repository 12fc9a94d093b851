"""ASGI entry point: HTTP through Django, WebSockets through Channels (one socket per match)."""

import os

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402 - needs Django set up first
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.background import ticks_start  # noqa: E402
from play.consumers import ServerSend  # noqa: E402
from play.routing import websocket_urlpatterns  # noqa: E402

if settings.BACKGROUND_TICKS:
    ticks_start()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": ServerSend(
            AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
    }
)
